import request from 'supertest';
import { asService } from '@family/shared/testing';
import { as, peopleMaker, startStack, type Person } from '../../family/test/stack';

describe('POST /api/family/create-member (real auth, profile and family services, sign-up closed)', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let me: Person;

  beforeAll(async () => {
    stack = await startStack();
    me = await peopleMaker(stack.profile.url, 7000)('Grandma Rose');
  });

  afterAll(() => stack.close());

  const createMember = (body: object) =>
    request(stack.auth.url).post('/api/family/create-member').set(as(me)).send(body);
  const valid = { username: 'little.tim', password: 'secret1', displayName: 'Little Tim' };

  it.each([
    [{ ...valid, username: 'ab' }, 'Username must be at least 3 characters'],
    [{ ...valid, username: '  ab  ' }, 'Username must be at least 3 characters'],
    [{ ...valid, username: undefined }, 'Username must be at least 3 characters'],
    [{ ...valid, displayName: '' }, 'Display name is required'],
    [{ ...valid, displayName: '   ' }, 'Display name is required'],
    [{ ...valid, displayName: undefined }, 'Display name is required'],
    [{ ...valid, email: 'not-an-email' }, 'Invalid email'],
    [{ ...valid, password: '12345' }, 'Password must be at least 6 characters'],
    [{ ...valid, password: undefined }, 'Password must be at least 6 characters'],
    [{ ...valid, birthday: '2999-01-01' }, 'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)'],
    [{ ...valid, birthday: '1899-12-31' }, 'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)'],
    [{ ...valid, birthday: '1990-02-30' }, 'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)'],
    [{ ...valid, birthday: '01/02/1990' }, 'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)'],
  ])('rejects %j with a sentence', async (body, message) => {
    const response = await createMember(body).expect(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses a name with a null character with 400, creating nobody', async () => {
    const response = await createMember({ ...valid, username: 'nul.name', displayName: 'Nul\u0000' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'The text contains a null character (\\u0000), which cannot be stored. Please remove it.',
    );
    await request(stack.auth.url)
      .post('/internal/logins')
      .set(asService('gateway'))
      .send({ username: 'nul.name', password: valid.password })
      .expect(401);
  });

  it('creates the account and profile, answers {user}, and the new member can be related with inheritance', async () => {
    const response = await createMember({
      username: 'baby.jane',
      password: 'secret1',
      displayName: '  Baby Jane ',
      email: 'jane@example.org',
      birthday: '2020-05-17',
    }).expect(201);
    const user = response.body.user;
    expect(user).toMatchObject({
      id: expect.any(Number),
      username: 'baby.jane',
      displayName: 'Baby Jane',
      email: 'jane@example.org',
      dateOfBirth: '2020-05-17',
    });

    // The account is real: the new member can log in.
    const gateway = asService('gateway');
    await request(stack.auth.url)
      .post('/internal/logins')
      .set(gateway)
      .send({ username: 'baby.jane', password: 'secret1' })
      .expect(200);
    await request(stack.profile.url).get(`/internal/profiles/${user.id}`).set(gateway).expect(200);

    const added = await request(stack.family.url)
      .post('/api/family')
      .set(as(me))
      .send({ toUserId: user.id, relationType: 'child', inheritRelations: true })
      .expect(201);
    expect(added.body).toMatchObject({ fromUserId: me.id, toUserId: user.id, relationType: 'child' });
  });

  it('treats an empty email and birthday as not given', async () => {
    const response = await createMember({ ...valid, username: 'no.email', email: '', birthday: '' }).expect(201);
    expect(response.body.user).toMatchObject({ username: 'no.email', email: null, dateOfBirth: null });
  });

  it("passes the auth service's refusals on: a taken username, characters it does not allow", async () => {
    await createMember({ ...valid, username: 'twin.one' }).expect(201);
    const taken = await createMember({ ...valid, username: 'TWIN.ONE' }).expect(409);
    expect(taken.body.message).toBe('That username is already taken. Please choose another.');
    const spaces = await createMember({ ...valid, username: 'has space' }).expect(400);
    expect(spaces.body.message).toBe(
      'Username must be 3 to 40 characters: letters, digits, dot, underscore or hyphen.',
    );
  });

  it('needs a signed-in person', async () => {
    await request(stack.auth.url).post('/api/family/create-member').send(valid).expect(401);
  });
});
