import { Client } from 'pg';

/** The first key of every lease's advisory lock ('JOBS'), so leases never meet another lock of the archive. */
const LEASE_NAMESPACE = 0x4a4f4253;

/** How long a job may run before its lease is looked at: covers the moment between fetching and locking. */
export const DEFAULT_LEASE_GRACE_SECONDS = 10;

/**
 * A worker's hold on the jobs it is running: one Postgres session-level advisory lock per job, on one
 * connection of the worker's own. Postgres drops the locks the moment that connection dies, so a job that is
 * active without a lock belongs to a worker that was killed, and `abandoned` finds it in seconds instead of
 * waiting hours for the queue's own expiry (which must stay long: a two-hour transcode is not a dead worker).
 * See docs/architecture.md#background-jobs.
 */
export class JobLeases {
  private client: Client | null = null;

  constructor(
    private readonly url: string,
    private readonly schema: string,
    private readonly graceSeconds = DEFAULT_LEASE_GRACE_SECONDS,
  ) {}

  /** Runs `work` while holding the job's lease. Without a lease the job is not run (it is retried later). */
  async hold<T>(jobId: string, work: () => Promise<T>): Promise<T> {
    const client = await this.connection();
    const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS held', [
      LEASE_NAMESPACE,
      jobId,
    ]);
    if (!rows[0]?.held) throw new Error(`The lease of job ${jobId} is held by another worker`);
    try {
      return await work();
    } finally {
      await this.client
        ?.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LEASE_NAMESPACE, jobId])
        .catch(() => undefined); // a lost connection has released the lock already
    }
  }

  /** Active jobs of these queues whose worker is gone: nobody holds their lease. */
  async abandoned(queueNames: string[]): Promise<{ id: string; name: string }[]> {
    const client = await this.connection();
    const { rows } = await client.query<{ id: string; name: string }>(
      `SELECT job.id, job.name FROM "${this.schema}".job
        WHERE job.state = 'active' AND job.name = ANY($1)
          AND job.started_on < now() - make_interval(secs => $2)
          AND NOT EXISTS (
            SELECT 1 FROM pg_locks lock
             WHERE lock.locktype = 'advisory' AND lock.granted AND lock.objsubid = 2
               AND lock.database = (SELECT oid FROM pg_database WHERE datname = current_database())
               AND lock.classid = $3::int4::oid AND lock.objid = hashtext(job.id::text)::oid)`,
      [queueNames, this.graceSeconds, LEASE_NAMESPACE],
    );
    return rows;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connection(): Promise<Client> {
    if (this.client) return this.client;
    const client = new Client({
      connectionString: this.url,
      application_name: 'family-job-leases',
      connectionTimeoutMillis: 5000,
      query_timeout: 5000,
      keepAlive: true,
    });
    // A broken connection has lost its locks; the next job opens a new one.
    client.on('error', () => {
      if (this.client === client) this.client = null;
    });
    await client.connect();
    this.client = client;
    return client;
  }
}
