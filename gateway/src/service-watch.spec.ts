import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { watchForAnswer } from './service-watch';

/** A service that answers /health at once and everything else after `delayMs`. */
async function slowService(delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/health') {
      res.end('{"status":"ok"}');
      return;
    }
    req.resume();
    req.on('end', () => setTimeout(() => res.end('done'), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A request as the proxy sends it: idle for `idleMs` on its socket means given up. */
function requestWithIdleTimeout(url: string, idleMs: number, watch: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/slow`, { method: 'POST' }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(body));
    });
    request.setTimeout(idleMs, () => request.destroy(new Error('idle')));
    request.on('error', reject);
    if (watch) watchForAnswer(request, { name: 'media', url });
    request.end('last bytes');
  });
}

describe(watchForAnswer.name, () => {
  it('keeps waiting for a live service whose answer takes longer than the idle timeout', async () => {
    const service = await slowService(2500);
    try {
      // Unwatched, the silence counts as idle and the request is given up.
      await expect(requestWithIdleTimeout(service.url, 1200, false)).rejects.toThrow('idle');
      // Watched, the service answers its /health, so the wait goes on until the answer comes.
      await expect(requestWithIdleTimeout(service.url, 1200, true)).resolves.toBe('done');
    } finally {
      await service.close();
    }
  });
});
