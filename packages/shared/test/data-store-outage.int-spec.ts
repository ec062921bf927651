import { Controller, Get, Module } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import {
  ArchiveCoreModule,
  DATA_STORE_UNAVAILABLE,
  databaseModule,
  isDataStoreUnavailable,
  Public,
} from '@family/shared/nest';
import {
  asService,
  PausableProxy,
  TEST_INTERNAL_SECRET,
  startTestApp,
  testDatabaseUrl,
  type TestApp,
} from '@family/shared/testing';

@Public()
@Controller()
class ProbeController {
  constructor(private readonly db: DataSource) {}

  @Get('probe')
  async probe() {
    await this.db.query('SELECT 1');
    return { ok: true };
  }

  @Get('slow')
  async slow() {
    await this.db.query('SELECT pg_sleep(10)');
    return { ok: true };
  }
}

function serviceModule(url: string) {
  @Module({
    imports: [
      ArchiveCoreModule.forRoot({ serviceName: 'probe', internalSecret: TEST_INTERNAL_SECRET }),
      databaseModule({ url, schema: 'outage_probe', entities: [], migrations: [] }),
    ],
    controllers: [ProbeController],
  })
  class ProbeModule {}
  return { module: ProbeModule };
}

async function timed(url: string): Promise<{ status: number; body: { message?: string }; ms: number }> {
  const started = Date.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  return { status: response.status, body: (await response.json()) as { message?: string }, ms: Date.now() - started };
}

describe('a service whose database is stopped or paused', () => {
  let proxy: PausableProxy;
  let service: TestApp;

  beforeAll(async () => {
    const target = new URL(testDatabaseUrl());
    proxy = await PausableProxy.start(Number(target.port || 5432), target.hostname);
    target.host = `127.0.0.1:${proxy.port}`;
    service = await startTestApp(serviceModule(target.toString()));
  });

  afterAll(async () => {
    proxy.resume();
    await service.app.close();
    await proxy.stop();
  });

  it('answers 503 within 3 s while it is paused, and works again by itself when it resumes', async () => {
    expect((await timed(`${service.url}/probe`)).status).toBe(200);
    proxy.pause();
    // The pooled connection hangs on its statement; a second request waits behind it or for a new connection.
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await timed(`${service.url}/probe`);
      expect(answer).toMatchObject({ status: 503, body: { message: DATA_STORE_UNAVAILABLE } });
      expect(answer.ms).toBeLessThan(3000);
    }
    const health = await fetch(`${service.url}/internal/health`, { headers: asService('gateway') });
    expect(await health.json()).toEqual({ database: 'unavailable' });
    proxy.resume();
    await expect(waitForStatus(`${service.url}/probe`, 200)).resolves.toBeLessThan(5000);
    const healthy = await fetch(`${service.url}/internal/health`, { headers: asService('gateway') });
    expect(await healthy.json()).toEqual({ database: 'ok' });
    // Only the archive's own services may ask.
    expect((await fetch(`${service.url}/internal/health`)).status).toBe(403);
  });

  it('answers 503 at once while it is stopped, and works again when it is back', async () => {
    await proxy.stop();
    const answer = await timed(`${service.url}/probe`);
    expect(answer).toMatchObject({ status: 503, body: { message: DATA_STORE_UNAVAILABLE } });
    expect(answer.ms).toBeLessThan(3000);
    await proxy.listen();
    await expect(waitForStatus(`${service.url}/probe`, 200)).resolves.toBeLessThan(5000);
  });

  it('gives up a statement that runs too long with 503, not a request that hangs', async () => {
    const answer = await timed(`${service.url}/slow`);
    expect(answer).toMatchObject({ status: 503, body: { message: DATA_STORE_UNAVAILABLE } });
    expect(answer.ms).toBeLessThan(3000);
    expect((await timed(`${service.url}/probe`)).status).toBe(200);
  });
});

describe(isDataStoreUnavailable.name, () => {
  let db: DataSource;

  beforeAll(async () => {
    db = await new DataSource({ type: 'postgres', url: testDatabaseUrl() }).initialize();
  });
  afterAll(() => db.destroy());

  it('does not take a mistake in a query, or a broken rule, for a store that is down', async () => {
    const syntax = await db.query('SELEC 1').catch((error: unknown) => error);
    expect(syntax).toBeInstanceOf(QueryFailedError);
    expect(isDataStoreUnavailable(syntax)).toBe(false);
    const division = await db.query('SELECT 1 / 0').catch((error: unknown) => error);
    expect(isDataStoreUnavailable(division)).toBe(false);
    expect(isDataStoreUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDataStoreUnavailable(undefined)).toBe(false);
  });

  it('knows a refused connection when it sees one', async () => {
    const closed = new DataSource({ type: 'postgres', url: 'postgres://postgres@127.0.0.1:9/none' });
    const refused = await closed.initialize().catch((error: unknown) => error);
    expect(isDataStoreUnavailable(refused)).toBe(true);
  });
});

/** Milliseconds until the address answers with the status (fails after 15 s). */
async function waitForStatus(url: string, status: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 15_000) {
    if ((await timed(url).catch(() => ({ status: 0 }))).status === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer ${status} within 15 s`);
}
