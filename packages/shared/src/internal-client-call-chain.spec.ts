import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALL_CHAIN_HEADER } from './identity-token';
import { CallCircleError, InternalClient } from './internal-client';
import { callChainFrom, runInRequestContext } from './request-context';

const SECRET = 'test-internal-secret-of-enough-length';

describe('the way a request takes through the services (x-call-chain)', () => {
  let server: http.Server;
  let url: string;
  const seen: Array<string | undefined> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers[CALL_CHAIN_HEADER] as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (seen.length = 0));

  it('sends the services passed so far with the caller added', async () => {
    const media = new InternalClient('media', SECRET);
    await runInRequestContext({ requestId: 'r-1', callChain: ['gateway', 'albums'] }, () =>
      media.call({ name: 'profile', url }, 'POST', '/internal/users/lookup', { body: { ids: [1] } }),
    );
    // Outside any request (a timer, start-up) the way starts with the caller.
    await media.call({ name: 'profile', url }, 'GET', '/internal/anything');
    expect(seen).toEqual(['gateway,albums,media', 'media']);
  });

  it('refuses a call back to a service the request came through, before making it', async () => {
    const media = new InternalClient('media', SECRET);
    const error = await runInRequestContext({ requestId: 'r-2', callChain: ['gateway', 'albums'] }, () =>
      media.call({ name: 'albums', url }, 'GET', '/internal/users/1/album-access'),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallCircleError);
    expect(error).toMatchObject({
      status: 500,
      message: 'An internal call would go round in a circle: gateway → albums → media → albums.',
    });
    expect(seen).toEqual([]);
  });

  it("lets a worker's call reach its own service: the worker is on the way under its own name", async () => {
    const worker = new InternalClient('media', SECRET, 'media-worker');
    await runInRequestContext({ requestId: 'r-3', callChain: callChainFrom('media-worker,family') }, () =>
      worker.call({ name: 'media', url }, 'GET', '/internal/media/tagged'),
    );
    expect(seen).toEqual(['media-worker,family,media-worker']);
  });
});

describe(callChainFrom.name, () => {
  it('reads a well-formed way', () => {
    expect(callChainFrom('gateway,profile,family-worker')).toEqual(['gateway', 'profile', 'family-worker']);
  });

  it.each([undefined, '', 'Gateway', 'gateway,,albums', 'a b', `${'a,'.repeat(20)}a`, ['gateway']])(
    'reads %p as no way at all',
    (header) => {
      expect(callChainFrom(header)).toEqual([]);
    },
  );
});
