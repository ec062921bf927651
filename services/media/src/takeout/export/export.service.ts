import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ExportJob, ExportScope } from '@family/contract';
import type { FileToSend, Identity } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import { MEDIA_STORAGE, MediaJobs } from '../../media-kit';
import { mapExport } from './export.dto';
import { ExportRepository, type ExportRow, ExportRunningError } from './export.repository';

export const EXPORT_NOT_FOUND = "This export doesn't exist or has expired.";
export const EXPORT_RUNNING =
  'An export of yours is already being made. Wait for it to finish (or delete it) before starting another.';
export const EXPORT_NOT_READY = 'This export is still being made. Download it once it is ready.';
const EXPORT_FAILED = 'This export failed, so there is nothing to download. Start a new one.';
/** A member has only a few exports at a time: they expire after EXPORT_KEEP_DAYS. */
const LIST_LIMIT = 100;

/**
 * Takeout exports (docs/api.md "Takeout"): a member asks for one, the media worker writes the ZIP, the member
 * downloads it. Only the member who asked sees an export; anyone else gets 404 (docs/rights.md "Takeout").
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly exports: ExportRepository,
    private readonly jobs: MediaJobs,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async create(user: Identity, scope: ExportScope): Promise<ExportJob> {
    let row: ExportRow;
    try {
      row = await this.exports.create(user.id, scope);
    } catch (error) {
      if (error instanceof ExportRunningError) throw new ConflictException(EXPORT_RUNNING);
      throw error;
    }
    try {
      await this.jobs.export(row.id);
    } catch (error) {
      await this.exports.delete(row.id);
      throw error;
    }
    return mapExport(row);
  }

  async list(user: Identity): Promise<ExportJob[]> {
    return (await this.exports.listOf(user.id, LIST_LIMIT)).map(mapExport);
  }

  async get(user: Identity, id: number): Promise<ExportJob> {
    return mapExport(await this.own(user, id));
  }

  async download(user: Identity, id: number): Promise<FileToSend> {
    const row = await this.own(user, id);
    if (row.status === 'running') throw new ConflictException(EXPORT_NOT_READY);
    if (row.status === 'failed' || !row.objectKey || row.sizeBytes === null) {
      throw new ConflictException(EXPORT_FAILED);
    }
    const day = new Date(row.createdAt).toISOString().slice(0, 10);
    const name = `Family archive ${row.scope === 'mine' ? 'my things' : 'everything'} ${day}.zip`;
    return {
      storage: this.storage,
      key: row.objectKey,
      size: row.sizeBytes,
      // The ZIP never changes under its id.
      etag: `"export-${row.id}-${row.sizeBytes}"`,
      contentType: 'application/zip',
      cacheControl: 'private, no-cache',
      contentDisposition: `attachment; filename="${name.replace(/ /g, '-')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    };
  }

  /** Deletes the ZIP first, then the row, so a retry finishes what a failure left (docs/conventions.md). */
  async remove(user: Identity, id: number): Promise<void> {
    const row = await this.own(user, id);
    if (row.objectKey) await this.storage.delete(row.objectKey);
    await this.exports.delete(row.id);
  }

  private async own(user: Identity, id: number): Promise<ExportRow> {
    const row = await this.exports.find(id);
    if (!row || row.userId !== user.id) throw new NotFoundException(EXPORT_NOT_FOUND);
    return row;
  }
}
