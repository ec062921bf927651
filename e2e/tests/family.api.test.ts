import { ApiClient, signUp, uniqueName } from '../support/api';

describe('family relations through the gateway', () => {
  it('adds a relation that both sides read the right way round', async () => {
    const child = await signUp('kid');
    const parent = await signUp('parent');
    const added = await child.client.post('/api/family', { toUserId: parent.user.id, relationType: 'parent' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ fromUserId: child.user.id, toUserId: parent.user.id, relationType: 'parent' });

    const fromParent = await child.client.get(`/api/family/${parent.user.id}`);
    expect(fromParent.status).toBe(200);
    expect(fromParent.body).toEqual([
      expect.objectContaining({
        fromUserId: parent.user.id,
        toUserId: child.user.id,
        relationType: 'child',
        toUser: { id: child.user.id, username: child.username, displayName: 'kid Person', profilePicture: null },
      }),
    ]);

    const again = await parent.client.post('/api/family', { toUserId: child.user.id, relationType: 'sibling' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'parent Person and kid Person are already related. Two people can have only one relation.',
    );
  });

  it('lets only the people in a relation, or whoever added it, delete it', async () => {
    const ann = await signUp('ann');
    const bob = await signUp('bob');
    const eve = await signUp('eve');
    const { body: relation } = await ann.client.post('/api/family', { toUserId: bob.user.id, relationType: 'spouse' });

    const refused = await eve.client.delete(`/api/family/${relation.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the two people in a relation, or whoever added it, can delete it.');
    const deleted = await bob.client.delete(`/api/family/${relation.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Relationship deleted successfully' });
  });

  it('creates a new member who can log in, and relates them with inherited relations', async () => {
    const me = await signUp('mother');
    const firstborn = await signUp('firstborn');
    await me.client.post('/api/family', { toUserId: firstborn.user.id, relationType: 'child' });

    const username = uniqueName('newborn');
    const invalid = await me.client.post('/api/family/create-member', {
      username: 'ab',
      password: 'secret1',
      displayName: 'x',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Username must be at least 3 characters');

    const created = await me.client.post('/api/family/create-member', {
      username,
      password: 'secret1',
      displayName: 'Newborn',
      birthday: '2024-01-02',
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ username, displayName: 'Newborn', dateOfBirth: '2024-01-02' });
    // The caller is still themselves.
    expect((await me.client.get('/api/user')).body.id).toBe(me.user.id);

    const related = await me.client.post('/api/family', {
      toUserId: created.body.user.id,
      relationType: 'child',
      inheritRelations: true,
    });
    expect(related.status).toBe(201);
    const tree = await me.client.get(`/api/family/${created.body.user.id}`);
    const seen = tree.body
      .filter((r: { fromUserId: number }) => r.fromUserId === created.body.user.id)
      .map((r: { relationType: string; toUserId: number }) => `${r.relationType}:${r.toUserId}`)
      .sort();
    expect(seen).toEqual([`parent:${me.user.id}`, `sibling:${firstborn.user.id}`].sort());

    const login = await new ApiClient().post('/api/login', { username, password: 'secret1', displayName: username });
    expect(login.status).toBe(200);
  });

  it("sends the children's ties to their other parents, so each child hangs from the right couple", async () => {
    const me = await signUp('remarried');
    const relative = async (givenName: string) =>
      (await me.client.post('/api/people', { givenName, surname: uniqueName('kin') })).body.id as number;
    const [spouse, former, ours, earlier] = [
      await relative('Spouse'),
      await relative('Former'),
      await relative('Ours'),
      await relative('Earlier'),
    ];
    const relate = async (fromUserId: number, toUserId: number, relationType: string) =>
      expect((await me.client.post('/api/family', { fromUserId, toUserId, relationType })).status).toBe(201);
    await relate(me.user.id, spouse, 'spouse');
    await relate(me.user.id, ours, 'child');
    await relate(spouse, ours, 'child');
    await relate(me.user.id, earlier, 'child');
    await relate(earlier, former, 'parent');

    const tree = await me.client.get(`/api/family/${me.user.id}`);
    expect(tree.status).toBe(200);
    const ties = tree.body.map(
      (r: { fromUserId: number; relationType: string; toUserId: number }) =>
        `${r.fromUserId} ${r.relationType} ${r.toUserId}`,
    );
    expect(ties).toEqual(
      expect.arrayContaining([`${spouse} child ${ours}`, `${earlier} parent ${former}`, `${me.user.id} child ${ours}`]),
    );
  });

  it('answers 404 for an unknown root, 401 when signed out', async () => {
    const me = await signUp('looker');
    const unknown = await me.client.get('/api/family/99999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This person is not in the family archive.');
    expect((await new ApiClient().get(`/api/family/${me.user.id}`)).status).toBe(401);
  });

  it('removes a deleted account from every tree', async () => {
    const leaving = await signUp('leaving');
    const staying = await signUp('staying');
    await leaving.client.post('/api/family', { toUserId: staying.user.id, relationType: 'sibling' });
    expect((await staying.client.get(`/api/family/${staying.user.id}`)).body).toHaveLength(1);

    expect((await leaving.client.delete('/api/user')).status).toBe(200);
    expect((await staying.client.get(`/api/family/${staying.user.id}`)).body).toEqual([]);
  });
});
