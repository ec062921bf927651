import { Client } from 'pg';
import { JobQueue, type JobRun } from '@family/shared/jobs';
import { testDatabaseUrl } from '@family/shared/testing';

// The job queue on the real Postgres: runs, retries with what the handler needs to know, collapses repeats,
// and takes up again a job whose worker died (its lease connection gone).
const schema = 'test_jobs';
const kinds = [
  { name: 'greet', retryLimit: 0, retryDelaySeconds: 1 },
  { name: 'flaky', retryLimit: 2, retryDelaySeconds: 1 },
  { name: 'slow', retryLimit: 1, retryDelaySeconds: 1 },
  { name: 'busy', retryLimit: 0, retryDelaySeconds: 1 },
  { name: 'quick', retryLimit: 0, retryDelaySeconds: 1 },
  { name: 'awaited', retryLimit: 0, retryDelaySeconds: 1 },
];

const open: JobQueue[] = [];
async function queue(role: 'sender' | 'worker'): Promise<JobQueue> {
  const opened = await JobQueue.open({
    url: testDatabaseUrl(),
    schema,
    kinds,
    role,
    reclaimEverySeconds: 1,
    leaseGraceSeconds: 1,
  });
  open.push(opened);
  return opened;
}

async function waitFor<T>(check: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The "dead" worker's job is let go at the end, so its process-side loop can stop with the test.
let releaseDoomed: () => void = () => undefined;

afterAll(async () => {
  releaseDoomed();
  for (const queue of open) await queue.close(0).catch(() => undefined);
});

test('a job sent by a sender is run once by a worker, with its data', async () => {
  const sender = await queue('sender');
  const worker = await queue('worker');
  const runs: JobRun<{ name: string }>[] = [];
  await worker.work<{ name: string }>('greet', async (run) => {
    runs.push(run);
  });
  await sender.send('greet', { name: 'Grandma' });
  const [run] = await waitFor(() => (runs.length ? runs : undefined), 'the job to run');
  expect(run.data).toEqual({ name: 'Grandma' });
  expect(run.attempt).toBe(1);
  expect(run.lastAttempt).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(runs).toHaveLength(1);
});

test('another process waits on a keyed job by its state: waiting, running, completed, then failed when sent again', async () => {
  const sender = await queue('sender');
  expect(await sender.latestState('awaited', 'part-1')).toBeNull();
  await sender.send('awaited', { fail: false }, 'part-1');
  expect(await sender.latestState('awaited', 'part-1')).toBe('waiting');
  const worker = await queue('worker');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await worker.work<{ fail: boolean }>('awaited', async ({ data }) => {
    await held;
    if (data.fail) throw new Error('the tree is away');
  });
  const stateBecomes = async (state: string) => {
    const until = Date.now() + 20_000;
    while ((await sender.latestState('awaited', 'part-1')) !== state) {
      if (Date.now() > until) throw new Error(`The job never became ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await stateBecomes('running');
  release();
  await stateBecomes('completed');
  // A second job of the key, sent once the first ended, is the one its state tells of.
  await sender.send('awaited', { fail: true }, 'part-1');
  await stateBecomes('failed');
  expect(await sender.latestState('awaited', 'part-2')).toBeNull();
});

test('a failing job is tried again with backoff, and the last try says so', async () => {
  const worker = await queue('worker');
  const attempts: { attempt: number; lastAttempt: boolean; at: number }[] = [];
  await worker.work('flaky', async ({ attempt, lastAttempt }) => {
    attempts.push({ attempt, lastAttempt, at: Date.now() });
    if (!lastAttempt) throw new Error('storage is away');
  });
  await worker.send('flaky', { n: 1 });
  await waitFor(() => (attempts.length === 3 ? attempts : undefined), 'three attempts', 30_000);
  expect(attempts.map(({ attempt, lastAttempt }) => [attempt, lastAttempt])).toEqual([
    [1, false],
    [2, false],
    [3, true],
  ]);
  expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(900);
});

test('a second job for the same key while one waits is dropped', async () => {
  const sender = await queue('sender');
  await sender.send('greet', { name: 'first' }, 'person-7');
  await sender.send('greet', { name: 'second' }, 'person-7');
  const db = new Client({ connectionString: testDatabaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT data->>'name' AS name FROM ${schema}.job WHERE name = 'greet' AND singleton_key = 'person-7'`,
    );
    expect(rows.map((row) => row.name)).toEqual(['first']);
  } finally {
    await db.end();
  }
});

test('a job sent for a key that is running is dropped, and never holds back the jobs queued after it', async () => {
  const worker = await queue('worker');
  let release: () => void = () => undefined;
  const ran: string[] = [];
  await worker.work<{ name: string }>(
    'busy',
    async (run) => {
      ran.push(run.data.name);
      if (run.data.name === 'long') await new Promise<void>((resolve) => (release = resolve));
    },
    2,
  );
  await worker.send('busy', { name: 'long' }, 'item-1');
  await waitFor(() => (ran.includes('long') ? true : undefined), 'the long job to start');
  await worker.send('busy', { name: 'again' }, 'item-1');
  await worker.send('busy', { name: 'other' }, 'item-2');
  // The second worker slot takes the other key's job while the first key's job still runs.
  await waitFor(() => (ran.includes('other') ? true : undefined), 'the other job to run', 10_000);
  release();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(ran).toEqual(['long', 'other']);
});

test('a worker runs queued jobs back to back, not one per polling interval', async () => {
  const sender = await queue('sender');
  for (let n = 0; n < 8; n += 1) await sender.send('quick', { n }, `photo-${n}`);
  const worker = await queue('worker');
  const done: number[] = [];
  const started = Date.now();
  await worker.work<{ n: number }>('quick', async (run) => {
    done.push(run.data.n);
  });
  await waitFor(() => (done.length === 8 ? true : undefined), 'eight jobs', 20_000);
  // With a wait of the one-second polling interval after each job this takes eight seconds.
  expect(Date.now() - started).toBeLessThan(4000);
});

test('a job whose worker died is taken up by another worker within seconds', async () => {
  const doomed = await queue('worker');
  const started: string[] = [];
  await doomed.work<{ item: number }>('slow', async (run) => {
    started.push(run.id);
    await new Promise<void>((resolve) => (releaseDoomed = resolve)); // runs until the test ends
  });
  await doomed.send('slow', { item: 42 });
  const jobId = await waitFor(() => started[0], 'the first worker to start the job');

  // What Postgres sees of a killed worker: its lease connection is gone.
  await doomed['leases']?.close();

  const rescuer = await queue('worker');
  const rescued: JobRun<{ item: number }>[] = [];
  await rescuer.work<{ item: number }>('slow', async (run) => {
    rescued.push(run);
  });
  const [run] = await waitFor(() => (rescued.length ? rescued : undefined), 'the job to be taken up again', 20_000);
  expect(run.id).toBe(jobId);
  expect(run.data).toEqual({ item: 42 });
  expect(run.attempt).toBe(2);
});
