import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError } from './http-error';
import { InternalClient } from './internal-client';

describe(`${InternalClient.name} with a service that stops answering`, () => {
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    // Takes the request and never answers, like a paused process.
    server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up after 2.5 s with 503 and the service named, so the person has an answer within 3 s', async () => {
    const sut = new InternalClient('gateway', 'test-internal-secret-of-enough-length');
    const started = Date.now();
    const error = await sut.call({ name: 'albums', url }, 'GET', '/internal/anything').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: 'The albums service is unavailable. Try again shortly.' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('keeps the time limit a call chooses', async () => {
    const sut = new InternalClient('gateway', 'test-internal-secret-of-enough-length');
    const started = Date.now();
    await expect(sut.call({ name: 'albums', url }, 'GET', '/x', { timeoutMs: 300 })).rejects.toMatchObject({
      status: 503,
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
