import { JobQueue } from '../src/jobs';
import { testDatabaseUrl } from '../src/testing';

/** docs/architecture.md "Operator": the queue as the admin page shows it, and Retry of a failed job (real Postgres). */
describe('JobQueue state and retry', () => {
  let queue: JobQueue;
  const schema = `jobs_state_${Date.now().toString(36)}`;
  let fail = true;
  const ran: string[] = [];

  beforeAll(async () => {
    queue = await JobQueue.open({
      url: testDatabaseUrl(),
      schema,
      kinds: [{ name: 'flaky', retryLimit: 0, retryDelaySeconds: 1 }],
      role: 'worker',
    });
    await queue.work<{ name: string }>('flaky', async ({ data }) => {
      ran.push(data.name);
      if (fail) throw new Error('The disk was away');
    });
  });

  afterAll(async () => {
    await queue.close(0);
  });

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let tries = 0; tries < 100; tries++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('waited 20 s in vain');
  }

  it('counts a failed job with its sentence, runs it again on retry, and refuses what is not a failed job', async () => {
    await queue.send('flaky', { name: 'first' }, 'item-1');
    const failed = await until(
      () => queue.state(),
      (state) => state.failed.length === 1,
    );
    expect(failed.kinds).toEqual([{ kind: 'flaky', waiting: 0, running: 0, failed: 1 }]);
    expect(failed.failed[0]).toMatchObject({ kind: 'flaky', key: 'item-1', message: 'The disk was away' });

    // Mended (the disk is back): Retry runs the same job again, once.
    fail = false;
    const id = failed.failed[0]!.id;
    expect(await queue.retry('not-a-uuid')).toBe('missing');
    expect(await queue.retry(id)).toBe('retried');
    const after = await until(
      () => queue.state(),
      (state) => state.failed.length === 0 && state.kinds[0]!.waiting === 0 && state.kinds[0]!.running === 0,
    );
    expect(after.kinds).toEqual([{ kind: 'flaky', waiting: 0, running: 0, failed: 0 }]);
    expect(ran).toEqual(['first', 'first']);
    expect(await queue.retry(id)).toBe('missing');
  });
});
