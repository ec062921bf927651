import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '@family/shared';
import { asService, asUser, startTestApp, testEnv } from '@family/shared/testing';
import { AppModule as ProfileModule } from '../../profile/src/app.module';
import { ProfileConfig } from '../../profile/src/config';
import { AppModule } from '../src/app.module';
import { AuthConfig } from '../src/config';

/** docs/rights.md "Admins": the first member, and whom an admin names; the gateway marks an admin's token. */
describe('admins (real Postgres, real profile service)', () => {
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
    // Other specs' members share this database: start from an archive without an admin.
    await auth.app.get(DataSource).query('UPDATE accounts SET admin = false');
  });

  afterAll(async () => {
    await auth.app.close();
    await profile.app.close();
  });

  const register = (username: string) =>
    request(auth.url).post('/internal/accounts').set(gateway).send({ username, password: 'secret1' }).expect(201);
  const role = (id: number) => request(auth.url).get(`/internal/accounts/${id}/role`).set(gateway).expect(200);

  it('makes the first member of an archive without an admin its admin, and nobody after', async () => {
    const first = (await register('first_admin')).body as { id: number; username: string };
    const second = (await register('second_member')).body as { id: number; username: string };
    expect((await role(first.id)).body).toEqual({ admin: true });
    expect((await role(second.id)).body).toEqual({ admin: false });

    // A token the gateway did not mark is refused, even the admin's own; a marked one is answered.
    const unmarked = await request(auth.url).get('/api/admin/members').set(asUser(first)).expect(403);
    expect(unmarked.body.message).toBe('Only an admin of the archive can do this; ask one to name you admin.');
    const marked = await request(auth.url)
      .get('/api/admin/members')
      .set(asUser({ ...first, admin: true }))
      .expect(200);
    expect(marked.body.members).toEqual(
      expect.arrayContaining([
        { id: first.id, username: 'first_admin', admin: true },
        { id: second.id, username: 'second_member', admin: false },
      ]),
    );
    expect((await request(auth.url).get('/api/user/role').set(asUser(second)).expect(200)).body).toEqual({
      admin: false,
    });
  });

  it('refuses an after that is not an id with 400', async () => {
    const admin = { id: 1, username: 'x', admin: true as const };
    const answer = await request(auth.url).get('/api/admin/members?after=abc').set(asUser(admin)).expect(400);
    expect(answer.body.message).toBe('after must be a member id');
  });
});
