import PgBoss from 'pg-boss';
import { JobLeases } from './job-leases';

/** One kind of background job and how it is retried. */
export interface JobKind {
  name: string;
  /** Attempts after the first; waits grow exponentially from retryDelaySeconds. */
  retryLimit: number;
  retryDelaySeconds: number;
}

export interface JobQueueOptions {
  url: string;
  /** The queue's own Postgres schema, beside the owning service's (e.g. media_jobs beside media). */
  schema: string;
  kinds: JobKind[];
  /** Workers run jobs and keep the queue (expiry, archiving, reclaiming); senders only send. */
  role: 'sender' | 'worker';
  /** Seconds between reclaims of jobs whose worker died (workers only). */
  reclaimEverySeconds?: number;
  /** Seconds a job runs before a missing lease counts as a dead worker (tests shorten it). */
  leaseGraceSeconds?: number;
  onError?: (error: Error) => void;
}

export interface JobRun<T> {
  id: string;
  data: T;
  /** 1 for the first try. */
  attempt: number;
  /** No retry follows if this one fails: the handler should record why. */
  lastAttempt: boolean;
}

export type JobState = 'waiting' | 'running' | 'completed' | 'failed';

/** A connection inside a transaction, for a job queued with the change that makes it necessary. */
export interface JobDb {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The queue as the operator's page shows it: counts per kind, and the newest failed jobs with their sentence. */
export interface QueueState {
  kinds: Array<{ kind: string; waiting: number; running: number; failed: number }>;
  failed: Array<{ id: string; kind: string; key: string | null; failedAt: string; message: string }>;
}

const FAILED_SHOWN = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a sender needs from the queue (so services can be tested with the real queue or without jobs). */
export interface JobSender {
  /**
   * Queues a job; with `key`, at most one job per key waits or runs at a time (a second send is dropped). With
   * `db`, in that connection's transaction: the job exists only if the transaction commits.
   */
  send(kind: string, data: object, key?: string, db?: JobDb): Promise<void>;
}

/**
 * Background jobs kept in Postgres (pg-boss), so the embedded run needs no other server and any number of
 * workers on any number of machines share one queue. Jobs survive restarts, retry with exponential backoff,
 * and a job whose worker was killed is taken up again within seconds (JobLeases).
 * See docs/architecture.md#background-jobs.
 */
export class JobQueue implements JobSender {
  private reclaimTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: JobQueueOptions,
    private readonly leases: JobLeases | undefined,
  ) {}

  static async open(options: JobQueueOptions): Promise<JobQueue> {
    const worker = options.role === 'worker';
    const boss = new PgBoss({
      connectionString: options.url,
      schema: options.schema,
      application_name: `family-jobs-${options.role}`,
      max: worker ? 4 : 2,
      supervise: worker,
      schedule: false,
      migrate: true,
      // A killed worker is found by its missing lease; the queue's own expiry is only the last resort.
      expireInHours: 12,
      retentionDays: 7,
      deleteAfterDays: 7,
      maintenanceIntervalSeconds: 60,
      ...({ connectionTimeoutMillis: 5000, keepAlive: true } as object),
    });
    boss.on('error', (error) => options.onError?.(error));
    await boss.start();
    for (const kind of options.kinds) {
      const settings = {
        name: kind.name,
        // One waiting and one running job per key (an item, an import): repeats collapse.
        policy: 'stately' as const,
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        retryBackoff: true,
      };
      await boss.createQueue(kind.name, settings);
      await boss.updateQueue(kind.name, settings);
    }
    const queue = new JobQueue(
      boss,
      options,
      worker ? new JobLeases(options.url, options.schema, options.leaseGraceSeconds) : undefined,
    );
    if (worker) queue.startReclaiming(options.reclaimEverySeconds ?? 10);
    return queue;
  }

  async send(kind: string, data: object, key?: string, db?: JobDb): Promise<void> {
    // pg-boss lets a job wait while another of its key runs, but cannot then start it: its fetch takes the oldest
    // waiting job, fails on the one-running-per-key index and returns nothing, so every job queued behind it
    // waits too until the running one ends. So a key that is waiting or running takes no second job.
    if (key && (await this.hasUnfinished(kind, key))) return;
    await this.boss.send(kind, data, { ...(key ? { singletonKey: key } : {}), ...(db ? { db } : {}) });
  }

  /** Queues many keyed jobs in two statements (a backfill); keys waiting or running are left out, as in `send`. */
  async sendMany(kind: string, jobs: Array<{ data: object; key: string }>): Promise<number> {
    if (jobs.length === 0) return 0;
    const busy = await this.unfinishedKeys(
      kind,
      jobs.map((job) => job.key),
    );
    const fresh = jobs.filter((job) => !busy.has(job.key));
    if (fresh.length > 0) {
      await this.boss.insert(fresh.map((job) => ({ name: kind, data: job.data, singletonKey: job.key })));
    }
    return fresh.length;
  }

  private async hasUnfinished(kind: string, key: string): Promise<boolean> {
    return (await this.unfinishedKeys(kind, [key])).size > 0;
  }

  private async unfinishedKeys(kind: string, keys: string[]): Promise<Set<string>> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT DISTINCT singleton_key AS key FROM "${this.options.schema}".job
          WHERE name = $1 AND singleton_key = ANY($2::text[]) AND state < 'completed'`,
      [kind, keys],
    );
    return new Set(rows.map((row: { key: string }) => row.key));
  }

  /** Runs `handler` for each job of `kind`, `concurrency` at a time in this process. Throwing retries the job. */
  async work<T extends object>(
    kind: string,
    handler: (run: JobRun<T>) => Promise<void>,
    concurrency = 1,
  ): Promise<void> {
    const leases = this.leases;
    if (!leases) throw new Error('Only a worker queue runs jobs');
    for (let i = 0; i < concurrency; i += 1) {
      // The handler may run before `work` has answered with the worker's id: it is filled in afterwards.
      const worker = { id: '' };
      worker.id = await this.boss.work<T>(
        kind,
        { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          try {
            await leases.hold(job.id, () =>
              handler({
                id: job.id,
                data: job.data,
                attempt: job.retryCount + 1,
                lastAttempt: job.retryCount >= job.retryLimit,
              }),
            );
          } finally {
            // pg-boss waits out the polling interval after every job, which would cap a worker at one job a
            // second: after a job, look for the next one at once (an empty queue still waits the interval).
            if (worker.id) this.boss.notifyWorker(worker.id);
          }
        },
      );
    }
  }

  /** Fails (and so retries, while retries are left) the active jobs whose worker has died. */
  async reclaimAbandoned(): Promise<number> {
    if (!this.leases) return 0;
    const jobs = await this.leases.abandoned(this.options.kinds.map((kind) => kind.name));
    for (const job of jobs) {
      await this.boss.fail(job.name, job.id, { message: 'The worker stopped while doing this job' });
    }
    return jobs.length;
  }

  /**
   * Where the newest job of `key` is: waiting (also between retries), running, completed, failed (retries spent
   * or cancelled), or null when none was sent. Another process waits on a job it queued this way.
   */
  async latestState(kind: string, key: string): Promise<JobState | null> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT state FROM "${this.options.schema}".job WHERE name = $1 AND singleton_key = $2
          ORDER BY created_on DESC LIMIT 1`,
      [kind, key],
    );
    const state = (rows[0] as { state: string } | undefined)?.state;
    if (state === undefined) return null;
    if (state === 'created' || state === 'retry') return 'waiting';
    if (state === 'active') return 'running';
    return state === 'completed' ? 'completed' : 'failed';
  }

  /**
   * Counts per kind (one grouped query) and the newest failed jobs; failed jobs are kept for `deleteAfterDays`
   * (docs/architecture.md "Operator's page").
   */
  async state(): Promise<QueueState> {
    const db = this.boss.getDb();
    const kinds = this.options.kinds.map((kind) => kind.name);
    const counts = await db.executeSql(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
              count(*) FILTER (WHERE state = 'active')::int AS running,
              count(*) FILTER (WHERE state = 'failed')::int AS failed
         FROM "${this.options.schema}".job
        WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active', 'failed')
        GROUP BY name`,
      [kinds],
    );
    const byKind = new Map(
      (counts.rows as Array<{ name: string; waiting: number; running: number; failed: number }>).map((row) => [
        row.name,
        row,
      ]),
    );
    const failed = await db.executeSql(
      `SELECT id, name, singleton_key, completed_on, output FROM "${this.options.schema}".job
        WHERE name = ANY($1::text[]) AND state = 'failed'
        ORDER BY completed_on DESC NULLS LAST LIMIT ${FAILED_SHOWN}`,
      [kinds],
    );
    return {
      kinds: kinds.map((kind) => ({
        kind,
        waiting: byKind.get(kind)?.waiting ?? 0,
        running: byKind.get(kind)?.running ?? 0,
        failed: byKind.get(kind)?.failed ?? 0,
      })),
      failed: (
        failed.rows as Array<{
          id: string;
          name: string;
          singleton_key: string | null;
          completed_on: Date | null;
          output: { message?: unknown } | null;
        }>
      ).map((row) => ({
        id: row.id,
        kind: row.name,
        key: row.singleton_key,
        failedAt: (row.completed_on ?? new Date(0)).toISOString(),
        message: typeof row.output?.message === 'string' ? row.output.message : 'The job failed without a reason.',
      })),
    };
  }

  /**
   * Runs a failed job again: 'retried', 'missing' (no failed job of that id), or 'waiting' (another job of its key
   * waits or runs already, which does the same work).
   */
  async retry(id: string): Promise<'retried' | 'missing' | 'waiting'> {
    if (!UUID.test(id)) return 'missing';
    const { rows } = await this.boss
      .getDb()
      .executeSql(`SELECT name, singleton_key FROM "${this.options.schema}".job WHERE id = $1 AND state = 'failed'`, [
        id,
      ]);
    const job = rows[0] as { name: string; singleton_key: string | null } | undefined;
    if (!job) return 'missing';
    if (job.singleton_key && (await this.hasUnfinished(job.name, job.singleton_key))) return 'waiting';
    await this.boss.retry(job.name, id);
    return 'retried';
  }

  /** Counts of this kind's jobs waiting and running (for health and tests). */
  async size(kind: string): Promise<number> {
    return this.boss.getQueueSize(kind);
  }

  /** Stops taking jobs; those under way get `graceSeconds` to finish, what is cut off a later worker reclaims. */
  async close(graceSeconds = 20): Promise<void> {
    clearInterval(this.reclaimTimer);
    await this.boss.stop({ graceful: graceSeconds > 0, wait: true, timeout: Math.max(graceSeconds, 1) * 1000 });
    await this.leases?.close();
  }

  private startReclaiming(everySeconds: number): void {
    const reclaim = () => this.reclaimAbandoned().catch((error: Error) => this.options.onError?.(error));
    void reclaim();
    this.reclaimTimer = setInterval(reclaim, everySeconds * 1000);
    this.reclaimTimer.unref();
  }
}
