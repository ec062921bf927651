import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import { generate } from 'otplib';
import request from 'supertest';
import { loadConfig } from '@family/shared';
import { startTestApp, testEnv, TEST_INTERNAL_SECRET } from '@family/shared/testing';
import { AppModule as AuthModule } from '../../services/auth/src/app.module';
import { AuthConfig } from '../../services/auth/src/config';
import { ResetCodeService } from '../../services/auth/src/services/reset-code.service';
import { AppModule as ProfileModule } from '../../services/profile/src/app.module';
import { ProfileConfig } from '../../services/profile/src/config';
import { createGateway, type Gateway } from '../src/app';
import { GatewayConfig } from '../src/config';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/4';
const DEAD = 'http://127.0.0.1:9';
const WRONG_CODE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';

/** The code an authenticator app shows `stepsAhead` periods of 30 s from now: time is moved, never waited for. */
const codeAt = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

const cookieOf = (response: request.Response) =>
  ((response.headers['set-cookie'] as unknown as string[] | undefined)?.[0] ?? '').split(';')[0];

describe('two-step sign-in and signed-in devices (real gateway, auth and profile)', () => {
  let profile: { app: INestApplication; url: string };
  let auth: { app: INestApplication; url: string };
  let webDist: string;
  const gateways: Gateway[] = [];

  function gateway(env: Record<string, string> = {}): Gateway['app'] {
    const created = createGateway(
      loadConfig(GatewayConfig, {
        SESSION_SECRET: 'test-session-secret-of-enough-length',
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        AUTH_URL: auth.url,
        PROFILE_URL: profile.url,
        MEDIA_URL: DEAD,
        ALBUMS_URL: DEAD,
        FAMILY_URL: DEAD,
        WEB_DIST: webDist,
        ...env,
      }),
    );
    gateways.push(created);
    return created.app;
  }

  beforeAll(async () => {
    profile = await startTestApp(ProfileModule.register(loadConfig(ProfileConfig, testEnv())));
    const env = testEnv({ PROFILE_URL: profile.url, MEDIA_URL: profile.url, ALBUMS_URL: profile.url });
    auth = await startTestApp(AuthModule.register(loadConfig(AuthConfig, { ...env, FAMILY_URL: profile.url })));
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'family-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  });

  afterAll(async () => {
    for (const created of gateways) await created.close();
    await auth.app.close();
    await profile.app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  let counter = 0;
  const newName = (prefix: string) => `${prefix}${(counter += 1)}${Date.now().toString(36)}`;

  /** Signs up and turns two-step sign-in on through the gateway, as the profile page does. */
  async function enrolled(app: Gateway['app']) {
    const agent = request.agent(app);
    const username = newName('tess');
    await agent.post('/api/register').send({ username, password: 'secret-pw' }).expect(201);
    const { secret } = (await agent.post('/api/user/two-step/totp').send({}).expect(201)).body as { secret: string };
    const confirmed = await agent
      .post('/api/user/two-step/totp/confirm')
      .send({ code: await codeAt(secret) })
      .expect(200);
    return { agent, username, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  it('asks for the code after the password, signs in only then with a new session id, and never returns the secret', async () => {
    const app = gateway();
    const { agent, username, secret } = await enrolled(app);
    const status = await agent.get('/api/user/two-step').expect(200);
    expect(status.body).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: [], setupRequired: false });
    expect(JSON.stringify(status.body)).not.toContain(secret);

    const browser = request.agent(app);
    const first = await browser.post('/api/login').send({ username, password: 'secret-pw' }).expect(200);
    expect(first.body).toEqual({ secondStep: ['totp'] });
    const pendingCookie = cookieOf(first);
    // Not signed in between the two steps.
    await browser.get('/api/user').expect(401);
    await browser.get('/api/user/sessions').expect(401);

    const wrong = await browser.post('/api/login/code').send({ code: '000000' }).expect(401);
    expect(wrong.body.message).toBe(WRONG_CODE);
    const done = await browser
      .post('/api/login/code')
      .send({ code: await codeAt(secret, 1) })
      .expect(200);
    expect(done.body.user.username).toBe(username);
    // The session id known before the second step is worthless after it.
    expect(cookieOf(done)).not.toBe(pendingCookie);
    await request(app).get('/api/user').set('cookie', pendingCookie).expect(401);
    await browser.get('/api/user').expect(200);
    // The code is spent: replayed on another sign-in, it is refused.
    const again = request.agent(app);
    await again.post('/api/login').send({ username, password: 'secret-pw' }).expect(200);
    expect(
      (
        await again
          .post('/api/login/code')
          .send({ code: await codeAt(secret, 1) })
          .expect(401)
      ).body.message,
    ).toBe(WRONG_CODE);
  });

  it('refuses a code without a password first, and bad codes with a sentence', async () => {
    const app = gateway();
    const lost = await request(app).post('/api/login/code').send({ code: '123456' }).expect(401);
    expect(lost.body).toEqual({
      message: 'Your sign-in took too long or was not started. Enter your username and password again.',
      code: 'second_step_expired',
    });
    const { username } = await enrolled(app);
    const browser = request.agent(app);
    await browser.post('/api/login').send({ username, password: 'secret-pw' }).expect(200);
    expect((await browser.post('/api/login/code').send({}).expect(400)).body.message).toBe(
      'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    );
    expect(
      (
        await browser
          .post('/api/login/code')
          .send({ code: '1'.repeat(1_000_000) })
          .expect(413)
      ).body,
    ).toEqual({
      message: 'The request is not valid.',
    });
  });

  it('limits wrong codes like passwords: the eleventh attempt answers 429, the right code too', async () => {
    const app = gateway();
    const { username, secret } = await enrolled(app);
    const browser = request.agent(app);
    await browser.post('/api/login').send({ username, password: 'secret-pw' }).expect(200);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await browser.post('/api/login/code').send({ code: '000000' }).expect(401);
    }
    const limited = await browser
      .post('/api/login/code')
      .send({ code: await codeAt(secret, 1) })
      .expect(429);
    expect(limited.body.message).toBe('Too many attempts. Try again in 15 minutes.');
  });

  it('takes a recovery code once, and turns off only with a code', async () => {
    const app = gateway();
    const { agent, username, secret, recoveryCodes } = await enrolled(app);
    const signIn = async (code: string) => {
      const browser = request.agent(app);
      await browser.post('/api/login').send({ username, password: 'secret-pw' }).expect(200);
      return browser.post('/api/login/code').send({ code });
    };
    expect((await signIn(recoveryCodes[3]!)).status).toBe(200);
    expect((await signIn(recoveryCodes[3]!)).body.message).toBe(WRONG_CODE);
    expect((await agent.get('/api/user/two-step').expect(200)).body.recoveryCodesLeft).toBe(9);

    expect((await agent.post('/api/user/two-step/disable').send({ code: '111111' }).expect(401)).body.message).toBe(
      WRONG_CODE,
    );
    await agent
      .post('/api/user/two-step/disable')
      .send({ code: await codeAt(secret, 1) })
      .expect(200);
    const plain = await request(app).post('/api/login').send({ username, password: 'secret-pw' }).expect(200);
    expect(plain.body.user.username).toBe(username);
  });

  it('with REQUIRE_2FA, holds every route but the setup until it is done, then signs in with a code', async () => {
    const app = gateway({ REQUIRE_2FA: 'true' });
    const agent = request.agent(app);
    const username = newName('req');
    const signedUp = await agent.post('/api/register').send({ username, password: 'secret-pw' }).expect(201);
    expect(signedUp.body.setUpSecondFactor).toBe(true);
    const held = await agent.get('/api/user').expect(403);
    expect(held.body).toEqual({
      message: 'This archive asks every member to set up two-step sign-in first. Set it up to go on.',
      code: 'second_factor_setup_required',
    });
    await agent.get('/api/user/sessions').expect(403);
    expect((await agent.get('/api/user/two-step').expect(200)).body).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
      setupRequired: true,
    });
    // Signing in again changes nothing: the password alone opens only the setup.
    const other = request.agent(app);
    const login = await other.post('/api/login').send({ username, password: 'secret-pw' }).expect(200);
    expect(login.body).toMatchObject({ user: { username }, setUpSecondFactor: true });
    await other.get('/api/user').expect(403);

    const { secret } = (await agent.post('/api/user/two-step/totp').send({}).expect(201)).body as { secret: string };
    await agent
      .post('/api/user/two-step/totp/confirm')
      .send({ code: await codeAt(secret) })
      .expect(200);
    await agent.get('/api/user').expect(200);
    // The other browser set up nothing, but the member now has a second factor: it is let through on asking.
    expect((await other.get('/api/user/two-step').expect(200)).body.setupRequired).toBe(false);
    await other.get('/api/user').expect(200);
    const next = request.agent(app);
    expect((await next.post('/api/login').send({ username, password: 'secret-pw' }).expect(200)).body).toEqual({
      secondStep: ['totp'],
    });
    await next.post('/api/logout').send({}).expect(200);
  });

  it("the operator's reset code also turns two-step sign-in off", async () => {
    const app = gateway();
    const { username } = await enrolled(app);
    const { code } = await auth.app.get(ResetCodeService).create(username);
    await request(app)
      .post('/api/reset-password')
      .send({ username, newPassword: 'new-secret', resetCode: code })
      .expect(200);
    const login = await request(app).post('/api/login').send({ username, password: 'new-secret' }).expect(200);
    expect(login.body.user.username).toBe(username);
  });

  it('lists the signed-in devices and ends another one at once, its session gone from Redis', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const app = gateway({ REDIS_URL });
      await redis.ping();
      const phoneUa =
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
      const desktopUa = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
      const username = newName('dev');
      // The gateway uses Redis once it is connected.
      for (let tries = 0; tries < 50 && (await request(app).get('/ready')).status !== 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const desktop = await request(app)
        .post('/api/register')
        .set('user-agent', desktopUa)
        .send({ username, password: 'secret-pw' })
        .expect(201);
      const desktopCookie = cookieOf(desktop);
      const desktopSessionId = decodeURIComponent(desktopCookie.split('=')[1]!).slice(2).split('.')[0]!;
      // Each run has a new database, which gives out the same ids again: sessions an earlier run left in this Redis
      // under this person's id are not this archive's.
      const index = `family:user-sessions:${desktop.body.user.id}`;
      for (const id of await redis.smembers(index)) if (id !== desktopSessionId) await redis.srem(index, id);
      const phone = await request(app)
        .post('/api/login')
        .set('user-agent', phoneUa)
        .send({ username, password: 'secret-pw' })
        .expect(200);
      const phoneCookie = cookieOf(phone);

      const list = await request(app).get('/api/user/sessions').set('cookie', desktopCookie).expect(200);
      expect(list.body).toHaveLength(2);
      const [newest, older] = list.body;
      expect(newest).toMatchObject({ browser: 'Chrome on Android', current: false, address: expect.any(String) });
      expect(older).toMatchObject({ browser: 'Firefox on Linux', current: true });
      for (const device of list.body) {
        expect(Date.parse(device.signedInAt)).toBeLessThanOrEqual(Date.parse(device.lastSeenAt));
        expect(device.id).toMatch(/^[\w-]{22}$/);
      }
      const phoneSessionId = decodeURIComponent(phoneCookie.split('=')[1]!).slice(2).split('.')[0];
      expect(JSON.stringify(list.body)).not.toContain(phoneSessionId);
      expect(await redis.exists(`family:sess:${phoneSessionId}`)).toBe(1);

      await request(app).delete(`/api/user/sessions/${newest.id}`).set('cookie', desktopCookie).expect(200);
      expect(await redis.exists(`family:sess:${phoneSessionId}`)).toBe(0);
      await request(app).get('/api/user').set('cookie', phoneCookie).expect(401);
      await request(app).get('/api/user').set('cookie', desktopCookie).expect(200);
      const gone = await request(app)
        .delete(`/api/user/sessions/${newest.id}`)
        .set('cookie', desktopCookie)
        .expect(404);
      expect(gone.body.message).toBe('That device is no longer signed in. Look at the list again.');
      // Nobody ends another member's device: ids are looked up among one's own sessions only.
      const stranger = await request(app)
        .post('/api/register')
        .send({ username: newName('str'), password: 'secret-pw' })
        .expect(201);
      await request(app).delete(`/api/user/sessions/${older.id}`).set('cookie', cookieOf(stranger)).expect(404);
      await request(app).get('/api/user').set('cookie', desktopCookie).expect(200);
      expect((await request(app).get('/api/user/sessions').set('cookie', desktopCookie).expect(200)).body).toHaveLength(
        1,
      );
    } finally {
      await redis.quit();
    }
  });
});
