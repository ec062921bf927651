import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger, NotFoundException, type OnApplicationBootstrap } from '@nestjs/common';
import type { GedcomImportStatus } from '@family/contract';
import type { Identity } from '@family/shared';
import type { JobSender } from '@family/shared/jobs';
import type { ObjectStorage } from '@family/shared/storage';
import { removeLeftTempFolders } from '@family/shared/uploads';
import { GedcomImportRepository } from './import.repository';
import { FAMILY_JOBS, GEDCOM_IMPORT, GEDCOM_STORAGE, GEDCOM_TEMP_PREFIX } from './jobs';
import { checkGedcom, fileStream, openPackage, receiveGedcom } from './upload';

const NOT_FOUND = 'This import was not found.';

/**
 * POST /api/family/gedcom: the upload is checked whole before anything is kept (not GEDCOM: 415; malformed,
 * a ZIP bomb, a path out of the ZIP: 400), then stored, recorded and queued; the worker does the rest. Every
 * import, small or large, takes that same path (docs/architecture.md#gedcom-import-and-export).
 */
@Injectable()
export class GedcomUploadService implements OnApplicationBootstrap {
  private readonly logger = new Logger(GedcomUploadService.name);

  constructor(
    private readonly imports: GedcomImportRepository,
    @Inject(FAMILY_JOBS) private readonly jobs: JobSender,
    @Inject(GEDCOM_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Uploads' copies a killed family service left go at start (the worker's importer clears its own). */
  async onApplicationBootstrap(): Promise<void> {
    await removeLeftTempFolders(GEDCOM_TEMP_PREFIX);
  }

  async upload(user: Identity, req: IncomingMessage): Promise<GedcomImportStatus> {
    const received = await receiveGedcom(req);
    try {
      const pkg = await openPackage(received.path, received.packaging, received.fileName);
      try {
        await checkGedcom(pkg);
      } finally {
        pkg.close();
      }
      const key = `gedcom/${randomUUID()}`;
      await this.storage.put(key, fileStream(received.path));
      let status: GedcomImportStatus | null = null;
      try {
        status = await this.imports.create(user.id, received.fileName, key, received.packaging);
        await this.jobs.send(GEDCOM_IMPORT.name, { importId: status.id }, String(status.id));
        return status;
      } catch (error) {
        if (status) await this.imports.delete(status.id).catch(() => undefined);
        await this.storage.delete(key).catch((e: unknown) => this.logger.error(String(e)));
        throw error;
      }
    } finally {
      await received.discard();
    }
  }

  /** An import's progress and report, for the member who started it. */
  async status(user: Identity, id: number): Promise<GedcomImportStatus> {
    const record = await this.imports.record(id);
    if (!record || record.createdBy !== user.id) throw new NotFoundException(NOT_FOUND);
    return (await this.imports.status(id))!;
  }

  recent(user: Identity): Promise<GedcomImportStatus[]> {
    return this.imports.recent(user.id, 10);
  }
}
