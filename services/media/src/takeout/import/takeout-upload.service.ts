import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { ImportJob } from '@family/contract';
import type { Identity } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import { receiveToTempFile, removeLeftTempFolders } from '@family/shared/uploads';
import { looksLikeZip, openCheckedZip, ZipRefusedError } from '@family/shared/zip';
import { MEDIA_CONFIG, MEDIA_STORAGE, type MediaConfig, MediaJobs } from '../../media-kit';
import { importKey, TAKEOUT_TEMP_PREFIX } from './import-files';
import { TakeoutImportRepository } from './takeout-import.repository';
import { readManifest, takeoutZipLimits } from './manifest-reader';

export const NOT_A_ZIP = 'This file is not a ZIP: choose the .zip file that "Download everything" made.';
const NOT_MULTIPART = 'Please send the export as a form with a file (multipart/form-data).';
const NO_FILE = 'Please choose the .zip file of an export.';
const NOT_FOUND = 'This import was not found.';

export const tooLargeImport = (megabytes: number) =>
  `An export to import must be under ${megabytes >= 1024 ? `${Math.round(megabytes / 1024)} GB` : `${megabytes} MB`}.`;

/**
 * POST /api/imports (docs/api.md "Import of an export"): the ZIP is received whole to a temporary file, its
 * entries checked (a bomb, a path out of the ZIP, a damaged ZIP: 400) and its archive.json read (not an export:
 * 400) before anything is kept; then it is stored, recorded and queued for the media worker.
 */
@Injectable()
export class TakeoutUploadService implements OnApplicationBootstrap {
  private readonly logger = new Logger(TakeoutUploadService.name);

  constructor(
    private readonly imports: TakeoutImportRepository,
    private readonly jobs: MediaJobs,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
  ) {}

  /** What uploads cut off by a killed service left (a ZIP's partial copy) goes at start. */
  async onApplicationBootstrap(): Promise<void> {
    await removeLeftTempFolders(TAKEOUT_TEMP_PREFIX);
  }

  async upload(user: Identity, req: IncomingMessage): Promise<ImportJob> {
    const maxBytes = this.config.MAX_IMPORT_MB * 1024 * 1024;
    const received = await receiveToTempFile(req, {
      prefix: TAKEOUT_TEMP_PREFIX,
      maxBytes,
      tooLargeMessage: tooLargeImport(this.config.MAX_IMPORT_MB),
      notMultipartMessage: NOT_MULTIPART,
      noFileMessage: NO_FILE,
      inspect: (head) => {
        if (!looksLikeZip(head)) throw new UnsupportedMediaTypeException(NOT_A_ZIP);
        return true;
      },
    });
    try {
      try {
        const zip = await openCheckedZip(received.path, takeoutZipLimits(maxBytes * 4));
        try {
          await readManifest(zip);
        } finally {
          zip.close();
        }
      } catch (error) {
        if (error instanceof ZipRefusedError) throw new BadRequestException(error.message);
        throw error;
      }
      const key = importKey(randomUUID());
      await this.storage.put(key, createReadStream(received.path));
      let job: ImportJob | null = null;
      try {
        job = await this.imports.create(user.id, received.fileName, key);
        await this.jobs.importTakeout(job.id);
        return job;
      } catch (error) {
        if (job) await this.imports.delete(job.id).catch(() => undefined);
        await this.storage.delete(key).catch((e: unknown) => this.logger.error(String(e)));
        throw error;
      }
    } finally {
      await received.discard();
    }
  }

  async job(user: Identity, id: number): Promise<ImportJob> {
    const job = await this.imports.jobOf(user.id, id);
    if (!job) throw new NotFoundException(NOT_FOUND);
    return job;
  }

  recent(user: Identity): Promise<ImportJob[]> {
    return this.imports.recent(user.id, 20);
  }
}
