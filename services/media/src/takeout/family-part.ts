import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { HttpException, Inject, Injectable, Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import {
  type ExportScope,
  TAKEOUT_FAMILY_EXPORT,
  TAKEOUT_FAMILY_IMPORT,
  TAKEOUT_FAMILY_QUEUE,
  type TakeoutFamilyExportJob,
  type TakeoutFamilyImportJob,
  type TakeoutFamilyPart,
  type TakeoutFamilyPeople,
  takeoutFamilyFolder,
} from '@family/contract';
import { JobQueue } from '@family/shared/jobs';
import type { ObjectStorage } from '@family/shared/storage';
import { MEDIA_STORAGE, type MediaWorkerConfig } from '../media-kit';

/** The family service's queue, opened by the media worker as a sender of a takeout's family part. */
export const FAMILY_QUEUE = Symbol('FAMILY_QUEUE');

export function familyQueueProvider(config: MediaWorkerConfig): Provider {
  const logger = new Logger('FamilyQueue');
  return {
    provide: FAMILY_QUEUE,
    useFactory: () =>
      JobQueue.open({
        url: config.DATABASE_URL,
        schema: TAKEOUT_FAMILY_QUEUE,
        kinds: [TAKEOUT_FAMILY_EXPORT, TAKEOUT_FAMILY_IMPORT],
        role: 'sender',
        onError: (error) => logger.error(`Family job queue: ${error.message}`),
      }),
  };
}

/** How often the job's state is read while waiting, and how long a job may wait and run at most. */
const POLL_MS = 250;
const WAIT_LIMIT_MS = 30 * 60_000;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A takeout's family part (docs/architecture.md "Takeout export", "Takeout import"): jobs of the family worker,
 * queued in family's queue, never a call. Each job's files are in the object storage both share
 * (`takeoutFamilyFolder`); the media worker waits on the job's state in the queue, then reads them. A family job
 * that fails for good fails the try that waits on it, which is retried as any other failure of that try.
 */
@Injectable()
export class FamilyPartJobs implements OnApplicationShutdown {
  constructor(
    @Inject(FAMILY_QUEUE) private readonly queue: JobQueue,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close(0);
  }

  /** Queues an export's family part, so the family worker writes it while this worker reads the rest. */
  async startExport(exportId: number, userId: number, scope: ExportScope): Promise<void> {
    const job: TakeoutFamilyExportJob = { exportId, userId, scope };
    await this.queue.send(TAKEOUT_FAMILY_EXPORT.name, job, takeoutFamilyFolder('export', exportId));
  }

  /** An export's family.ged and the ties and records archive.json names, once the family worker wrote them. */
  async exportPart(exportId: number): Promise<{ gedcom: Buffer; part: TakeoutFamilyPart }> {
    const folder = takeoutFamilyFolder('export', exportId);
    await this.waitFor(TAKEOUT_FAMILY_EXPORT.name, folder);
    const gedcom = await bytesOf(await this.storage.get(`${folder}/family.ged`));
    const part = JSON.parse((await bytesOf(await this.storage.get(`${folder}/family.json`))).toString('utf8'));
    return { gedcom, part: part as TakeoutFamilyPart };
  }

  /**
   * The people of an import's family.ged (the file at `path`), imported by the family worker: which person each
   * record (`I1`) is here. `known`: records that are members here already. A tree the family service refuses
   * (malformed, over a cap) fails the import with its sentence, saying whose tree it was.
   */
  async importPeople(
    importId: number,
    createdBy: number,
    path: string,
    known: Map<string, number>,
  ): Promise<Map<string, number>> {
    const folder = takeoutFamilyFolder('import', importId);
    await this.storage.put(`${folder}/family.ged`, createReadStream(path), { contentType: 'text/plain' });
    const job: TakeoutFamilyImportJob = { importId, createdBy, known: Object.fromEntries(known) };
    await this.queue.send(TAKEOUT_FAMILY_IMPORT.name, job, folder);
    await this.waitFor(TAKEOUT_FAMILY_IMPORT.name, folder);
    const answer = JSON.parse(
      (await bytesOf(await this.storage.get(`${folder}/people.json`))).toString('utf8'),
    ) as TakeoutFamilyPeople;
    if ('refused' in answer) {
      throw new HttpException(
        { message: `The family tree of the export was refused: ${answer.refused.message}` },
        answer.refused.status,
      );
    }
    return new Map(Object.entries(answer.people));
  }

  /** Removes what an export's or import's family part left in storage (once its ZIP is written or it ended). */
  async discard(kind: 'export' | 'import', id: number): Promise<void> {
    const folder = takeoutFamilyFolder(kind, id);
    for (const name of ['family.ged', 'family.json', 'people.json']) await this.storage.delete(`${folder}/${name}`);
  }

  /**
   * Waits until the newest job of the key has ended (a send while one of the key waits or runs adds none, so a
   * retry waits on the job an earlier try queued).
   */
  private async waitFor(kind: string, key: string): Promise<void> {
    const until = Date.now() + WAIT_LIMIT_MS;
    for (;;) {
      const state = await this.queue.latestState(kind, key);
      if (state === 'completed') return;
      if (state === 'failed' || state === null) throw new Error(`The family worker's ${kind} job failed`);
      if (Date.now() > until) throw new Error(`The family worker's ${kind} job did not end within 30 minutes`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
