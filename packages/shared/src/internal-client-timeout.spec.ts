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

  it('gives up on a service that does not answer its /health either, with 503 naming it, within 3 s', async () => {
    const sut = new InternalClient('gateway', 'test-internal-secret-of-enough-length');
    const started = Date.now();
    const error = await sut.call({ name: 'albums', url }, 'GET', '/internal/anything').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: 'The albums service is unavailable. Try again shortly.' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
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

describe(`${InternalClient.name} with a service that is alive but slow`, () => {
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    // Answers its /health at once and the call itself after 4 s, like a service busy hashing passwords.
    server = http.createServer((req, res) => {
      if (req.url === '/health') return res.writeHead(200).end('{"status":"ok"}');
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"done":true}'), 4000);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('waits for the answer', async () => {
    const sut = new InternalClient('gateway', 'test-internal-secret-of-enough-length');
    const started = Date.now();
    await expect(sut.call({ name: 'auth', url }, 'POST', '/internal/logins')).resolves.toEqual({ done: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3900);
  });
});
