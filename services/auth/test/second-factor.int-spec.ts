import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { generate } from 'otplib';
import request from 'supertest';
import { loadConfig } from '@family/shared';
import { asService, startTestApp, testEnv } from '@family/shared/testing';
import { AppModule as ProfileModule } from '../../profile/src/app.module';
import { ProfileConfig } from '../../profile/src/config';
import { AppModule } from '../src/app.module';
import { AuthConfig } from '../src/config';
import { ResetCodeService } from '../src/services/reset-code.service';

/** The code an authenticator app shows `stepsAhead` periods of 30 s from now: the test moves time, never waits. */
const codeAt = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

describe('two-step sign-in (real Postgres, real profile service)', () => {
  let profile: { app: INestApplication; url: string };
  let auth: { app: INestApplication; url: string };
  const gateway = asService('gateway');

  beforeAll(async () => {
    profile = await startTestApp(ProfileModule.register(loadConfig(ProfileConfig, testEnv())));
    const env = testEnv({
      PROFILE_URL: profile.url,
      MEDIA_URL: profile.url,
      ALBUMS_URL: profile.url,
      FAMILY_URL: profile.url,
    });
    auth = await startTestApp(AppModule.register(loadConfig(AuthConfig, env)));
  });

  afterAll(async () => {
    await auth.app.close();
    await profile.app.close();
  });

  const post = (path: string, body: object = {}) => request(auth.url).post(path).set(gateway).send(body);
  const member = async (username: string) =>
    (await post('/internal/accounts', { username, password: 'secret-pw' }).expect(201)).body as { id: number };
  const enrol = async (id: number, username: string) => {
    const { secret, uri } = (await post(`/internal/accounts/${id}/totp`, { username }).expect(201)).body;
    const { recoveryCodes } = (
      await post(`/internal/accounts/${id}/totp/confirm`, { code: await codeAt(secret) }).expect(200)
    ).body as { recoveryCodes: string[] };
    return { secret: secret as string, uri: uri as string, recoveryCodes };
  };

  it('enrols an app with a code, then asks for a code at sign-in and takes each code once', async () => {
    const { id } = await member('tess');
    const login = () => post('/internal/logins', { username: 'tess', password: 'secret-pw' }).expect(200);
    expect((await login()).body).toMatchObject({ username: 'tess', secondFactors: [] });

    const started = (await post(`/internal/accounts/${id}/totp`, { username: 'tess' }).expect(201)).body;
    expect(started.uri).toBe(`otpauth://totp/Family%20Archive:tess?secret=${started.secret}&issuer=Family%20Archive`);
    // Not yet confirmed: the password alone still signs in.
    expect((await login()).body.secondFactors).toEqual([]);
    const wrong = await post(`/internal/accounts/${id}/totp/confirm`, { code: '000000' }).expect(401);
    expect(wrong.body.message).toBe('That code is not right. Enter the 6-digit code your authenticator app shows now.');
    const now = await codeAt(started.secret);
    const confirmed = await post(`/internal/accounts/${id}/totp/confirm`, { code: now }).expect(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);

    expect((await login()).body.secondFactors).toEqual(['totp']);
    const verify = (code: string) => post(`/internal/accounts/${id}/second-factor/verify`, { code });
    // The code that confirmed the app is spent: replayed, it is refused.
    const replay = await verify(now).expect(401);
    expect(replay.body).toMatchObject({
      code: 'invalid_second_factor_code',
      message:
        'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.',
    });
    const next = await codeAt(started.secret, 1);
    expect((await verify(next).expect(200)).body).toEqual({ method: 'totp' });
    await verify(next).expect(401);
    // Another setup cannot replace a confirmed app.
    const again = await post(`/internal/accounts/${id}/totp`, { username: 'tess' }).expect(409);
    expect(again.body.message).toBe('Two-step sign-in is already on. Turn it off first to set it up with another app.');
  });

  it('takes a recovery code once, in any case and spacing, and counts those left', async () => {
    const { id } = await member('rory');
    const { recoveryCodes } = await enrol(id, 'rory');
    const verify = (code: string) => post(`/internal/accounts/${id}/second-factor/verify`, { code });
    expect((await verify(` ${recoveryCodes[0]!.toLowerCase()} `).expect(200)).body).toEqual({ method: 'recovery' });
    await verify(recoveryCodes[0]!).expect(401);
    const status = await request(auth.url).get(`/internal/accounts/${id}/second-factors`).set(gateway).expect(200);
    expect(status.body).toEqual({ totp: true, recoveryCodesLeft: 9, passkeys: [] });
    expect((await verify('x'.repeat(41)).expect(400)).body.message).toBe(
      'That code is too long to be a code of this archive.',
    );
    expect((await verify('').expect(400)).body.message).toBe(
      'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    );
  });

  it('turns off with a code only, and a reset code from the operator turns it off too', async () => {
    const { id } = await member('ursula');
    const { secret } = await enrol(id, 'ursula');
    await post(`/internal/accounts/${id}/totp/disable`, { code: '123456' }).expect(401);
    await post(`/internal/accounts/${id}/totp/disable`, { code: await codeAt(secret, 1) }).expect(204);
    const off = await request(auth.url).get(`/internal/accounts/${id}/second-factors`).set(gateway).expect(200);
    expect(off.body).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: [] });

    await enrol(id, 'ursula');
    const { code } = await auth.app.get(ResetCodeService).create('ursula');
    await post('/internal/password-resets', { username: 'ursula', newPassword: 'new-secret', resetCode: code }).expect(
      200,
    );
    const login = await post('/internal/logins', { username: 'ursula', password: 'new-secret' }).expect(200);
    expect(login.body.secondFactors).toEqual([]);
  });

  it('keeps the secret sealed and the recovery codes hashed in the database', async () => {
    const { id } = await member('sealed');
    const { secret, recoveryCodes } = await enrol(id, 'sealed');
    const db = auth.app.get(DataSource);
    const [factor] = await db.query(`SELECT secret FROM auth.totp_factors WHERE account_id = $1`, [id]);
    expect(factor.secret).toMatch(/^v1:/);
    expect(factor.secret).not.toContain(secret);
    const codes: Array<{ code_hash: string }> = await db.query(
      `SELECT code_hash FROM auth.recovery_codes WHERE account_id = $1`,
      [id],
    );
    expect(codes).toHaveLength(10);
    for (const row of codes) expect(recoveryCodes).not.toContain(row.code_hash);
  });

  it('lists passkeys, asks for one at sign-in, refuses an answer that does not verify, and the reset code clears them', async () => {
    const { id } = await member('pia');
    const other = await member('pia.other');
    // A passkey as registration keeps it (a real one is made by Chromium's virtual authenticator in the e2e tests).
    const db = auth.app.get(DataSource);
    const [row] = await db.query(
      `INSERT INTO auth.passkeys (account_id, credential_id, public_key, name) VALUES ($1, 'cred-pia', '\\x0102', 'Phone')
       RETURNING id`,
      [id],
    );
    const login = await post('/internal/logins', { username: 'pia', password: 'secret-pw' }).expect(200);
    expect(login.body.secondFactors).toEqual(['passkey']);
    const status = await request(auth.url).get(`/internal/accounts/${id}/second-factors`).set(gateway).expect(200);
    expect(status.body).toMatchObject({ totp: false, passkeys: [{ id: row.id, name: 'Phone', lastUsedAt: null }] });

    const options = await post(`/internal/accounts/${id}/passkeys/authentication-options`, {
      rpId: 'photos.example.org',
    }).expect(200);
    expect(options.body).toMatchObject({ rpId: 'photos.example.org', allowCredentials: [{ id: 'cred-pia' }] });
    expect(options.body.challenge).toMatch(/^[\w-]{20,}$/);
    const ceremony = {
      expectedChallenge: options.body.challenge,
      expectedOrigin: 'https://photos.example.org',
      rpId: 'photos.example.org',
    };
    const forged = await post(`/internal/accounts/${id}/passkeys/verify`, {
      ...ceremony,
      response: { id: 'cred-pia', rawId: 'cred-pia', type: 'public-key', response: {}, clientExtensionResults: {} },
    }).expect(401);
    expect(forged.body.message).toBe(
      'That passkey did not work. Try it again, or use a code from your authenticator app or a recovery code.',
    );
    // Another member's passkey, or none at all, is refused alike.
    await post(`/internal/accounts/${other.id}/passkeys/verify`, { ...ceremony, response: { id: 'cred-pia' } }).expect(
      401,
    );
    expect((await post(`/internal/accounts/${id}/passkeys/verify`, ceremony).expect(400)).body.message).toBe(
      'The passkey answer is missing. Try again.',
    );
    const garbage = await post(`/internal/accounts/${id}/passkeys`, { ...ceremony, response: { id: 1 } }).expect(400);
    expect(garbage.body.message).toBe('The passkey could not be added. Try again.');
    await request(auth.url).delete(`/internal/accounts/${other.id}/passkeys/${row.id}`).set(gateway).expect(404);

    const { code } = await auth.app.get(ResetCodeService).create('pia');
    await post('/internal/password-resets', { username: 'pia', newPassword: 'new-secret', resetCode: code }).expect(
      200,
    );
    expect(
      (await post('/internal/logins', { username: 'pia', password: 'new-secret' }).expect(200)).body,
    ).toMatchObject({
      secondFactors: [],
    });
  });
});
