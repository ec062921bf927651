import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { InternalClient, loadConfig } from '@family/shared';
import { asService, asUser, startTestApp, testEnv } from '@family/shared/testing';
import { AppModule as ProfileModule } from '../../profile/src/app.module';
import { ProfileConfig } from '../../profile/src/config';
import { AppModule } from '../src/app.module';
import { AuthConfig } from '../src/config';
import { ResetCodeService } from '../src/services/reset-code.service';

describe('auth service (real Postgres, real profile service)', () => {
  let profile: { app: INestApplication; url: string };
  let auth: { app: INestApplication; url: string };
  let closedSignup: { app: INestApplication; url: string };
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
    closedSignup = await startTestApp(AppModule.register(loadConfig(AuthConfig, { ...env, SIGNUP: 'closed' })));
  });

  afterAll(async () => {
    await closedSignup.app.close();
    await auth.app.close();
    await profile.app.close();
  });

  const register = (body: object, target = auth.url) =>
    request(target).post('/internal/accounts').set(gateway).send(body);

  it('registers an account with its profile, display name falling back to the username', async () => {
    const response = await register({ username: 'Grandma_Rose', password: 'roses1' }).expect(201);
    expect(response.body).toMatchObject({ username: 'Grandma_Rose', displayName: 'Grandma_Rose', email: null });
    const created = await request(profile.url).get(`/internal/profiles/${response.body.id}`).set(gateway).expect(200);
    expect(created.body.username).toBe('Grandma_Rose');
  });

  it('refuses a username taken in another case with 409', async () => {
    await register({ username: 'twin', password: 'secret1' }).expect(201);
    const response = await register({ username: 'TWIN', password: 'secret1' }).expect(409);
    expect(response.body.message).toBe('That username is already taken. Please choose another.');
  });

  it.each([
    [
      { username: 'ab', password: 'secret1' },
      'Username must be 3 to 40 characters: letters, digits, dot, underscore or hyphen.',
    ],
    [
      { username: 'has space', password: 'secret1' },
      'Username must be 3 to 40 characters: letters, digits, dot, underscore or hyphen.',
    ],
    [{ username: 'shortpw', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'bademail', password: 'secret1', email: 'not-an-email' }, 'Please enter a valid email address'],
    [
      { username: 'future', password: 'secret1', birthday: '2999-01-01' },
      'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)',
    ],
    [{ password: 'secret1' }, 'Username is required'],
  ])('rejects %j with a sentence', async (body, message) => {
    const response = await register(body).expect(400);
    expect(response.body.message).toBe(message);
  });

  it('keeps email and birthday given at sign-up, and treats an empty email as none', async () => {
    const withBoth = await register({
      username: 'uncle.bob',
      password: 'secret1',
      email: 'bob@example.org',
      birthday: '1950-02-28',
    }).expect(201);
    expect(withBoth.body).toMatchObject({ email: 'bob@example.org', dateOfBirth: '1950-02-28' });
    const empty = await register({ username: 'aunt.sue', password: 'secret1', email: '' }).expect(201);
    expect(empty.body.email).toBeNull();
  });

  it('creates neither account nor profile when the profile service refuses', async () => {
    // The profile service already has this username (made directly), so creating it fails after the account insert.
    await request(profile.url)
      .post('/internal/profiles')
      .set(gateway)
      .send({ id: 99999, username: 'ghost', displayName: 'Ghost' })
      .expect(201);
    await register({ username: 'ghost', password: 'secret1' }).expect(409);
    await request(auth.url)
      .post('/internal/logins')
      .set(gateway)
      .send({ username: 'ghost', password: 'secret1' })
      .expect(401);
  });

  it('answers one sentence for an unknown user and a wrong password', async () => {
    await register({ username: 'carol', password: 'carols-pw' }).expect(201);
    const wrong = await request(auth.url)
      .post('/internal/logins')
      .set(gateway)
      .send({ username: 'carol', password: 'nope!!' })
      .expect(401);
    const unknown = await request(auth.url)
      .post('/internal/logins')
      .set(gateway)
      .send({ username: 'nobody', password: 'nope!!' })
      .expect(401);
    expect(wrong.body.message).toBe('Invalid username or password');
    expect(unknown.body.message).toBe('Invalid username or password');
    const ok = await request(auth.url)
      .post('/internal/logins')
      .set(gateway)
      .send({ username: 'CAROL', password: 'carols-pw' })
      .expect(200);
    expect(ok.body).toMatchObject({ username: 'carol', displayName: 'carol' });
  });

  it('answers 400, not a 500, for a null character in a username and an id beyond what Postgres stores', async () => {
    const nul = 'The text contains a null character (\\u0000), which cannot be stored. Please remove it.';
    for (const [path, body] of [
      ['/internal/logins', { username: 'carol\u0000', password: 'carols-pw' }],
      ['/internal/password-resets', { username: 'carol\u0000', newPassword: 'secret1', resetCode: 'ABCDE-FGHJK' }],
      ['/internal/accounts', { username: 'nul.display', password: 'secret1', displayName: 'Nul\u0000' }],
    ] as const) {
      const response = await request(auth.url).post(path).set(gateway).send(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(nul);
    }
    const beyond = await request(auth.url).delete('/internal/accounts/9999999999').set(gateway).expect(400);
    expect(beyond.body.message).toBe('The id in the address is too large: nothing has an id that big.');
  });

  it('stores passwords as salted scrypt hashes, never in clear', async () => {
    const dataSource = auth.app.get(ResetCodeService)['accounts']['accounts'].manager.connection;
    const rows: Array<{ password_hash: string }> = await dataSource.query(`SELECT password_hash FROM auth.accounts`);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(new Set(rows.map((row) => row.password_hash.split('$')[4])).size).toBe(rows.length);
  });

  it('resets a password with a one-time code and refuses wrong, reused and missing codes', async () => {
    await register({ username: 'dave', password: 'old-pass' }).expect(201);
    const reset = (resetCode: string, newPassword = 'new-pass') =>
      request(auth.url)
        .post('/internal/password-resets')
        .set(gateway)
        .send({ username: 'dave', newPassword, resetCode });

    expect((await reset('WRONG-CODE').expect(400)).body.message).toBe('Invalid or expired reset code');
    const { code } = await auth.app.get(ResetCodeService).create('dave');
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await reset(code, '123').expect(400)).body.message).toBe('Password must be at least 6 characters');
    await reset(code.toLowerCase()).expect(200);
    expect((await reset(code).expect(400)).body.message).toBe('Invalid or expired reset code');
    await request(auth.url)
      .post('/internal/logins')
      .set(gateway)
      .send({ username: 'dave', password: 'new-pass' })
      .expect(200);
    expect(
      (
        await request(auth.url)
          .post('/internal/password-resets')
          .set(gateway)
          .send({ username: 'dave', newPassword: 'x1x1x1' })
          .expect(400)
      ).body.message,
    ).toBe('Reset code is required');
  });

  it('gives the refusals the gateway counts a stable code beside the sentence', async () => {
    await register({ username: 'dora', password: 'doras-pw' }).expect(201);
    const login = await request(auth.url)
      .post('/internal/logins')
      .set(gateway)
      .send({ username: 'dora', password: 'wrong-pw' })
      .expect(401);
    expect(login.body).toEqual({
      statusCode: 401,
      message: 'Invalid username or password',
      code: 'invalid_credentials',
    });
    const resetWith = (resetCode: string, newPassword: string) =>
      request(auth.url)
        .post('/internal/password-resets')
        .set(gateway)
        .send({ username: 'dora', newPassword, resetCode });
    expect((await resetWith('WRONG-CODE', 'new-pass').expect(400)).body).toEqual({
      statusCode: 400,
      message: 'Invalid or expired reset code',
      code: 'invalid_reset_code',
    });
    // Other refusals keep the plain body: a sentence, no code.
    expect((await resetWith('WRONG-CODE', '123').expect(400)).body).toEqual({
      statusCode: 400,
      message: 'Password must be at least 6 characters',
    });
  });

  it('lets a newer code replace an older unused one', async () => {
    await register({ username: 'erin', password: 'old-pass' }).expect(201);
    const first = await auth.app.get(ResetCodeService).create('erin');
    const second = await auth.app.get(ResetCodeService).create('erin');
    const send = (resetCode: string) =>
      request(auth.url)
        .post('/internal/password-resets')
        .set(gateway)
        .send({ username: 'erin', newPassword: 'next-pass', resetCode });
    await send(first.code).expect(400);
    await send(second.code).expect(200);
  });

  it('changes the own password only with the current one', async () => {
    const user = (await register({ username: 'frank', password: 'first-pw' }).expect(201)).body;
    const identity = asUser({ id: user.id, username: 'frank' });
    const wrong = await request(auth.url)
      .post('/api/user/password')
      .set(identity)
      .send({ currentPassword: 'nope', newPassword: 'second-pw' })
      .expect(400);
    expect(wrong.body.message).toBe('Your current password is not correct.');
    await request(auth.url)
      .post('/api/user/password')
      .set(identity)
      .send({ currentPassword: 'first-pw', newPassword: 'second-pw' })
      .expect(200);
    await request(auth.url)
      .post('/internal/logins')
      .set(gateway)
      .send({ username: 'frank', password: 'second-pw' })
      .expect(200);
    await request(auth.url)
      .post('/api/user/password')
      .send({ currentPassword: 'second-pw', newPassword: 'third-pw' })
      .expect(401);
  });

  it('refuses internal routes without a service token and with a forged one', async () => {
    await request(auth.url).post('/internal/accounts').send({ username: 'mallory', password: 'secret1' }).expect(403);
    await request(auth.url)
      .post('/internal/accounts')
      .set(asService('gateway', 'a-different-secret-of-enough-length'))
      .send({ username: 'mallory', password: 'secret1' })
      .expect(403);
    // A person's identity token is not a service token.
    await request(auth.url)
      .post('/internal/accounts')
      .set({ 'x-service-token': asUser({ id: 1, username: 'x' })['x-identity-token'] })
      .send({})
      .expect(403);
  });

  it('with sign-up closed refuses strangers but lets a member add a relative', async () => {
    const refused = await register({ username: 'stranger', password: 'secret1' }, closedSignup.url).expect(403);
    expect(refused.body.message).toBe('Sign-up is closed. Ask a family member to add you.');
    await register({ username: 'cousin', password: 'secret1', invitedBy: 1 }, closedSignup.url).expect(201);
  });

  it('deletes an account after every service purged the person, and the profile with it', async () => {
    const user = (await register({ username: 'gone.soon', password: 'secret1' }).expect(201)).body;
    // Here every other service's address is the profile service's: what shows that each was asked is the calls.
    const calls = jest.spyOn(auth.app.get(InternalClient), 'call');
    try {
      await request(auth.url).delete(`/internal/accounts/${user.id}`).set(gateway).expect(204);
      expect(calls.mock.calls.map(([target, method, path]) => `${target.name} ${method} ${path}`)).toEqual([
        `media DELETE /internal/users/${user.id}`,
        `albums DELETE /internal/users/${user.id}`,
        `family DELETE /internal/users/${user.id}`,
        `profile DELETE /internal/users/${user.id}`,
      ]);
    } finally {
      calls.mockRestore();
    }
    await request(profile.url).get(`/internal/profiles/${user.id}`).set(gateway).expect(404);
    await request(auth.url)
      .post('/internal/logins')
      .set(gateway)
      .send({ username: 'gone.soon', password: 'secret1' })
      .expect(401);
    // Deleting again is harmless: every step is idempotent.
    await request(auth.url).delete(`/internal/accounts/${user.id}`).set(gateway).expect(204);
  });

  it('keeps the account and answers 503 when a service cannot purge', async () => {
    const env = testEnv({
      PROFILE_URL: profile.url,
      MEDIA_URL: 'http://127.0.0.1:9',
      ALBUMS_URL: profile.url,
      FAMILY_URL: profile.url,
    });
    const broken = await startTestApp(AppModule.register(loadConfig(AuthConfig, env)));
    try {
      const user = (await register({ username: 'still.here', password: 'secret1' }).expect(201)).body;
      const response = await request(broken.url).delete(`/internal/accounts/${user.id}`).set(gateway).expect(503);
      expect(response.body.message).toBe('The media service is unavailable. Try again shortly.');
      await request(auth.url)
        .post('/internal/logins')
        .set(gateway)
        .send({ username: 'still.here', password: 'secret1' })
        .expect(200);
    } finally {
      await broken.app.close();
    }
  });

  it('answers health and readiness without a token', async () => {
    await request(auth.url).get('/health').expect(200, { status: 'ok' });
    await request(auth.url).get('/ready').expect(200, { status: 'ready' });
  });
});
