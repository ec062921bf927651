import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EXPORT_KEEP_DAYS } from '@family/contract';
import type { JobRun } from '@family/shared/jobs';
import type { ObjectStorage } from '@family/shared/storage';
import {
  derivativeKey,
  EXPORT_TAKEOUT,
  type ExportJobData,
  hasPictures,
  MEDIA_STORAGE,
  type MediaItemEntity,
  MediaWorkerQueue,
  TagRepository,
  type TakeoutSelection,
} from '../../media-kit';
import { FamilyPartJobs } from '../family-part';
import { ExportRepository, type ExportRow } from './export.repository';
import { buildManifest, type TakeoutContent } from './manifest-writer';
import { TakeoutSources } from './takeout-sources';
import { TakeoutItemsRepository } from './takeout-items.repository';
import { takeoutZip } from './takeout-zip';

const PAGE = 1000;
/** Progress is written at most this often: enough for a progress bar, not a write per file. */
const PROGRESS_EVERY_MS = 1000;
const CLEAN_EVERY_MS = 60 * 60_000;
export const EXPORT_FAILED_MESSAGE = 'The export could not be made just now. Try again later.';

/**
 * Writes takeout exports in the media worker (docs/architecture.md "Takeout export"): reads what the export holds
 * (media here, people and albums from profile and albums by internal calls, the family's part written by the family
 * worker as a job), streams the ZIP into storage, and records it ready for EXPORT_KEEP_DAYS. Expired exports are deleted with their ZIP every hour.
 */
@Injectable()
export class ExportWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ExportWorker.name);
  private cleanTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly exports: ExportRepository,
    private readonly tags: TagRepository,
    private readonly takeoutItems: TakeoutItemsRepository,
    private readonly sources: TakeoutSources,
    private readonly familyPart: FamilyPartJobs,
    private readonly jobs: MediaWorkerQueue,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.open.work<ExportJobData>(EXPORT_TAKEOUT, (run) => this.run(run));
    const clean = () => this.removeExpired().catch((error: Error) => this.logger.error(`Expiry: ${error.message}`));
    await clean();
    this.cleanTimer = setInterval(clean, CLEAN_EVERY_MS);
    this.cleanTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.cleanTimer);
  }

  /** Deletes exports past their expiry: the ZIP first, then the row, so a failure half-way is finished next time. */
  async removeExpired(): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.exports.expired(100);
      if (batch.length === 0) return removed;
      for (const row of batch) {
        if (row.objectKey) await this.storage.delete(row.objectKey);
        await this.exports.delete(row.id);
        removed += 1;
      }
    }
  }

  async run({ data, lastAttempt, attempt }: JobRun<ExportJobData>): Promise<void> {
    const row = await this.exports.find(data.exportId);
    if (!row || row.status !== 'running') return; // deleted, or finished by an earlier run
    const started = Date.now();
    try {
      const size = await this.write(row);
      if (size === null) return;
      this.logger.log(`Export ${row.id} (${row.scope}) ready: ${size} bytes in ${Date.now() - started} ms`);
    } catch (error) {
      this.logger.error(`Export ${row.id}, try ${attempt}: ${(error as Error).message}`);
      if (!lastAttempt) throw error;
      await this.exports.markFailed(row.id, EXPORT_FAILED_MESSAGE, EXPORT_KEEP_DAYS);
    } finally {
      await this.familyPart.discard('export', row.id).catch((error: Error) => this.logger.warn(error.message));
    }
  }

  /** The ZIP's size, or null when the export was deleted while it was written (its ZIP is then removed). */
  private async write(row: ExportRow): Promise<number | null> {
    // The family worker writes family.ged and the ties while this worker reads the rest.
    await this.familyPart.startExport(row.id, row.userId, row.scope);
    const content = await this.gather(row);
    const family = await this.familyPart.exportPart(row.id);
    content.archiveId = family.part.archiveId;
    content.xrefs = family.part.xrefs;
    content.partnerships = family.part.partnerships;
    content.childTies = family.part.childTies;
    const manifest = buildManifest(content);
    // From here on the manifest says everything: the rows are let go, so a large export holds one copy.
    const objectKeys = new Map(content.media.flatMap((item) => (item.objectKey ? [[item.id, item.objectKey]] : [])));
    const motionKeys = new Map(
      content.media.flatMap((item) => (item.motionObjectKey ? [[item.id, item.motionObjectKey]] : [])),
    );
    const total = content.media.length;
    content.media = [];

    let lastWrite = 0;
    const progress = (done: number) => {
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      this.exports.progress(row.id, done, total).catch((error: Error) => this.logger.warn(error.message));
    };
    await this.exports.progress(row.id, 0, total);
    const key = `exports/${row.id}.zip`;
    const zip = takeoutZip(
      {
        manifest,
        objectKeys,
        motionKeys,
        gedcom: family.gedcom,
        exportedBy: row.userId,
        exportedAt: content.exportedAt,
      },
      { storage: this.storage, picture: (personId) => this.sources.picture(personId), progress },
    );
    const { size } = await this.storage.put(key, zip, { contentType: 'application/zip' });
    if (await this.exports.markReady(row.id, key, size, EXPORT_KEEP_DAYS)) return size;
    await this.storage.delete(key);
    return null;
  }

  /** Everything the export holds, read in pages and batches before the ZIP starts. */
  private async gather(row: ExportRow): Promise<TakeoutContent> {
    const [people, albums, memories, access] = await Promise.all([
      this.sources.people(),
      this.sources.albumList(row.userId, row.scope),
      this.sources.memories(row.userId, row.scope),
      row.scope === 'family' ? this.sources.albumAccess(row.userId) : Promise.resolve(null),
    ]);
    const selection: TakeoutSelection = {
      userId: row.userId,
      scope: row.scope,
      visibleAlbumIds: access?.visible ?? [],
    };
    const media: MediaItemEntity[] = [];
    const tags = new Map<number, number[]>();
    const thumbnails = new Set<number>();
    let after = 0;
    for (;;) {
      const page = await this.takeoutItems.takeoutPage(selection, after, PAGE);
      if (page.length === 0) break;
      media.push(...page);
      for (const tag of await this.tags.tagsOf(page.map((item) => item.id))) {
        // The item's tags as its card names them: one waiting for an editor's confirmation is not yet one.
        if (!tag.confirmed) continue;
        tags.set(tag.mediaId, [...(tags.get(tag.mediaId) ?? []), tag.userId]);
      }
      // Items whose preparing failed have no thumbnail, but are exported all the same.
      for (const item of page) {
        if (!hasPictures(item) || (item.processing !== 'ready' && !item.thumbnailReady)) continue;
        if (await this.storage.stat(derivativeKey(item.id, 'thumbnail'))) thumbnails.add(item.id);
      }
      after = page[page.length - 1]!.id;
    }
    // `mine` holds one's own profile; `family` everyone's (docs/api.md "Takeout").
    const withPicture = people.filter((person) => person.profilePicture !== null);
    const picturesOf = new Set(
      withPicture.filter((person) => row.scope === 'family' || person.id === row.userId).map((person) => person.id),
    );
    return {
      archiveId: '',
      scope: row.scope,
      exportedBy: row.userId,
      exportedAt: new Date(),
      people,
      picturesOf,
      xrefs: {},
      partnerships: [],
      childTies: [],
      albums,
      media,
      tags,
      thumbnails,
      memories,
    };
  }
}
