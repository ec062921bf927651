import request from 'supertest';
import type { Identity } from '@family/shared';
import { asService, asUser } from '@family/shared/testing';
import { createPerson, startProfile, type ProfileUnderTest } from './support';

/** YYYY-MM-DD of today plus `days` in UTC. */
function utcDate(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

describe('profile edits: birthday, email, display name, story (real Postgres)', () => {
  let profile: ProfileUnderTest;
  let rose: Identity;
  let bob: Identity;

  beforeAll(async () => {
    profile = await startProfile();
    rose = await createPerson(profile.url, 1001, 'rose', 'Grandma Rose');
    bob = await createPerson(profile.url, 1002, 'bob', 'Uncle Bob');
  });

  afterAll(async () => {
    await profile.close();
  });

  const patch = (who: Identity, body: object) =>
    request(profile.url).patch('/api/user/profile').set(asUser(who)).send(body);
  const story = (who: Identity, body: object) =>
    request(profile.url).post('/api/users/story').set(asUser(who)).send(body);
  const read = async (who: Identity) =>
    (await request(profile.url).get(`/api/users/${who.id}`).set(asUser(rose)).expect(200)).body;

  it('refuses an email with a lone surrogate with 400, not a 500 from the database', async () => {
    const response = await request(profile.url)
      .patch('/api/user/profile')
      .set(asUser(bob))
      .set('content-type', 'application/json')
      .send('{"email":"bob\\ud800@example.org"}')
      .expect(400);
    expect(response.body.message).toBe(
      'The text contains invalid Unicode (a lone surrogate such as \\ud800), which cannot be stored. Please remove it.',
    );
    expect((await read(bob)).email).toBeNull();
  });

  it('refuses a form or plain text on a JSON route with 415, and never says it is built with Express', async () => {
    const form = await request(profile.url)
      .patch('/api/user/profile')
      .set(asUser(bob))
      .type('form')
      .send('displayName=Mallory')
      .expect(415);
    expect(form.body).toEqual({
      statusCode: 415,
      message: 'This address takes JSON: send the body with Content-Type: application/json.',
    });
    expect(form.headers['x-powered-by']).toBeUndefined();
    await request(profile.url)
      .post('/api/users/story')
      .set(asUser(bob))
      .set('content-type', 'text/plain')
      .send('{"story":"x"}')
      .expect(415);
    expect((await read(bob)).displayName).toBe('Uncle Bob');
    // A picture upload is multipart, as it should be: that route is not a JSON route.
    const upload = await request(profile.url)
      .post('/api/users/profile-picture')
      .set(asUser(bob))
      .field('note', 'no file here')
      .expect(400);
    expect(upload.body.message).toBe('Please choose a picture');
  });

  it('sets the birthday and answers the whole updated user', async () => {
    const response = await patch(rose, { dateOfBirth: '1948-02-29' }).expect(200);
    expect(response.body).toEqual({
      id: rose.id,
      username: 'rose',
      displayName: 'Grandma Rose',
      email: null,
      dateOfBirth: '1948-02-29',
      profilePicture: null,
      story: null,
    });
    expect((await request(profile.url).get('/api/user').set(asUser(rose)).expect(200)).body.dateOfBirth).toBe(
      '1948-02-29',
    );
  });

  it.each([
    ['an impossible date', '2023-02-29'],
    ['a date without leading zeros', '1950-2-3'],
    ['another format', '03/02/1950'],
    ['a date and time', '1950-02-03T00:00:00Z'],
    ['a date before 1900-01-01', '1899-12-31'],
    ['a date after today', utcDate(3)],
    ['a number', 19500203],
    ['an empty string', ''],
  ])('refuses %s as a birthday with the sentence, changing nothing', async (_what, dateOfBirth) => {
    const response = await patch(rose, { dateOfBirth }).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'Please enter a valid date in YYYY-MM-DD format' });
    expect((await read(rose)).dateOfBirth).toBe('1948-02-29');
  });

  it('accepts 1900-01-01 and today, and clears the birthday with null', async () => {
    expect((await patch(rose, { dateOfBirth: '1900-01-01' }).expect(200)).body.dateOfBirth).toBe('1900-01-01');
    expect((await patch(rose, { dateOfBirth: utcDate(0) }).expect(200)).body.dateOfBirth).toBe(utcDate(0));
    expect((await patch(rose, { dateOfBirth: null }).expect(200)).body.dateOfBirth).toBeNull();
    expect((await read(rose)).dateOfBirth).toBeNull();
  });

  it('sets the email trimmed, refuses a wrong one, and clears it with null or an empty string', async () => {
    expect((await patch(rose, { email: '  rose@example.org ' }).expect(200)).body.email).toBe('rose@example.org');
    for (const email of ['not-an-email', 'rose@', 42, `${'a'.repeat(250)}@example.org`]) {
      const response = await patch(rose, { email }).expect(400);
      expect(response.body.message).toBe('Please enter a valid email address');
    }
    expect((await read(rose)).email).toBe('rose@example.org');
    expect((await patch(rose, { email: '' }).expect(200)).body.email).toBeNull();
    await patch(rose, { email: 'rose@example.org' }).expect(200);
    expect((await patch(rose, { email: null }).expect(200)).body.email).toBeNull();
  });

  it('changes only the fields sent', async () => {
    await patch(rose, { dateOfBirth: '1948-02-29', email: 'rose@example.org' }).expect(200);
    const response = await patch(rose, { email: 'rose.garden@example.org' }).expect(200);
    expect(response.body).toMatchObject({ dateOfBirth: '1948-02-29', email: 'rose.garden@example.org' });
    expect((await patch(rose, {}).expect(200)).body).toMatchObject({
      dateOfBirth: '1948-02-29',
      email: 'rose.garden@example.org',
    });
  });

  it('lets a person fix their display name, trimmed, 1 to 80 characters', async () => {
    expect((await patch(rose, { displayName: '  Rose Miller ' }).expect(200)).body.displayName).toBe('Rose Miller');
    expect((await patch(rose, { displayName: '   ' }).expect(400)).body.message).toBe('Display name is required');
    expect((await patch(rose, { displayName: null }).expect(400)).body.message).toBe('Display name is required');
    expect((await patch(rose, { displayName: 'x'.repeat(81) }).expect(400)).body.message).toBe(
      'Display name must be at most 80 characters',
    );
    expect((await read(rose)).displayName).toBe('Rose Miller');
    // The directory shows the new name everywhere.
    const everyone = (await request(profile.url).get('/api/users').set(asUser(bob)).expect(200)).body;
    expect(everyone).toContainEqual({
      id: rose.id,
      username: 'rose',
      displayName: 'Rose Miller',
      profilePicture: null,
    });
  });

  it("changes only the signed-in person's own row: another person's token edits their own profile", async () => {
    const roseBefore = await read(rose);
    const response = await patch(bob, {
      dateOfBirth: '1960-07-04',
      email: 'bob@example.org',
      displayName: 'Bob',
    }).expect(200);
    expect(response.body).toMatchObject({ id: bob.id, dateOfBirth: '1960-07-04', email: 'bob@example.org' });
    await story(bob, { story: "Bob's story" }).expect(200);
    // Fields naming someone else are ignored: every edit acts on the signed-in person.
    await patch(bob, { id: rose.id, userId: rose.id, email: 'bob2@example.org' }).expect(200);
    expect(await read(rose)).toEqual(roseBefore);
    expect((await read(bob)).email).toBe('bob2@example.org');
  });

  it('refuses edits without a signed-in person', async () => {
    expect(
      (await request(profile.url).patch('/api/user/profile').send({ email: 'x@example.org' }).expect(401)).body.message,
    ).toBe('Please sign in to continue.');
    await request(profile.url).post('/api/users/story').send({ story: 'x' }).expect(401);
    await request(profile.url).post('/api/users/profile-picture').attach('file', Buffer.from('x'), 'x.png').expect(401);
  });

  it('answers 401 for an edit by a session whose account is gone', async () => {
    const ghost = { id: 1999, username: 'ghost' };
    await patch(ghost, { email: 'ghost@example.org' }).expect(401);
    await story(ghost, { story: 'boo' }).expect(401);
  });

  it('keeps the story trimmed, clears it with an empty one, and refuses one that is too long', async () => {
    const text = '  I grew up by the sea.\n\nWe had a little boat.  ';
    const response = await story(rose, { story: text }).expect(200);
    expect(response.body).toMatchObject({ id: rose.id, story: 'I grew up by the sea.\n\nWe had a little boat.' });

    const longest = 'é'.repeat(20_000);
    expect((await story(rose, { story: longest }).expect(200)).body.story).toBe(longest);
    const tooLong = await story(rose, { story: 'a'.repeat(20_001) }).expect(400);
    expect(tooLong.body.message).toBe('Your story is too long: keep it under 20,000 characters');
    expect((await read(rose)).story).toBe(longest);

    expect((await story(rose, { story: '   ' }).expect(200)).body.story).toBeNull();
    expect((await story(rose, { story: 'Back again' }).expect(200)).body.story).toBe('Back again');
    expect((await story(rose, { story: '' }).expect(200)).body.story).toBeNull();
    expect((await story(rose, { story: 12 }).expect(400)).body.message).toBe('Please send your story as text');
    expect((await story(rose, {}).expect(400)).body.message).toBe('Please send your story as text');
  });

  it('answers 400, not a 500, for ids beyond what Postgres stores', async () => {
    const beyond = '9999999999';
    for (const url of [`/api/users/${beyond}`, `/api/users/${beyond}/picture`]) {
      const response = await request(profile.url).get(url).set(asUser(rose)).expect(400);
      expect(response.body.message).toBe('The id in the address is too large: nothing has an id that big.');
    }
    const memories = await request(profile.url).get(`/api/memories?userId=${beyond}`).set(asUser(rose)).expect(400);
    expect(memories.body.message).toBe('userId must be the id of a person (a whole number)');
    await request(profile.url).delete(`/api/memories/${beyond}`).set(asUser(rose)).expect(400);
    await request(profile.url)
      .post('/internal/users/lookup')
      .set(asService('media'))
      .send({ ids: [rose.id, Number(beyond)] })
      .expect(400);
    await request(profile.url).get(`/internal/profiles/${beyond}`).set(asService('auth')).expect(400);
  });

  it('refuses a story, a name or a memory with a null character, changing nothing', async () => {
    const nul = 'The text contains a null character (\\u0000), which cannot be stored. Please remove it.';
    await story(rose, { story: 'Kept' }).expect(200);
    const before = await read(rose);
    expect((await story(rose, { story: 'Lost\u0000' }).expect(400)).body.message).toBe(nul);
    expect((await patch(rose, { displayName: 'Rose\u0000' }).expect(400)).body.message).toBe(nul);
    const memory = await request(profile.url)
      .post('/api/memories')
      .set(asUser(rose))
      .send({ title: 'Null\u0000', content: 'x' })
      .expect(400);
    expect(memory.body.message).toBe(nul);
    expect(await read(rose)).toEqual(before);
    expect(before.story).toBe('Kept');
  });

  it('answers bad JSON with 400, not a 500', async () => {
    await request(profile.url)
      .patch('/api/user/profile')
      .set(asUser(rose))
      .set('content-type', 'application/json')
      .send('{"email":')
      .expect(400);
  });
});
