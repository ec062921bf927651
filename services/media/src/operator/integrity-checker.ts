import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { JobRun } from '@family/shared/jobs';
import type { ObjectStorage } from '@family/shared/storage';
import { hasPictures } from '../dtos/media.dto';
import { ProcessingRepository } from '../repositories/processing.repository';
import { INTEGRITY_CHECK, type IntegrityCheckJob } from '../services/media-jobs';
import { derivativeKey, type Derivative } from '../services/object-keys';
import { MEDIA_STORAGE } from '../services/storage.provider';
import { MediaWorkerQueue } from '../worker/worker-queue';
import { IntegrityRepository, type ItemFiles, type NewFinding } from './integrity.repository';

/** Items read per page, and files looked at at once: memory stays flat however large the archive. */
const PAGE = 500;
const AT_ONCE = 8;
const LISTED_PAGE = 1000;
/** The weekly check: each worker looks every hour whether a week has passed since the last one was asked for. */
export const INTEGRITY_EVERY_DAYS = 7;
const LOOK_EVERY_MS = 60 * 60_000;
/** Where media keeps originals and what the worker makes of them; other prefixes (exports, pictures) are not items. */
const ORIGINALS_PREFIX = 'media/';
const DERIVED_PREFIX = 'derived/';

/** One file an item should have. */
interface ExpectedFile {
  key: string;
  part: string;
  size?: number | null;
  sha256?: string | null;
}

/**
 * Checks every stored file against the database (docs/architecture.md "Integrity"): each item's original (and a
 * Live Photo's MOV) is there with the size recorded at upload (and, in a deep run, the sha256 recorded at upload);
 * each ready item's derivatives are there, missing ones made again by the prepare job; and every stored original
 * or derivative belongs to an item. Findings name the item; nothing is deleted.
 */
@Injectable()
export class IntegrityChecker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IntegrityChecker.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly reports: IntegrityRepository,
    private readonly processing: ProcessingRepository,
    private readonly jobs: MediaWorkerQueue,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.jobs.open;
    await queue.work<IntegrityCheckJob>(INTEGRITY_CHECK.name, (run) => this.runJob(run));
    const look = () =>
      void this.queueWeekly().catch((error: Error) => this.logger.error(`Integrity: ${error.message}`));
    look();
    this.timer = setInterval(look, LOOK_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** A week after the last check was asked for (or at the first start), a plain check. */
  async queueWeekly(now = new Date()): Promise<void> {
    const last = await this.reports.newestCreatedAt();
    if (last && now.getTime() - last.getTime() < INTEGRITY_EVERY_DAYS * 86_400_000) return;
    const id = await this.reports.create(false, null);
    if (id !== null) await this.jobs.open.send(INTEGRITY_CHECK.name, { reportId: id }, 'integrity');
  }

  private async runJob({ data, lastAttempt }: JobRun<IntegrityCheckJob>): Promise<void> {
    try {
      await this.check(data.reportId);
    } catch (error) {
      const message = (error as Error).message;
      this.logger.error(`Integrity check ${data.reportId}: ${message}`);
      if (lastAttempt) {
        await this.reports.finish(data.reportId, 'failed', `The check stopped: ${message}. Run it again.`);
        return;
      }
      throw error;
    }
  }

  /** Runs the report's check from the start (a try cut off starts over). */
  async check(reportId: number): Promise<void> {
    const report = await this.reports.start(reportId);
    if (!report) return;
    const started = Date.now();
    let items = 0;
    let files = 0;
    for (let after = 0; ;) {
      const page = await this.reports.itemsAfter(after, PAGE);
      if (page.length === 0) break;
      const findings: NewFinding[] = [];
      const remake: ItemFiles[] = [];
      await inTurns(page, AT_ONCE, async (item) => {
        const result = await this.checkItem(item, report.deep);
        files += result.files;
        findings.push(...result.findings);
        if (result.remake) remake.push(item);
      });
      await this.remake(remake);
      await this.reports.addFindings(reportId, findings);
      items += page.length;
      after = page.at(-1)!.id;
      await this.reports.progress(reportId, items, files);
    }
    files += await this.findOrphans(reportId);
    await this.reports.progress(reportId, items, files);
    await this.reports.finish(reportId, 'done');
    this.logger.log(`Integrity check ${reportId}: ${items} items, ${files} files in ${Date.now() - started} ms`);
  }

  private async checkItem(
    item: ItemFiles,
    deep: boolean,
  ): Promise<{ files: number; findings: NewFinding[]; remake: boolean }> {
    const findings: NewFinding[] = [];
    const finding = (problem: NewFinding['problem'], key: string, detail: string): NewFinding => ({
      problem,
      mediaId: item.id,
      title: item.title,
      userId: item.userId,
      objectKey: key,
      detail,
    });
    const originals: ExpectedFile[] = [
      { key: item.objectKey, part: 'original', size: item.fileSize, sha256: item.sha256 },
    ];
    if (item.motionObjectKey) {
      originals.push({
        key: item.motionObjectKey,
        part: 'motion original',
        size: item.motionFileSize,
        sha256: item.motionSha256,
      });
    }
    for (const file of originals) {
      const stored = await this.storage.stat(file.key);
      if (!stored) {
        findings.push(finding('missing', file.key, `The ${file.part} is missing from storage.`));
      } else if (file.size !== null && file.size !== undefined && stored.size !== file.size) {
        findings.push(
          finding('size', file.key, `The ${file.part} has ${stored.size} bytes; ${file.size} were uploaded.`),
        );
      } else if (deep && file.sha256 && (await this.sha256Of(file.key)) !== file.sha256) {
        findings.push(
          finding('sha256', file.key, `The ${file.part}'s bytes changed: its sha256 is not the uploaded one.`),
        );
      }
    }
    const derived = this.expectedDerivatives(item);
    const missing: string[] = [];
    for (const key of derived) if (!(await this.storage.stat(key))) missing.push(key);
    for (const key of missing) {
      findings.push(finding('remade', key, `The ${key.split('/').pop()} was missing; it is being made again.`));
    }
    return { files: originals.length + derived.length, findings, remake: missing.length > 0 };
  }

  /** What the worker made of a ready item (docs/architecture.md "Media worker", Keys). */
  private expectedDerivatives(item: ItemFiles): string[] {
    if (item.processing !== 'ready') return [];
    const made: Derivative[] = [];
    if (hasPictures({ type: item.type as 'photo', objectKey: item.objectKey })) made.push('thumbnail', 'preview');
    if (item.playbackType) made.push(item.type === 'audio' ? 'playback-audio' : 'playback-video');
    if (item.motionType) made.push('motion');
    return made.map((derivative) => derivativeKey(item.id, derivative));
  }

  /** Missing derivatives are made again by the prepare job, as a reprocess does. */
  private async remake(items: ItemFiles[]): Promise<void> {
    for (const item of items) {
      if (await this.processing.markPending(item.id)) {
        await this.jobs.prepare({ id: item.id, type: item.type as 'photo', objectKey: item.objectKey });
      }
    }
  }

  private async sha256Of(key: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of await this.storage.get(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  /** Stored originals and derivatives that no item names, a listed page at a time. Answers the files looked at. */
  private async findOrphans(reportId: number): Promise<number> {
    let seen = 0;
    const originals = async (keys: string[]) => {
      const unnamed = await this.reports.unnamedKeys(keys);
      await this.reports.addFindings(
        reportId,
        unnamed.map((key) => orphan(key, 'No item names this stored file.')),
      );
    };
    const derivatives = async (keys: string[]) => {
      const ids = [...new Set(keys.map(derivedItemId).filter((id): id is number => id !== null))];
      const gone = await this.reports.missingItems(ids);
      const found = keys.filter((key) => {
        const id = derivedItemId(key);
        return id === null || gone.has(id);
      });
      await this.reports.addFindings(
        reportId,
        found.map((key) => orphan(key, 'This derivative belongs to no item.')),
      );
    };
    for (const [prefix, judge] of [
      [ORIGINALS_PREFIX, originals],
      [DERIVED_PREFIX, derivatives],
    ] as const) {
      let page: string[] = [];
      for await (const { key } of this.storage.list(prefix)) {
        page.push(key);
        seen += 1;
        if (page.length === LISTED_PAGE) {
          await judge(page);
          page = [];
        }
      }
      if (page.length > 0) await judge(page);
    }
    return seen;
  }
}

function orphan(key: string, detail: string): NewFinding {
  return { problem: 'orphan', mediaId: null, title: null, userId: null, objectKey: key, detail };
}

/** `derived/<id>/...` → id; null for a key of another shape. */
function derivedItemId(key: string): number | null {
  const match = /^derived\/(\d{1,10})\//.exec(key);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** Runs `work` on every entry, `atOnce` at a time. */
async function inTurns<T>(entries: T[], atOnce: number, work: (entry: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < entries.length) {
      const entry = entries[next++]!;
      await work(entry);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, entries.length) }, lane));
}
