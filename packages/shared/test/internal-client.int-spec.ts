import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError } from '../src/http-error';
import { InternalClient } from '../src/internal-client';

/** A service that answers each path with the status and body the path names. */
const ANSWERS: Record<string, [number, string]> = {
  '/refused-with-code': [
    400,
    '{"statusCode":400,"message":"Invalid or expired reset code","code":"invalid_reset_code"}',
  ],
  '/refused': [404, '{"statusCode":404,"message":"No such album"}'],
  '/refused-without-json': [409, 'conflict'],
  '/failed': [500, '{"statusCode":500,"message":"Something went wrong on our side."}'],
  '/failed-without-json': [502, '<html>Bad gateway</html>'],
};

describe(InternalClient.name, () => {
  let server: Server;
  let target: { name: string; url: string };
  const sut = new InternalClient('tester', 'test-internal-secret-of-enough-length');

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const [status, body] = ANSWERS[req.url ?? ''] ?? [200, '{"ok":true}'];
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    target = { name: 'albums', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const failure = (path: string, to = target) =>
    sut.call(to, 'GET', path).then(
      () => {
        throw new Error(`${path} was expected to fail`);
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(HttpError);
        const { status, message, code } = error as HttpError;
        return { status, message, code };
      },
    );

  it('keeps the status, sentence and code of an answered refusal', async () => {
    expect(await failure('/refused-with-code')).toEqual({
      status: 400,
      message: 'Invalid or expired reset code',
      code: 'invalid_reset_code',
    });
    expect(await failure('/refused')).toEqual({ status: 404, message: 'No such album', code: undefined });
    expect(await failure('/refused-without-json')).toEqual({
      status: 409,
      message: 'The albums service refused the request.',
      code: undefined,
    });
  });

  it('reports a failing or unreachable service as unavailable, with the code that says so', async () => {
    expect(await failure('/failed')).toEqual({
      status: 503,
      message: 'Something went wrong on our side.',
      code: 'service_unavailable',
    });
    expect(await failure('/failed-without-json')).toEqual({
      status: 503,
      message: 'The albums service is unavailable. Try again shortly.',
      code: 'service_unavailable',
    });
    expect(await failure('/anything', { name: 'media', url: 'http://127.0.0.1:9' })).toEqual({
      status: 503,
      message: 'The media service is unavailable. Try again shortly.',
      code: 'service_unavailable',
    });
  });

  it('answers the parsed body of a success', async () => {
    await expect(sut.call(target, 'GET', '/fine')).resolves.toEqual({ ok: true });
  });
});
