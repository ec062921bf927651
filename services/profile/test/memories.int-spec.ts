import request from 'supertest';
import type { Identity } from '@family/shared';
import { asUser } from '@family/shared/testing';
import { createPerson, startProfile, type ProfileUnderTest } from './support';

describe('memories (real Postgres)', () => {
  let profile: ProfileUnderTest;
  let rose: Identity;
  let bob: Identity;

  beforeAll(async () => {
    profile = await startProfile();
    rose = await createPerson(profile.url, 3001, 'rose.m', 'Grandma Rose');
    bob = await createPerson(profile.url, 3002, 'bob.m', 'Uncle Bob');
  });

  afterAll(async () => {
    await profile.close();
  });

  const add = (who: Identity, body: object) => request(profile.url).post('/api/memories').set(asUser(who)).send(body);
  const list = (who: Identity, query = '') => request(profile.url).get(`/api/memories${query}`).set(asUser(who));
  const remove = (who: Identity, id: number | string) =>
    request(profile.url).delete(`/api/memories/${id}`).set(asUser(who));

  it('adds a memory, trimmed, with its writer', async () => {
    const response = await add(rose, { title: '  The summer of 1962 ', content: '\n We drove to the lake.  ' }).expect(
      201,
    );
    expect(response.body).toEqual({
      id: expect.any(Number),
      title: 'The summer of 1962',
      content: 'We drove to the lake.',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      user: { id: rose.id, username: 'rose.m', displayName: 'Grandma Rose', profilePicture: null },
      personId: rose.id,
    });
  });

  it.each([
    [{ content: 'Something' }, 'Please enter a title for your memory'],
    [{ title: '   ', content: 'Something' }, 'Please enter a title for your memory'],
    [{ title: 5, content: 'Something' }, 'Please enter a title for your memory'],
    [{ title: 'A title' }, 'Please enter your memory'],
    [{ title: 'A title', content: ' \n ' }, 'Please enter your memory'],
    [{ title: 'x'.repeat(201), content: 'Something' }, 'The title is too long: keep it under 200 characters'],
    [{ title: 'A title', content: 'x'.repeat(20_001) }, 'Your memory is too long: keep it under 20,000 characters'],
  ])('refuses %j with its sentence', async (body, message) => {
    const response = await add(bob, body).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message });
  });

  it('keeps the longest title and memory allowed', async () => {
    const response = await add(bob, { title: 't'.repeat(200), content: 'c'.repeat(20_000) }).expect(201);
    expect(response.body.title).toHaveLength(200);
    expect(response.body.content).toHaveLength(20_000);
    await remove(bob, response.body.id).expect(204);
  });

  it("lists the signed-in person's memories newest first by default, and anyone's with userId", async () => {
    const first = (await add(bob, { title: 'First', content: 'one' }).expect(201)).body;
    const second = (await add(bob, { title: 'Second', content: 'two' }).expect(201)).body;
    const third = (await add(bob, { title: 'Third', content: 'three' }).expect(201)).body;

    const own = (await list(bob).expect(200)).body;
    expect(own.map((m: { id: number }) => m.id)).toEqual([third.id, second.id, first.id]);
    expect(own[0]).toEqual(third);

    // Anyone signed in reads anyone's memories.
    const asRose = (await list(rose, `?userId=${bob.id}`).expect(200)).body;
    expect(asRose).toEqual(own);
    expect((await list(rose).expect(200)).body.map((m: { title: string }) => m.title)).toEqual(['The summer of 1962']);
  });

  it('orders memories written at the same moment by id, newest first', async () => {
    const carol = await createPerson(profile.url, 3003, 'carol.m');
    await profile.db.query(
      `INSERT INTO profile.memories (user_id, person_id, title, content, created_at) VALUES ($1, $1, 'a', 'a', '2020-01-01T00:00:00Z'), ($1, $1, 'b', 'b', '2020-01-01T00:00:00Z'), ($1, $1, 'c', 'c', '2019-01-01T00:00:00Z')`,
      [carol.id],
    );
    await add(carol, { title: 'today', content: 'now' }).expect(201);
    expect((await list(bob, `?userId=${carol.id}`).expect(200)).body.map((m: { title: string }) => m.title)).toEqual([
      'today',
      'b',
      'a',
      'c',
    ]);
  });

  it('shows the writer as the directory knows them now', async () => {
    await request(profile.url).patch('/api/user/profile').set(asUser(rose)).send({ displayName: 'Rose' }).expect(200);
    const memories = (await list(bob, `?userId=${rose.id}`).expect(200)).body;
    expect(memories[0].user).toEqual({ id: rose.id, username: 'rose.m', displayName: 'Rose', profilePicture: null });
  });

  it('answers 404 for an unknown person, 400 for a wrong id, and [] for someone with no memories', async () => {
    expect((await list(rose, '?userId=999999').expect(404)).body.message).toBe(
      'This person is not in the family archive.',
    );
    expect((await list(rose, '?userId=abc').expect(400)).body.message).toBe(
      'userId must be the id of a person (a whole number)',
    );
    expect((await list(rose, '?userId=0').expect(400)).body.message).toBe(
      'userId must be the id of a person (a whole number)',
    );
    const quiet = await createPerson(profile.url, 3004, 'quiet.m');
    expect((await list(rose, `?userId=${quiet.id}`).expect(200)).body).toEqual([]);
  });

  it('lets only the writer delete a memory', async () => {
    const memory = (await add(rose, { title: 'Mine', content: 'Only mine to delete' }).expect(201)).body;

    const refused = await remove(bob, memory.id).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: 'You can only delete your own memories' });
    expect((await list(bob, `?userId=${rose.id}`).expect(200)).body.map((m: { id: number }) => m.id)).toContain(
      memory.id,
    );

    await remove(rose, memory.id).expect(204);
    expect((await list(rose).expect(200)).body.map((m: { id: number }) => m.id)).not.toContain(memory.id);
    expect((await remove(rose, memory.id).expect(404)).body.message).toBe(
      'This memory does not exist (it may have been deleted already).',
    );
    await remove(rose, 'abc').expect(400);
  });

  it('refuses everything to a signed-out visitor', async () => {
    await request(profile.url).get('/api/memories').expect(401);
    await request(profile.url).post('/api/memories').send({ title: 'x', content: 'y' }).expect(401);
    await request(profile.url).delete('/api/memories/1').expect(401);
  });
});
