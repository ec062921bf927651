import { setTimeout as sleep } from 'node:timers/promises';
import { stripVTControlCharacters } from 'node:util';
import { Controller, Get, Headers, Inject, Module, type DynamicModule } from '@nestjs/common';
import { REQUEST_ID_HEADER } from '../src/identity-token';
import { InternalClient } from '../src/internal-client';
import { currentRequest, currentRequestId } from '../src/request-context';
import { ArchiveCoreModule, CurrentUser, databaseModule, Internal } from '../src/nest';
import { asUser, startTestApp, testDatabaseUrl, type TestApp } from '../src/testing';

/** What the called service saw of an internal call. */
interface Seen {
  header: string | undefined;
  requestId: string | undefined;
  caller: string | undefined;
}

/** The called service: tells what it knows of the request an internal call belongs to. */
@Internal()
@Controller('internal')
class WitnessController {
  @Get('seen')
  seen(@Headers(REQUEST_ID_HEADER) header: string | undefined): Seen {
    return { header, requestId: currentRequestId(), caller: currentRequest()?.caller };
  }
}

const WITNESS_URL = Symbol('WITNESS_URL');

/** The calling service: handles a person's request by asking the other one, after a pause of its own. */
@Controller('api')
class RelayController {
  constructor(
    private readonly client: InternalClient,
    @Inject(WITNESS_URL) private readonly witnessUrl: string,
  ) {}

  @Get('relay')
  async relay(@CurrentUser() user: { id: number }, @Headers('x-pause-ms') pause: string | undefined) {
    // Requests overlap while they wait: each must still carry its own id afterwards.
    await sleep(Number(pause ?? 0));
    const seen = await this.client.call<Seen>({ name: 'witness', url: this.witnessUrl }, 'GET', '/internal/seen');
    return { own: currentRequestId(), userId: user.id, seen };
  }

  @Get('fail')
  async fail(): Promise<never> {
    await sleep(1);
    throw new Error('The disk caught fire');
  }
}

@Module({})
class ServiceModule {
  static register(name: string, controllers: DynamicModule['controllers'], witnessUrl = ''): DynamicModule {
    return {
      module: ServiceModule,
      imports: [
        ArchiveCoreModule.forRoot({ serviceName: name, internalSecret: 'test-internal-secret-of-enough-length' }),
        databaseModule({ url: testDatabaseUrl(), schema: `context_${name}`, entities: [], migrations: [] }),
      ],
      controllers,
      providers: [{ provide: WITNESS_URL, useValue: witnessUrl }],
    };
  }
}

describe('request context across services', () => {
  let witness: TestApp;
  let relay: TestApp;
  const person = { id: 7, username: 'ada' };

  beforeAll(async () => {
    witness = await startTestApp(ServiceModule.register('witness', [WitnessController]));
    relay = await startTestApp(ServiceModule.register('relay', [RelayController], witness.url));
  });

  afterAll(async () => {
    await relay?.app.close();
    await witness?.app.close();
  });

  const ask = async (headers: Record<string, string>) => {
    const response = await fetch(`${relay.url}/api/relay`, { headers: { ...asUser(person), ...headers } });
    expect(response.status).toBe(200);
    return (await response.json()) as { own: string; userId: number; seen: Seen };
  };

  it("passes the request's id on an internal call made while handling it, over real HTTP", async () => {
    const answer = await ask({ [REQUEST_ID_HEADER]: 'req-from-gateway-1' });
    expect(answer).toEqual({
      own: 'req-from-gateway-1',
      userId: person.id,
      seen: { header: 'req-from-gateway-1', requestId: 'req-from-gateway-1', caller: 'relay' },
    });
  });

  it('keeps overlapping requests apart: each internal call carries its own request id', async () => {
    const ids = Array.from({ length: 24 }, (_, i) => `overlap-${i}`);
    // Later requests wait less, so they finish their calls while earlier ones are still waiting.
    const answers = await Promise.all(
      ids.map((id, i) => ask({ [REQUEST_ID_HEADER]: id, 'x-pause-ms': String((ids.length - i) * 3) })),
    );
    expect(answers.map((answer) => [answer.own, answer.seen.header, answer.seen.requestId])).toEqual(
      ids.map((id) => [id, id, id]),
    );
  });

  it('gives a request that came without an id (or with a malformed one) a new id, passed on the same way', async () => {
    for (const headers of [{}, { [REQUEST_ID_HEADER]: 'spaces are not allowed' }]) {
      const answer = await ask(headers);
      expect(answer.own).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.seen).toEqual({ header: answer.own, requestId: answer.own, caller: 'relay' });
    }
  });

  it("writes the request's id and person in the error filter's log line", async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(stripVTControlCharacters(String(chunk)));
      return true;
    });
    try {
      const response = await fetch(`${relay.url}/api/fail`, {
        headers: { ...asUser(person), [REQUEST_ID_HEADER]: 'req-that-failed' },
      });
      expect(response.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const line = written.find((text) => text.includes('[Errors] The disk caught fire'));
    expect(line).toContain(`The disk caught fire { requestId: 'req-that-failed', userId: ${person.id} }`);
  });
});
