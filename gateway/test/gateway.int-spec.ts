import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http, { type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { stripVTControlCharacters } from 'node:util';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { loadConfig } from '@family/shared';
import { PausableProxy, startTestApp, testEnv, TEST_INTERNAL_SECRET } from '@family/shared/testing';
import { AppModule as AuthModule } from '../../services/auth/src/app.module';
import { AuthConfig } from '../../services/auth/src/config';
import { AppModule as ProfileModule } from '../../services/profile/src/app.module';
import { ProfileConfig } from '../../services/profile/src/config';
import { ResetCodeService } from '../../services/auth/src/services/reset-code.service';
import { createGateway, type Gateway } from '../src/app';
import { GatewayConfig } from '../src/config';
import { LoginLimiter } from '../src/login-limiter';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/4';
const DEAD = 'http://127.0.0.1:9';
const SESSION_SECRET = 'test-session-secret-of-enough-length';

async function redisOrExplain(): Promise<Redis> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new Error(
      `These tests need Redis at ${REDIS_URL}. Start one with \`redis-server --daemonize yes --port 6379\`, or set REDIS_URL.`,
    );
  }
  return redis;
}

describe('gateway (real auth and profile services, real Redis)', () => {
  let profile: { app: INestApplication; url: string };
  let auth: { app: INestApplication; url: string };
  let webDist: string;
  const gateways: Gateway[] = [];
  let redis: Redis;

  function gateway(env: Record<string, string> = {}): Gateway {
    const config = loadConfig(GatewayConfig, {
      SESSION_SECRET,
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      AUTH_URL: auth.url,
      PROFILE_URL: profile.url,
      MEDIA_URL: DEAD,
      ALBUMS_URL: DEAD,
      FAMILY_URL: DEAD,
      WEB_DIST: webDist,
      ...env,
    });
    const created = createGateway(config);
    gateways.push(created);
    return created;
  }

  beforeAll(async () => {
    redis = await redisOrExplain();
    await redis.flushdb();
    profile = await startTestApp(ProfileModule.register(loadConfig(ProfileConfig, testEnv())));
    auth = await startTestApp(
      AuthModule.register(
        loadConfig(
          AuthConfig,
          testEnv({
            PROFILE_URL: profile.url,
            MEDIA_URL: profile.url,
            ALBUMS_URL: profile.url,
            FAMILY_URL: profile.url,
          }),
        ),
      ),
    );
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'family-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.skipWaiting()');
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Family Archive"}');
    // A build's compressed copies beside a large script (web/vite.config.mts).
    const script = `console.log(${JSON.stringify('family '.repeat(500))});`;
    fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.gz'), zlib.gzipSync(script));
  });

  afterAll(async () => {
    for (const created of gateways) await created.close();
    await auth.app.close();
    await profile.app.close();
    await redis.quit();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  let counter = 0;
  async function signUp(agent: request.Agent) {
    counter += 1;
    const username = `person${counter}${Date.now().toString(36)}`;
    const response = await agent.post('/api/register').send({ username, password: 'secret-pw' }).expect(201);
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    return { username, user: response.body.user, cookie };
  }

  it('keeps sessions in memory without Redis: a restart signs everyone out', async () => {
    const first = request.agent(gateway().app);
    const { cookie } = await signUp(first);
    await first.get('/api/user').expect(200);
    const restarted = request.agent(gateway().app);
    await restarted.get('/api/user').set('cookie', cookie).expect(401);
  });

  it('keeps sessions in Redis: another gateway knows the person', async () => {
    const env = { REDIS_URL };
    const first = request.agent(gateway(env).app);
    // Requests wait for nothing while Redis is not connected yet: the gateway is used once it is ready.
    await waitUntil(async () => (await first.get('/ready')).status === 200);
    const { user, cookie } = await signUp(first);
    await first.get('/api/user').expect(200);
    const second = gateway(env).app;
    await waitUntil(async () => (await request(second).get('/ready')).status === 200);
    const other = await request(second).get('/api/user').set('cookie', cookie).expect(200);
    expect(other.body.id).toBe(user.id);
  });

  it('renews a session at most once an hour: 30 days from the last visit, without rewriting it on every request', async () => {
    const app = gateway({ REDIS_URL }).app;
    await waitUntil(async () => (await request(app).get('/ready')).status === 200);
    const { user, cookie } = await signUp(request.agent(app));
    const sessionId = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
    const key = `family:sess:${sessionId}`;
    const DAY = 24 * 60 * 60;
    // Within the hour: the person is known, no new cookie is sent and the session is left as it is.
    await redis.expire(key, 29 * DAY);
    const fresh = await request(app).get('/api/user').set('cookie', cookie).expect(200);
    expect(fresh.body.id).toBe(user.id);
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect(await redis.ttl(key)).toBeLessThanOrEqual(29 * DAY);

    // Two hours after the last renewal: renewed for 30 days, in the store and in the browser.
    const stored = JSON.parse((await redis.get(key))!) as { cookie: { expires: string } };
    stored.cookie.expires = new Date(Date.now() + 30 * DAY * 1000 - 2 * 60 * 60 * 1000).toISOString();
    await redis.set(key, JSON.stringify(stored), 'EX', 30 * DAY - 2 * 60 * 60);
    const due = await request(app).get('/api/user').set('cookie', cookie).expect(200);
    expect(due.body.id).toBe(user.id);
    const renewed = (due.headers['set-cookie'] as unknown as string[])[0];
    expect(renewed.split(';')[0]).toBe(cookie);
    const expires = Date.parse(/Expires=([^;]+)/.exec(renewed)![1]);
    expect(expires).toBeGreaterThan(Date.now() + 30 * DAY * 1000 - 60_000);
    expect(await redis.ttl(key)).toBeGreaterThan(30 * DAY - 60);
    // And the next request is inside the hour again.
    const after = await request(app).get('/api/user').set('cookie', cookie).expect(200);
    expect(after.headers['set-cookie']).toBeUndefined();
  });

  it('marks the cookie Secure behind a trusted TLS proxy, and never sends a Secure cookie over plain HTTP', async () => {
    const register = (app: Gateway['app'], prefix: string, proto?: string) => {
      const call = request(app).post('/api/register');
      if (proto) call.set('x-forwarded-proto', proto);
      return call.send({ username: `${prefix}${Date.now().toString(36)}`, password: 'secret-pw' }).expect(201);
    };
    const proxied = await register(gateway({ TRUST_PROXY: '1' }).app, 'prx', 'https');
    expect(proxied.headers['set-cookie'][0]).toMatch(/; Secure/);
    const forced = await register(gateway({ TRUST_PROXY: '1', COOKIE_SECURE: 'true' }).app, 'frc', 'https');
    expect(forced.headers['set-cookie'][0]).toMatch(/; Secure/);
    // COOKIE_SECURE=true over plain HTTP: the browser would drop such a cookie, so none is sent.
    const insecure = await register(gateway({ COOKIE_SECURE: 'true' }).app, 'ins');
    expect(insecure.headers['set-cookie']).toBeUndefined();
    // COOKIE_SECURE=false (as written in an .env file) means false.
    const off = await register(gateway({ COOKIE_SECURE: 'false' }).app, 'off');
    expect(off.headers['set-cookie'][0]).not.toMatch(/Secure/);
    // An untrusted client claiming https changes nothing.
    const plain = await register(gateway().app, 'pln', 'https');
    expect(plain.headers['set-cookie'][0]).not.toMatch(/Secure/);
  });

  it('refuses another site’s changes, allows APP_ORIGIN and its own origin', async () => {
    const app = gateway({ APP_ORIGIN: 'https://photos.example.org' }).app;
    const foreign = await request(app).post('/api/logout').set('origin', 'https://evil.example').expect(403);
    expect(foreign.body.message).toBe('This request came from another website and was refused.');
    await request(app).post('/api/logout').set('origin', 'https://photos.example.org').expect(200);
    const server: Server = app.listen(0);
    const own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await request(own).post('/api/logout').set('origin', own).expect(200);
    } finally {
      server.close();
    }
    // Reading is never refused.
    await request(app).get('/api/user').set('origin', 'https://evil.example').expect(401);
  });

  it('judges a change without Origin by its Referer, and lets one with neither through', async () => {
    const app = gateway({ APP_ORIGIN: 'https://photos.example.org' }).app;
    for (const referer of ['https://evil.example/page', 'not an address', 'about:blank']) {
      const refused = await request(app).post('/api/logout').set('referer', referer).expect(403);
      expect(refused.body.message).toBe('This request came from another website and was refused.');
    }
    // Naming another site in either header is enough to be refused.
    await request(app)
      .post('/api/logout')
      .set('origin', 'https://photos.example.org')
      .set('referer', 'https://evil.example/')
      .expect(403);
    await request(app).post('/api/logout').set('referer', 'https://photos.example.org/profile?x=1').expect(200);
    await request(app).post('/api/logout').expect(200);
    await request(app).get('/api/user').set('referer', 'https://evil.example/').expect(401);
  });

  it('answers 503 JSON quickly for a service that is not running', async () => {
    const agent = request.agent(gateway().app);
    await signUp(agent);
    const response = await agent.get('/api/media').expect(503);
    expect(response.body).toEqual({ message: 'The media service is unavailable. Try again shortly.' });
    const upload = await agent.post('/api/albums').send({ name: 'x' }).expect(503);
    expect(upload.body.message).toBe('The albums service is unavailable. Try again shortly.');
  });

  it("writes its log lines in the services' format, with the request id and the signed-in person", async () => {
    const agent = request.agent(gateway().app);
    const { user } = await signUp(agent);
    const lines: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      // Without the colours Nest adds on a terminal.
      lines.push(stripVTControlCharacters(String(chunk)));
      return true;
    });
    try {
      await agent.get('/api/media').set('x-request-id', 'gateway-log-1').expect(503);
    } finally {
      spy.mockRestore();
    }
    const line = lines.find((written) => written.includes('[Gateway] media service:'));
    // Nest's console format, as the services write it: "[Nest] <pid>  - <time>    WARN [Gateway] ... { fields }".
    expect(line).toMatch(/^\[Nest\] \d+ {2}- .* WARN \[Gateway\] media service: .*ECONNREFUSED/);
    expect(line).toContain(`{ requestId: 'gateway-log-1', userId: ${user.id} }`);
  });

  it('answers 503 when the auth service is down at login', async () => {
    const response = await request(gateway({ AUTH_URL: DEAD }).app)
      .post('/api/login')
      .send({ username: 'someone', password: 'secret-pw' })
      .expect(503);
    expect(response.body.message).toBe('The auth service is unavailable. Try again shortly.');
  });

  it('passes the id of the request it answers itself on to auth, and says it in the answer', async () => {
    const seen: Array<string | undefined> = [];
    const witness = http.createServer((req, res) => {
      seen.push(req.headers['x-request-id'] as string | undefined);
      // Later requests get their answer sooner, so they overlap.
      setTimeout(
        () => res.writeHead(409, { 'content-type': 'application/json' }).end('{"message":"No"}'),
        40 - seen.length * 10,
      );
    });
    await new Promise<void>((resolve) => witness.listen(0, '127.0.0.1', resolve));
    try {
      const app = gateway({ AUTH_URL: `http://127.0.0.1:${(witness.address() as AddressInfo).port}` }).app;
      const answers = await Promise.all(
        [{ 'x-request-id': 'login-from-client-1' }, { 'x-request-id': 'login-from-client-2' }, {}].map((headers) =>
          request(app).post('/api/login').set(headers).send({ username: 'someone', password: 'secret-pw' }).expect(409),
        ),
      );
      const ids = answers.map((answer) => answer.headers['x-request-id']);
      expect(ids.slice(0, 2)).toEqual(['login-from-client-1', 'login-from-client-2']);
      expect(ids[2]).toMatch(/^[0-9a-f-]{36}$/);
      expect([...seen].sort()).toEqual([...ids].sort());
    } finally {
      witness.closeAllConnections();
      witness.close();
    }
  });

  it('answers 503 with a sentence, not a 500, when Redis is down', async () => {
    const app = gateway({ REDIS_URL: 'redis://127.0.0.1:9/0' }).app;
    const login = await request(app)
      .post('/api/login')
      .send({ username: 'someone', password: 'secret-pw' })
      .expect(503);
    expect(login.body.message).toBe('Signing in is unavailable right now. Try again shortly.');
    // A properly signed session cookie, so the store is really asked (as cookie-signature signs it).
    const signature = createHmac('sha256', SESSION_SECRET).update('abc').digest('base64').replace(/=+$/, '');
    const cookie = `family.sid=${encodeURIComponent(`s:abc.${signature}`)}`;
    const me = await request(app).get('/api/user').set('cookie', cookie).expect(503);
    expect(me.body.message).toBe('Signing in is unavailable right now. Try again shortly.');
  });

  it("counts wrong reset codes by auth's code, not by its sentence: the eleventh answers 429", async () => {
    const agent = request.agent(gateway().app);
    const { username } = await signUp(agent);
    const attempt = (newPassword: string) =>
      agent.post('/api/reset-password').send({ username, newPassword, resetCode: 'WRONG-CODE' });
    // Refused for another reason (a password too short): not an attempt at guessing a code.
    for (let i = 0; i < 12; i++) {
      expect((await attempt('123').expect(400)).body).toEqual({ message: 'Password must be at least 6 characters' });
    }
    for (let i = 0; i < 10; i++) {
      expect((await attempt('long-enough').expect(400)).body).toEqual({
        message: 'Invalid or expired reset code',
        code: 'invalid_reset_code',
      });
    }
    expect((await attempt('long-enough').expect(429)).body.message).toBe('Too many attempts. Try again in 15 minutes.');
  });

  it('counts wrong invite codes per address, whatever the username: the eleventh sign-up answers 429', async () => {
    const agent = request.agent(gateway().app);
    counter += 1;
    const attempt = (i: number) =>
      agent
        .post('/api/register')
        .send({ username: `guesser${counter}x${i}`, password: 'secret-pw', inviteCode: `WRONG-${i}` });
    for (let i = 0; i < 10; i++) {
      expect((await attempt(i).expect(400)).body).toMatchObject({ code: 'invalid_invite_code' });
    }
    expect((await attempt(10).expect(429)).body.message).toBe('Too many attempts. Try again in 15 minutes.');
    // Signing up without a code is not an attempt at guessing one.
    await signUp(agent);
  });

  describe('with Redis behind a relay that can pause and stop it', () => {
    let relay: PausableProxy;
    let relayedRedisUrl: string;

    beforeEach(async () => {
      const target = new URL(REDIS_URL);
      relay = await PausableProxy.start(Number(target.port || 6379), target.hostname);
      target.host = `127.0.0.1:${relay.port}`;
      relayedRedisUrl = target.toString();
    });
    afterEach(async () => {
      relay.resume();
      await relay.stop();
    });

    async function signedIn(app: Gateway['app']) {
      const agent = request.agent(app);
      await waitUntil(async () => (await agent.get('/ready')).status === 200);
      await signUp(agent);
      return agent;
    }

    it('answers 503 within 3 s while Redis is paused or stopped, and signs in again by itself after', async () => {
      const agent = await signedIn(gateway({ REDIS_URL: relayedRedisUrl }).app);
      await agent.get('/api/user').expect(200);

      relay.pause();
      let started = Date.now();
      const paused = await agent.get('/api/user');
      expect({ status: paused.status, body: paused.body }).toEqual({
        status: 503,
        body: { message: 'Signing in is unavailable right now. Try again shortly.' },
      });
      expect(Date.now() - started).toBeLessThan(3000);
      relay.resume();
      await waitUntil(async () => (await agent.get('/api/user')).status === 200);

      await relay.stop();
      started = Date.now();
      await agent.get('/api/user').expect(503);
      expect(Date.now() - started).toBeLessThan(3000);
      await relay.listen();
      await waitUntil(async () => (await agent.get('/api/user')).status === 200);
    });

    it('stays up when Redis goes away while a response is being written', async () => {
      // A stand-in for the profile service that stops Redis while the gateway is relaying its answer, so the
      // session's renewal at the end of the response is what fails.
      const profileStandIn = http.createServer((req, res) => {
        const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        if (req.url === '/api/users') void relay.stop().then(answer);
        else answer();
      });
      await new Promise<void>((resolve) => profileStandIn.listen(0, '127.0.0.1', resolve));
      try {
        const standInUrl = `http://127.0.0.1:${(profileStandIn.address() as AddressInfo).port}`;
        const app = gateway({ REDIS_URL: relayedRedisUrl, PROFILE_URL: standInUrl }).app;
        const agent = request.agent(app);
        await waitUntil(async () => (await agent.get('/ready')).status === 200);
        // Signing up goes to the real auth service, which makes the profile in the real one.
        await agent
          .post('/api/register')
          .send({ username: `midway${Date.now().toString(36)}`, password: 'secret-pw' })
          .expect(201);

        const answer = await agent.get('/api/users');
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual([]);
        // Still answering: Redis gone is a 503, and the process lives on.
        await new Promise((resolve) => setTimeout(resolve, 100));
        await agent.get('/api/user').expect(503);
        await relay.listen();
        await waitUntil(async () => (await agent.get('/api/user')).status === 200);
      } finally {
        await new Promise((resolve) => profileStandIn.close(resolve));
      }
    });
  });

  it('reports the health of every part on GET /api/health, to anyone, with names and states only', async () => {
    const down = await request(gateway().app).get('/api/health').expect(503);
    expect(down.headers['cache-control']).toBe('no-store');
    expect(down.body).toEqual({
      status: 'degraded',
      gateway: 'ok',
      redis: 'memory',
      services: { auth: 'ok', profile: 'ok', media: 'unavailable', albums: 'unavailable', family: 'unavailable' },
      postgres: 'ok',
      storage: 'ok',
    });
    expect(down.text).not.toMatch(/127\.0\.0\.1|secret|postgres:\/\//);

    // Every service there (auth and profile stand for the others): all is well.
    const all = gateway({ MEDIA_URL: profile.url, ALBUMS_URL: auth.url, FAMILY_URL: auth.url, REDIS_URL }).app;
    await waitUntil(async () => (await request(all).get('/ready')).status === 200);
    const well = await request(all).get('/api/health').expect(200);
    expect(well.body).toMatchObject({ status: 'ok', redis: 'ok', postgres: 'ok', storage: 'ok' });

    const noRedis = await request(gateway({ REDIS_URL: 'redis://127.0.0.1:9/0' }).app).get('/api/health');
    expect(noRedis.status).toBe(503);
    expect(noRedis.body.redis).toBe('unavailable');
  });

  it('answers bad JSON with 400 and a sentence', async () => {
    const response = await request(gateway().app)
      .post('/api/login')
      .set('content-type', 'application/json')
      .send('{"username":')
      .expect(400);
    expect(response.body.message).toBe('The request body is not valid JSON.');
  });

  it('answers a deeply nested sign-up or reset with 400 and a sentence, not "auth is unavailable"', async () => {
    const deep = `${'['.repeat(20000)}${']'.repeat(20000)}`;
    for (const path of ['/api/register', '/api/reset-password']) {
      const response = await request(gateway().app)
        .post(path)
        .set('content-type', 'application/json')
        .send(`{"username":${deep},"password":"secret-pw"}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('The request is nested too deeply.');
    }
  });

  it('serves the web app: index.html for client routes, never cached; assets cached for a year', async () => {
    const app = gateway().app;
    const page = await request(app).get('/family').expect(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<div id="root">');
    const asset = await request(app).get('/assets/index-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    await request(app).get('/assets/nope.js').expect(404);
  });

  it('has the service worker and the manifest looked at again on every visit', async () => {
    const app = gateway().app;
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const response = await request(app).get(file).expect(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await request(app).get('/manifest.webmanifest')).headers['content-type']).toMatch(/manifest\+json/);
  });

  it('sends a share that reached it without the service worker to the page that says it did not arrive', async () => {
    const response = await request(gateway().app)
      .post('/share')
      .attach('media', Buffer.from('jpeg bytes'), 'beach.jpg')
      .expect(303);
    expect(response.headers.location).toBe('/share?received=0');
  });

  it('sends the compressed copy of an asset the browser accepts, brotli first, with Vary and a year of caching', async () => {
    const app = gateway().app;
    const assets = path.join(webDist, 'assets');
    const original = fs.readFileSync(path.join(assets, 'big-def456.js'), 'utf8');
    const asBrotli = await request(app).get('/assets/big-def456.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(asBrotli.status).toBe(200);
    expect(asBrotli.headers['content-encoding']).toBe('br');
    expect(Number(asBrotli.headers['content-length'])).toBe(fs.statSync(path.join(assets, 'big-def456.js.br')).size);
    expect(asBrotli.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(asBrotli.headers['content-type']).toMatch(/javascript/);
    expect(asBrotli.headers['cache-control']).toMatch(/public, max-age=31536000, immutable/);
    const asGzip = await request(app).get('/assets/big-def456.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(asGzip.text).toBe(original);
    const plain = await request(app).get('/assets/big-def456.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(original);
  });

  it('sends a Content-Security-Policy and the other protective headers on pages and API answers alike', async () => {
    const app = gateway().app;
    for (const answer of [await request(app).get('/family'), await request(app).get('/api/user')]) {
      const policy = answer.headers['content-security-policy'];
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-powered-by']).toBeUndefined();
      // Plain http: never HSTS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
    const behindTls = await request(gateway({ TRUST_PROXY: '1' }).app)
      .get('/')
      .set('x-forwarded-proto', 'https')
      .expect(200);
    expect(behindTls.headers['strict-transport-security']).toBe('max-age=15552000');
  });

  it('refuses a body that is not JSON on the routes it answers with 415, and text with a lone surrogate with 400', async () => {
    const app = gateway().app;
    for (const path of ['/api/login', '/api/register', '/api/logout', '/api/reset-password']) {
      const form = await request(app).post(path).type('form').send('username=grandma&password=secret-pw');
      expect({ path, status: form.status, body: form.body }).toEqual({
        path,
        status: 415,
        body: { message: 'This address takes JSON: send the body with Content-Type: application/json.' },
      });
      const text = await request(app).post(path).set('content-type', 'text/plain').send('{"username":"grandma"}');
      expect(text.status).toBe(415);
    }
    const surrogate = await request(app)
      .post('/api/register')
      .set('content-type', 'application/json')
      .send('{"username":"grandma","password":"secret-pw","email":"g\\ud800@example.org"}')
      .expect(400);
    expect(surrogate.body.message).toMatch(/invalid Unicode/);
    const login = await request(app)
      .post('/api/login')
      .set('content-type', 'application/json; charset=utf-8')
      .send('{"username":"\\udfff","password":"secret-pw"}')
      .expect(400);
    expect(login.body.message).toMatch(/invalid Unicode/);
  });

  it('answers a request target in absolute form, or *, with 400 and a sentence, never a 500', async () => {
    const app = gateway().app;
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      for (const target of [`http://127.0.0.1:${port}/api/users`, 'http://example.org/api/media', '*']) {
        const answer = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
        expect({ target, line: answer.split('\r\n')[0] }).toEqual({ target, line: 'HTTP/1.1 400 Bad Request' });
        expect(answer).toContain('{"message":"That address is not valid."}');
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('counts reset attempts for " alice" and "alice" together', async () => {
    const app = gateway().app;
    for (let attempt = 0; attempt < 10; attempt++) {
      await request(app)
        .post('/api/reset-password')
        .send({ username: attempt % 2 ? '  alice ' : 'alice', resetCode: 'WRONG-CODE1', newPassword: 'secret-pw' })
        .expect(400);
    }
    const refused = await request(app)
      .post('/api/reset-password')
      .send({ username: ' alice', resetCode: 'WRONG-CODE1', newPassword: 'secret-pw' })
      .expect(429);
    expect(refused.body.message).toMatch(/^Too many attempts/);
  });

  describe.each([
    ['in memory', {}],
    ['in Redis', { REDIS_URL }],
  ])('sessions of one account, %s', (_where, env: Record<string, string>) => {
    async function twoSessions() {
      const app = gateway(env).app;
      await waitUntil(async () => (await request(app).get('/ready')).status === 200);
      const here = request.agent(app);
      const { username } = await signUp(here);
      const elsewhere = request.agent(app);
      await elsewhere.post('/api/login').send({ username, password: 'secret-pw' }).expect(200);
      return { app, here, elsewhere, username };
    }

    it('changing the password ends every other session and keeps this one', async () => {
      const { here, elsewhere, app, username } = await twoSessions();
      const wrong = await here
        .post('/api/user/password')
        .send({ currentPassword: 'nope-nope', newPassword: 'second-pw' })
        .expect(400);
      expect(wrong.body.message).toBe('Your current password is not correct.');
      await elsewhere.get('/api/user').expect(200);

      const changed = await here
        .post('/api/user/password')
        .send({ currentPassword: 'secret-pw', newPassword: 'second-pw' })
        .expect(200);
      expect(changed.body).toEqual({ message: 'Your password has been changed' });
      await here.get('/api/user').expect(200);
      await elsewhere.get('/api/user').expect(401);
      await request(app).post('/api/login').send({ username, password: 'second-pw' }).expect(200);
      await request(app).post('/api/user/password').send({ currentPassword: 'a', newPassword: 'b' }).expect(401);
    });

    it('resetting the password with a code ends every session of the account', async () => {
      const { here, elsewhere, app, username } = await twoSessions();
      const { code } = await auth.app.get(ResetCodeService).create(username);
      const reset = await request(app)
        .post('/api/reset-password')
        .send({ username, resetCode: code, newPassword: 'after-reset' })
        .expect(200);
      expect(reset.body).toEqual({ message: 'Password has been reset successfully' });
      await here.get('/api/user').expect(401);
      await elsewhere.get('/api/user').expect(401);
    });

    it('"Sign out everywhere" ends every session, this one included', async () => {
      const { here, elsewhere, app, username } = await twoSessions();
      const answer = await here.delete('/api/user/sessions').expect(200);
      expect(answer.body).toEqual({ message: 'Signed out everywhere' });
      await here.get('/api/user').expect(401);
      await elsewhere.get('/api/user').expect(401);
      await request(app).delete('/api/user/sessions').expect(401);
      // Signing in again works as ever.
      await request(app).post('/api/login').send({ username, password: 'secret-pw' }).expect(200);
    });
  });

  it('says how to build the web app when it is missing', async () => {
    const response = await request(gateway({ WEB_DIST: path.join(webDist, 'missing') }).app)
      .get('/')
      .expect(503);
    expect(response.text).toMatch(/npm run build/);
  });
});

/** Sends bytes as they are (no client rewrites the request line) and returns all that came back. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Waits until the check passes (fails after 10 s). */
async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('still not so after 10 s');
}

describe(LoginLimiter.name, () => {
  it.each([
    ['memory', false],
    ['Redis', true],
  ])('in %s: refuses the eleventh attempt and forgets after a success', async (_name, useRedis) => {
    const redis = useRedis ? await redisOrExplain() : null;
    const sut = new LoginLimiter(redis, `test-limiter-${Date.now()}`);
    try {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await sut.check('Grandma', '10.0.0.1');
        await sut.recordFailure('Grandma', '10.0.0.1');
      }
      await expect(sut.check('grandma', '10.0.0.1')).rejects.toMatchObject({
        status: 429,
        message: 'Too many attempts. Try again in 15 minutes.',
      });
      // Another address, or another username, is not affected.
      await sut.check('grandma', '10.0.0.2');
      await sut.check('grandpa', '10.0.0.1');
      await sut.reset('grandma', '10.0.0.1');
      await sut.check('grandma', '10.0.0.1');
    } finally {
      await redis?.quit();
    }
  });

  it.each([
    ['memory', false],
    ['Redis', true],
  ])(
    'in %s: refuses an address after 100 failures over any usernames, for the rest of the hour',
    async (_name, useRedis) => {
      const redis = useRedis ? await redisOrExplain() : null;
      const sut = new LoginLimiter(redis, `test-address-limiter-${Date.now()}`);
      try {
        for (let attempt = 0; attempt < 100; attempt += 1) {
          await sut.check(`member${attempt}`, '10.0.0.3');
          await sut.recordFailure(`member${attempt}`, '10.0.0.3');
          // A success with one account forgets that username's count, never the address's.
          await sut.reset('sprayer', '10.0.0.3');
        }
        await expect(sut.check('someone-new', '10.0.0.3')).rejects.toMatchObject({
          status: 429,
          message: 'Too many attempts. Try again in 60 minutes.',
        });
        await sut.check('someone-new', '10.0.0.4');
      } finally {
        await redis?.quit();
      }
    },
  );
});
