import { ApiClient, signUp, type SignedUp } from '../support/api';
import { makeAdmin } from '../support/admin';
import { pngFile, uploadMedia } from '../support/media';

const NOT_ADMIN = 'Only an admin of the archive can do this; ask one to name you admin.';

/**
 * Every route of the operator's page (docs/api.md "Operator"), with a body where it takes one (every row has three
 * cells: jest would take a missing third for the test's `done`).
 */
const ADMIN_ROUTES: Array<[method: 'GET' | 'POST', path: string, body: object | undefined]> = [
  ['GET', '/api/admin/members', undefined],
  ['POST', '/api/admin/admins', { userId: 1 }],
  ['GET', '/api/admin/sign-up', undefined],
  ['GET', '/api/admin/versions', undefined],
  ['GET', '/api/admin/queues/media', undefined],
  ['POST', '/api/admin/queues/media/jobs/00000000-0000-0000-0000-000000000000/retry', undefined],
  ['GET', '/api/admin/queues/family', undefined],
  ['POST', '/api/admin/queues/family/jobs/00000000-0000-0000-0000-000000000000/retry', undefined],
  ['GET', '/api/admin/storage', undefined],
  ['GET', '/api/admin/integrity', undefined],
  ['POST', '/api/admin/integrity', { deep: true }],
  ['GET', '/api/admin/integrity/1/findings', undefined],
  ['GET', '/api/admin/backups', undefined],
];

describe("the operator's page (docs/rights.md Admins)", () => {
  let admin: SignedUp;
  let member: SignedUp;

  beforeAll(async () => {
    admin = await signUp('opadmin');
    member = await signUp('opmember');
    await makeAdmin(admin.user.id);
  });

  it.each(ADMIN_ROUTES)('%s %s: 403 with a sentence to a member who is not an admin', async (method, path, body) => {
    const answer = await member.client.request(method, path, body);
    expect([answer.status, answer.body.message]).toEqual([403, NOT_ADMIN]);
  });

  it('answers nobody signed in 401', async () => {
    const answer = await new ApiClient().get('/api/admin/members');
    expect(answer.status).toBe(401);
  });

  it('tells each person whether they are an admin', async () => {
    expect((await admin.client.get('/api/user/role')).body).toEqual({ admin: true });
    expect((await member.client.get('/api/user/role')).body).toEqual({ admin: false });
  });

  it('shows an admin the storage per member and kind, in one list', async () => {
    const photo = pngFile([10, 200, 30], 64);
    await uploadMedia(member.client, { type: 'photo', title: 'Storage check' }, photo);
    const answer = await admin.client.get('/api/admin/storage');
    expect(answer.status).toBe(200);
    const mine = answer.body.uses.filter((use: { person: { id: number } }) => use.person.id === member.user.id);
    expect(mine).toEqual([
      {
        person: { id: member.user.id, username: member.username, displayName: 'opmember Person' },
        type: 'photo',
        items: 1,
        bytes: photo.bytes.length,
      },
    ]);
    expect(answer.body.totalBytes).toBeGreaterThanOrEqual(photo.bytes.length);
  });

  it('shows both queues by kind, the version and every service up to date, and sign-up', async () => {
    const media = await admin.client.get('/api/admin/queues/media');
    expect(media.status).toBe(200);
    expect(media.body.kinds.map((kind: { kind: string }) => kind.kind)).toEqual(
      expect.arrayContaining(['prepare', 'prepare-recording', 'export', 'takeout-import']),
    );
    const family = await admin.client.get('/api/admin/queues/family');
    expect(family.body.queue).toBe('family');
    expect(family.body.kinds.map((kind: { kind: string }) => kind.kind)).toEqual([
      'gedcom-import',
      'takeout-family-export',
      'takeout-family-import',
    ]);
    const versions = await admin.client.get('/api/admin/versions');
    expect(versions.body.appVersion).toBe('1.0.0');
    expect(versions.body.services.map((s: { service: string; pending: string[] }) => [s.service, s.pending])).toEqual([
      ['auth', []],
      ['profile', []],
      ['media', []],
      ['albums', []],
      ['family', []],
    ]);
    const signUpSetting = await admin.client.get('/api/admin/sign-up');
    expect(signUpSetting.body.signup).toBe('open');
    expect(signUpSetting.body.howToChange).toContain('SIGNUP=closed');
  });

  it('refuses a retry of a job that has not failed, with a sentence', async () => {
    const answer = await admin.client.post('/api/admin/queues/media/jobs/not-a-job/retry');
    expect([answer.status, answer.body.message]).toEqual([404, 'There is no failed job with that id in this queue.']);
  });

  it('lets an admin name another member admin, who then sees the page; a person without an account cannot be one', async () => {
    // The shared archive holds more members than one page: ask for the page that starts at this member.
    const listed = await admin.client.get(`/api/admin/members?after=${member.user.id - 1}`);
    expect(listed.body.members).toEqual(
      expect.arrayContaining([{ id: member.user.id, username: member.username, admin: false }]),
    );
    const relative = (await admin.client.post('/api/people', { givenName: 'Not', surname: 'Member' })).body as {
      id: number;
    };
    const refused = await admin.client.post('/api/admin/admins', { userId: relative.id });
    expect([refused.status, refused.body.message]).toEqual([
      404,
      'There is no member with that id: only members can be admins.',
    ]);
    const bad = await admin.client.post('/api/admin/admins', { userId: 'x' });
    expect(bad.status).toBe(400);

    expect((await admin.client.post('/api/admin/admins', { userId: member.user.id })).status).toBe(204);
    expect((await member.client.get('/api/admin/members')).status).toBe(200);
    expect((await member.client.get('/api/user/role')).body).toEqual({ admin: true });
  });
});
