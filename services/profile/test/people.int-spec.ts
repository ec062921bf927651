import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '@family/shared';
import { asService, asUser, freePort, startTestApp, testEnv, type TestApp } from '@family/shared/testing';
import { AppModule as AlbumsModule } from '../../albums/src/app.module';
import { AlbumsConfig } from '../../albums/src/config';
import { AppModule as AuthModule } from '../../auth/src/app.module';
import { AuthConfig } from '../../auth/src/config';
import { AppModule as FamilyModule } from '../../family/src/app.module';
import { FamilyConfig } from '../../family/src/config';
import { AppModule as MediaModule } from '../../media/src/app.module';
import { MediaConfig } from '../../media/src/config';
import { AppModule } from '../src/app.module';
import { ProfileConfig } from '../src/config';

/** People with and without accounts, through the real auth, media, albums and family services beside profile. */
describe('people', () => {
  let auth: TestApp;
  let profile: TestApp;
  let media: TestApp;
  let albums: TestApp;
  let family: TestApp;
  let alice: { id: number; username: string; headers: Record<string, string> };
  let bob: { id: number; username: string; headers: Record<string, string> };

  const member = async (username: string) => {
    const res = await request(auth.app.getHttpServer())
      .post('/internal/accounts')
      .set(asService('gateway'))
      .send({
        invitedBy: 1,
        username,
        password: 'correct horse battery',
        displayName: `${username[0]!.toUpperCase()}${username.slice(1)}`,
      })
      .expect(201);
    const id = res.body.id as number;
    return {
      id,
      username,
      get headers() {
        return asUser({ id, username });
      },
    };
  };

  beforeAll(async () => {
    const profilePort = await freePort();
    const profileUrl = `http://127.0.0.1:${profilePort}`;
    const mediaPort = await freePort();
    // Sign-up is closed: an invite must still let a relative in.
    auth = await startTestApp(
      AuthModule.register(
        loadConfig(
          AuthConfig,
          testEnv({ PROFILE_URL: profileUrl, MEDIA_URL: `http://127.0.0.1:${mediaPort}`, SIGNUP: 'closed' }),
        ),
      ),
    );
    // Other test files make profiles with ids of their own choosing, straight in profile: start beyond them.
    await auth.app.get(DataSource).query(`SELECT setval('accounts_id_seq', 500000)`);
    const albumsPort = await freePort();
    media = await startTestApp(
      MediaModule.register(
        loadConfig(MediaConfig, testEnv({ PROFILE_URL: profileUrl, ALBUMS_URL: `http://127.0.0.1:${albumsPort}` })),
      ),
      mediaPort,
    );
    albums = await startTestApp(
      AlbumsModule.register(loadConfig(AlbumsConfig, testEnv({ PROFILE_URL: profileUrl, MEDIA_URL: media.url }))),
      albumsPort,
    );
    family = await startTestApp(
      FamilyModule.register(
        loadConfig(FamilyConfig, testEnv({ PROFILE_URL: profileUrl, AUTH_URL: auth.url, MEDIA_URL: media.url })),
      ),
    );
    profile = await startTestApp(
      AppModule.register(loadConfig(ProfileConfig, testEnv({ AUTH_URL: auth.url }))),
      profilePort,
    );
    alice = await member('alice-people');
    bob = await member('bob-people');
  });

  afterAll(async () => {
    await profile.app.close();
    await family.app.close();
    await albums.app.close();
    await media.app.close();
    await auth.app.close();
  });

  const api = () => request(profile.url);
  // Deleting and merging a person are family's to answer (the gateway sends them there: docs/architecture.md).
  const people = () => request(family.url);
  const add = (body: object, who = alice) => api().post('/api/people').set(who.headers).send(body);

  it('adds a person without an account, in the one id space, with genealogical dates', async () => {
    const res = await add({
      givenName: ' Maria ',
      surname: 'Kowalska',
      sex: 'F',
      birth: { date: 'ABT 1850', place: 'Kraków' },
      death: { date: 'BET 1900 AND 1910', place: null },
      story: 'She kept bees.',
    }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username: null,
      hasAccount: false,
      displayName: 'Maria Kowalska',
      profilePicture: null,
      givenName: 'Maria',
      surname: 'Kowalska',
      sex: 'F',
      birth: { date: 'ABT 1850', place: 'Kraków' },
      death: { date: 'BET 1900 AND 1910', place: null },
      living: false,
      story: 'She kept bees.',
    });
    expect(res.body.id).toBeGreaterThan(bob.id);
    const rows = await auth.app
      .get(DataSource)
      .query(`SELECT username, password_hash FROM accounts WHERE id = $1`, [res.body.id]);
    expect(rows).toEqual([{ username: null, password_hash: null }]);
    const [days] = await profile.app
      .get(DataSource)
      .query(
        `SELECT to_char(birth_earliest, 'YYYY-MM-DD') AS be, to_char(death_latest, 'YYYY-MM-DD') AS dl FROM profiles WHERE user_id = $1`,
        [res.body.id],
      );
    expect(days).toEqual({ be: '1850-01-01', dl: '1910-12-31' });
    await api().get(`/api/people/${res.body.id}`).set(bob.headers).expect(200, res.body);
    // The directory lookup serves people without accounts too.
    const lookup = await api()
      .post('/internal/users/lookup')
      .set(asService('media'))
      .send({ ids: [res.body.id, alice.id] })
      .expect(200);
    expect(lookup.body.map((p: { username: string | null }) => p.username).sort()).toEqual(['alice-people', null]);
  });

  it('keeps /api/users to members and lists everyone in /api/people, searchable and paged', async () => {
    const names = ['Zofia Nowak', 'Jan Nowak', 'Anna Nowakowska', 'Piotr Wiśniewski'];
    for (const name of names) {
      const [givenName, surname] = name.split(' ');
      await add({ givenName, surname }).expect(201);
    }
    const users = await api().get('/api/users').set(alice.headers).expect(200);
    expect(users.body.every((u: { username: string | null }) => u.username !== null)).toBe(true);
    expect(users.body.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['alice-people', 'bob-people']),
    );

    const search = await api().get('/api/people?q=NOWAK').set(alice.headers).expect(200);
    expect(search.body.items.map((p: { displayName: string }) => p.displayName)).toEqual([
      'Anna Nowakowska',
      'Jan Nowak',
      'Zofia Nowak',
    ]);
    expect(search.body.nextCursor).toBeNull();
    const byPart = await api().get('/api/people?q=niew').set(alice.headers).expect(200);
    expect(byPart.body.items.map((p: { displayName: string }) => p.displayName)).toEqual(['Piotr Wiśniewski']);
    // Members are found by their username too.
    const byUsername = await api().get('/api/people?q=bob-peo').set(alice.headers).expect(200);
    expect(byUsername.body.items.map((p: { id: number }) => p.id)).toEqual([bob.id]);

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: request.Response = await api()
        .get(`/api/people?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .set(alice.headers)
        .expect(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((p: { displayName: string }) => p.displayName));
      cursor = page.body.nextCursor;
    }
    const all = await api().get('/api/people?limit=200').set(alice.headers).expect(200);
    expect(seen).toEqual(all.body.items.map((p: { displayName: string }) => p.displayName));
    expect(seen).toEqual(expect.arrayContaining([...names, 'Alice-people', 'Bob-people']));

    await api().get('/api/people?limit=0').set(alice.headers).expect(400);
    const bad = await api().get('/api/people?cursor=nonsense').set(alice.headers).expect(400);
    expect(bad.body.message).toBe('The cursor is not one this list gave out.');
  });

  it('answers 400 with the reason for a date that is not genealogical grammar, and writes nothing', async () => {
    const before = await auth.app.get(DataSource).query(`SELECT count(*)::int AS n FROM accounts`);
    const res = await add({ givenName: 'Ewa', birth: { date: '31 FOO 1900' } }).expect(400);
    expect(res.body.message).toMatch(/^The birth date "31 FOO 1900" is not a genealogical date: .+/);
    expect(await auth.app.get(DataSource).query(`SELECT count(*)::int AS n FROM accounts`)).toEqual(before);
    const nameless = await add({ sex: 'F' }).expect(400);
    expect(nameless.body.message).toBe('A person needs a name: a given name, a surname or a display name.');
    await add({ givenName: 'Ewa', sex: 'Q' }).expect(400, {
      statusCode: 400,
      message: 'Sex must be F, M, X or U (unknown)',
    });
  });

  it('lets any member edit a person without an account, keeps the history and undoes a change', async () => {
    const person = (
      await add({ givenName: 'Stefan', surname: 'Lis', birth: { date: '1951', place: null } }).expect(201)
    ).body as { id: number };
    const edited = await api()
      .patch(`/api/people/${person.id}`)
      .set(bob.headers)
      .send({ surname: 'Lisowski', death: { date: '12 MAR 1960', place: 'Gdańsk' } })
      .expect(200);
    expect(edited.body).toMatchObject({
      displayName: 'Stefan Lisowski',
      surname: 'Lisowski',
      death: { date: '12 MAR 1960', place: 'Gdańsk' },
      living: false,
    });
    const history = await api().get(`/api/people/${person.id}/history`).set(alice.headers).expect(200);
    expect(history.body).toEqual([
      {
        id: expect.any(Number),
        personId: person.id,
        action: 'update',
        before: { displayName: 'Stefan Lis', surname: 'Lis', death: null },
        after: { displayName: 'Stefan Lisowski', surname: 'Lisowski', death: { date: '12 MAR 1960', place: 'Gdańsk' } },
        changedBy: expect.objectContaining({ id: bob.id, displayName: 'Bob-people' }),
        changedAt: expect.any(String),
        undoneBy: null,
      },
      expect.objectContaining({
        action: 'create',
        before: {},
        after: { displayName: 'Stefan Lis', givenName: 'Stefan', surname: 'Lis', birth: { date: '1951', place: null } },
        changedBy: expect.objectContaining({ id: alice.id }),
      }),
    ]);
    const update = history.body[0] as { id: number };

    const undone = await api()
      .post(`/api/people/${person.id}/history/${update.id}/undo`)
      .set(alice.headers)
      .expect(200);
    expect(undone.body).toMatchObject({ displayName: 'Stefan Lis', surname: 'Lis', death: null, living: true });
    const after = await api().get(`/api/people/${person.id}/history`).set(alice.headers).expect(200);
    expect(after.body[0]).toMatchObject({ action: 'undo', changedBy: { id: alice.id } });
    expect(after.body[1]).toMatchObject({ id: update.id, undoneBy: after.body[0].id });
    const again = await api().post(`/api/people/${person.id}/history/${update.id}/undo`).set(alice.headers).expect(409);
    expect(again.body.message).toBe('This change has already been undone.');

    // An undo is refused once a later change touched the same fields.
    const first = (await api().patch(`/api/people/${person.id}`).set(alice.headers).send({ story: 'One' }).expect(200))
      .body;
    expect(first.story).toBe('One');
    await api().patch(`/api/people/${person.id}`).set(bob.headers).send({ story: 'Two' }).expect(200);
    const [, storyOne] = (await api().get(`/api/people/${person.id}/history`).set(alice.headers)).body as Array<{
      id: number;
    }>;
    const late = await api()
      .post(`/api/people/${person.id}/history/${storyOne!.id}/undo`)
      .set(alice.headers)
      .expect(409);
    expect(late.body.message).toBe('This person has been changed since; undo the later change first.');
    const bad = await api()
      .patch(`/api/people/${person.id}`)
      .set(alice.headers)
      .send({ death: { date: 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The death date "soon" is not a genealogical date/);
  });

  it('lets members edit only their own fields, and never deletes a member', async () => {
    const refused = await api().patch(`/api/people/${bob.id}`).set(alice.headers).send({ surname: 'X' }).expect(403);
    expect(refused.body.message).toBe('Only Bob-people can edit their own profile.');
    const own = await api()
      .patch(`/api/people/${alice.id}`)
      .set(alice.headers)
      .send({ givenName: 'Alicja', sex: 'F', birth: { date: '3 JUN 1990', place: 'Łódź' } })
      .expect(200);
    expect(own.body).toMatchObject({
      displayName: 'Alice-people',
      givenName: 'Alicja',
      hasAccount: true,
      living: true,
    });
    const deleted = await people().delete(`/api/people/${bob.id}`).set(alice.headers).expect(409);
    expect(deleted.body.message).toBe('Bob-people has an account; only they can delete it.');
    // Auth itself never removes a member's row as a person without an account.
    const direct = await request(auth.url).delete(`/internal/people/${bob.id}`).set(asService('profile')).expect(409);
    expect(direct.body.message).toBe('This person has an account; only they can delete it.');
  });

  it('deletes a person without an account unless they are tagged, with their ties and id', async () => {
    const person = (await add({ givenName: 'Tomasz' }).expect(201)).body as { id: number };
    await request(family.url)
      .post('/api/family')
      .set(alice.headers)
      .send({ toUserId: person.id, relationType: 'parent' })
      .expect(201);
    const item = await request(media.url)
      .post('/api/media')
      .set(alice.headers)
      .field('title', 'Recipe')
      .field('type', 'document')
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), { filename: 'r.pdf', contentType: 'application/pdf' })
      .expect(201);
    await request(media.url)
      .post(`/api/media/${item.body.id}/tags`)
      .set(alice.headers)
      .send({ userId: person.id })
      .expect(201);
    const refused = await people().delete(`/api/people/${person.id}`).set(bob.headers).expect(409);
    expect(refused.body.message).toBe('Tomasz is tagged in one item. Remove the tags first.');
    await api().get(`/api/people/${person.id}`).set(bob.headers).expect(200);

    await request(media.url).delete(`/api/media/${item.body.id}/tags/${person.id}`).set(alice.headers).expect(204);
    await people().delete(`/api/people/${person.id}`).set(bob.headers).expect(204);
    await api().get(`/api/people/${person.id}`).set(bob.headers).expect(404);
    const tree = await request(family.url).get(`/api/family/${alice.id}`).set(alice.headers).expect(200);
    expect(tree.body).toEqual([]);
    expect(await auth.app.get(DataSource).query(`SELECT id FROM accounts WHERE id = $1`, [person.id])).toEqual([]);
    expect(
      await profile.app.get(DataSource).query(`SELECT id FROM person_changes WHERE person_id = $1`, [person.id]),
    ).toEqual([]);
  });

  const tagIn = async (personId: number) => {
    const item = await request(media.url)
      .post('/api/media')
      .set(alice.headers)
      .field('title', `Photo of ${personId}`)
      .field('type', 'document')
      .attach('file', Buffer.from(`%PDF-1.4\n% ${personId} ${Math.random()}\n%%EOF\n`), {
        filename: 'p.pdf',
        contentType: 'application/pdf',
      })
      .expect(201);
    await request(media.url)
      .post(`/api/media/${item.body.id}/tags`)
      .set(alice.headers)
      .send({ userId: personId })
      .expect(201);
    return item.body.id as number;
  };

  it('invites a relative, who signs up as that very person while sign-up is closed', async () => {
    const person = (await add({ givenName: 'Ola', surname: 'Nowicka' }).expect(201)).body as { id: number };
    const photo = await tagIn(person.id);
    const invite = await api().post(`/api/people/${person.id}/invite`).set(bob.headers).expect(201);
    expect(invite.body).toEqual({
      code: expect.stringMatching(/^[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{2}$/),
      url: `/?invite=${invite.body.code}`,
      expiresAt: expect.any(String),
    });
    const days = (Date.parse(invite.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const held = await people().delete(`/api/people/${person.id}`).set(bob.headers);
    expect(held.status).toBe(409);

    const register = (body: object) =>
      request(auth.url)
        .post('/internal/accounts')
        .set(asService('gateway'))
        .send({ password: 'a good password', ...body });
    // A username already taken changes nothing: the invite still works afterwards.
    const taken = await register({ username: 'alice-people', inviteCode: invite.body.code }).expect(409);
    expect(taken.body.message).toBe('That username is already taken. Please choose another.');
    const wrong = await register({ username: 'ola', inviteCode: 'ABCDE-FGHJK-MN' }).expect(400);
    expect(wrong.body.message).toMatch(/^This invite code is not valid/);

    const joined = await register({ username: 'ola', inviteCode: invite.body.code.toLowerCase() }).expect(201);
    expect(joined.body).toMatchObject({ id: person.id, username: 'ola', displayName: 'Ola Nowicka' });
    const again = await register({ username: 'ola2', inviteCode: invite.body.code }).expect(400);
    expect(again.body.message).toMatch(/^This invite code is not valid/);

    const login = await request(auth.url)
      .post('/internal/logins')
      .set(asService('gateway'))
      .send({ username: 'ola', password: 'a good password' })
      .expect(200);
    expect(login.body.id).toBe(person.id);
    const me = await api().get(`/api/people/${person.id}`).set(alice.headers).expect(200);
    expect(me.body).toMatchObject({ hasAccount: true, username: 'ola', givenName: 'Ola' });
    const tagged = await request(media.url)
      .get('/api/media/tagged')
      .set(asUser({ id: person.id, username: 'ola' }))
      .expect(200);
    expect(tagged.body.items.map((i: { id: number }) => i.id)).toEqual([photo]);
    const member = await api().post(`/api/people/${person.id}/invite`).set(bob.headers).expect(409);
    expect(member.body.message).toBe('Ola Nowicka already has an account.');
  });

  it('merges a duplicate into another person: ties, tags and missing fields move, the duplicate goes', async () => {
    const keep = (await add({ givenName: 'Jadwiga', surname: 'Mazur' }).expect(201)).body as { id: number };
    const duplicate = (
      await add({ displayName: 'Babcia Jadzia', sex: 'F', birth: { date: 'ABT 1930', place: 'Lwów' } }).expect(201)
    ).body as { id: number };
    const photo = await tagIn(duplicate.id);
    await api()
      .post('/api/memories')
      .set(bob.headers)
      .send({ title: 'Her pierogi', content: 'Every Sunday.', personId: duplicate.id })
      .expect(201);
    await request(family.url)
      .post('/api/family')
      .set(alice.headers)
      .send({ toUserId: duplicate.id, relationType: 'parent' })
      .expect(201);

    const member = await people().post(`/api/people/${bob.id}/merge`).set(alice.headers).send({ intoId: keep.id });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe('Bob-people has an account and cannot be merged into someone else.');
    await people().post(`/api/people/${keep.id}/merge`).set(alice.headers).send({ intoId: keep.id }).expect(400);

    const merged = await people()
      .post(`/api/people/${duplicate.id}/merge`)
      .set(bob.headers)
      .send({ intoId: keep.id })
      .expect(200);
    expect(merged.body).toMatchObject({
      id: keep.id,
      displayName: 'Jadwiga Mazur',
      sex: 'F',
      birth: { date: 'ABT 1930', place: 'Lwów' },
    });
    await api().get(`/api/people/${duplicate.id}`).set(alice.headers).expect(404);
    const tree = await request(family.url).get(`/api/family/${alice.id}`).set(alice.headers).expect(200);
    expect(tree.body.map((r: { toUserId: number; relationType: string }) => [r.toUserId, r.relationType])).toEqual([
      [keep.id, 'parent'],
    ]);
    const photos = await request(media.url).get(`/api/media/tagged?userId=${keep.id}`).set(alice.headers).expect(200);
    expect(photos.body.items.map((i: { id: number }) => i.id)).toEqual([photo]);
    const memories = await api().get(`/api/memories?userId=${keep.id}`).set(alice.headers).expect(200);
    expect(memories.body).toEqual([expect.objectContaining({ title: 'Her pierogi', personId: keep.id })]);
  });

  it('lets anyone write memories about a person without an account, never on a member profile', async () => {
    const great = (await add({ givenName: 'Stanisław', surname: 'Dąb', death: { date: '1960' } }).expect(201)).body as {
      id: number;
    };
    const written = await api()
      .post('/api/memories')
      .set(bob.headers)
      .send({ title: 'The orchard', content: 'He planted every tree himself.', personId: great.id })
      .expect(201);
    expect(written.body).toMatchObject({ personId: great.id, user: { id: bob.id } });
    const onTheirs = await api().get(`/api/memories?userId=${great.id}`).set(alice.headers).expect(200);
    expect(onTheirs.body.map((m: { title: string }) => m.title)).toEqual(['The orchard']);
    const onBobs = await api().get(`/api/memories?userId=${bob.id}`).set(alice.headers).expect(200);
    expect(onBobs.body.some((m: { title: string }) => m.title === 'The orchard')).toBe(false);

    const onMember = await api()
      .post('/api/memories')
      .set(alice.headers)
      .send({ title: 'Hi', content: 'Bob is great.', personId: bob.id })
      .expect(403);
    expect(onMember.body.message).toBe('Bob-people has an account: only they write memories on their profile.');
    await api()
      .post('/api/memories')
      .set(alice.headers)
      .send({ title: 'Hi', content: 'Nobody.', personId: 99999999 })
      .expect(404);
    // Only the writer deletes it; deleting the person takes the memories about them along.
    await api().delete(`/api/memories/${written.body.id}`).set(alice.headers).expect(403);
    await people().delete(`/api/people/${great.id}`).set(alice.headers).expect(204);
    await api().get(`/api/memories?userId=${great.id}`).set(alice.headers).expect(404);
  });

  it('refuses a merge that would give someone a third birth parent, moving nothing', async () => {
    const child = (await add({ givenName: 'Child' }).expect(201)).body as { id: number };
    const [mum, dad, other] = await Promise.all(
      ['Mum', 'Dad', 'Other'].map(async (givenName) => (await add({ givenName }).expect(201)).body as { id: number }),
    );
    const otherChild = (await add({ givenName: 'Twin' }).expect(201)).body as { id: number };
    for (const parent of [mum, dad]) {
      await request(family.url)
        .post('/api/family')
        .set(alice.headers)
        .send({ fromUserId: child.id, toUserId: parent.id, relationType: 'parent' })
        .expect(201);
    }
    await request(family.url)
      .post('/api/family')
      .set(alice.headers)
      .send({ fromUserId: otherChild.id, toUserId: other.id, relationType: 'parent' })
      .expect(201);
    const refused = await people()
      .post(`/api/people/${otherChild.id}/merge`)
      .set(alice.headers)
      .send({ intoId: child.id })
      .expect(409);
    expect(refused.body.message).toBe('Merging would give Child more than two birth parents.');
    await api().get(`/api/people/${otherChild.id}`).set(alice.headers).expect(200);
    const ties = await request(family.url).get(`/api/family/${otherChild.id}`).set(alice.headers).expect(200);
    expect(ties.body).toHaveLength(1);
  });
});
