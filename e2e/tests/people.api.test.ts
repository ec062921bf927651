import { randomInt } from 'node:crypto';
import { ApiClient, signUp, uniqueName } from '../support/api';
import { png, pngFile, uploadMedia } from '../support/media';

describe('people without accounts through the gateway', () => {
  it('builds a family of people without accounts, draws it, and undoes a change', async () => {
    const me = await signUp('genealogist');
    const add = async (body: object) => {
      const response = await me.client.post('/api/people', body);
      expect(response.status).toBe(201);
      return response.body as { id: number; displayName: string };
    };
    const grandma = await add({
      givenName: 'Maria',
      surname: 'Kowalska',
      birth: { date: 'ABT 1890', place: 'Kraków' },
    });
    const grandpa = await add({ givenName: 'Jan', surname: 'Kowalski', death: { date: '1944', place: null } });
    const mother = await add({ givenName: 'Zofia', surname: 'Kowalska', sex: 'F' });
    for (const parent of [grandma, grandpa]) {
      const tie = await me.client.post('/api/family', {
        fromUserId: mother.id,
        toUserId: parent.id,
        relationType: 'parent',
      });
      expect(tie.status).toBe(201);
    }
    const marriage = await me.client.post('/api/family', {
      fromUserId: grandma.id,
      toUserId: grandpa.id,
      relationType: 'spouse',
      start: { date: '12 JUN 1912', place: 'Kraków' },
    });
    expect(marriage.status).toBe(201);
    expect((await me.client.post('/api/family', { toUserId: mother.id, relationType: 'parent' })).status).toBe(201);

    const bad = await me.client.post('/api/people', { givenName: 'Ewa', birth: { date: 'sometime' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The birth date "sometime" is not a genealogical date: /);

    const tree = await me.client.get(`/api/family/tree/${me.user.id}?up=2&down=1`);
    expect(tree.status).toBe(200);
    expect(tree.body.people.map((p: { id: number }) => p.id).sort()).toEqual(
      [me.user.id, mother.id, grandma.id, grandpa.id].sort(),
    );
    expect(tree.body.partnerships).toEqual([
      expect.objectContaining({ kind: 'married', current: true, start: { date: '12 JUN 1912', place: 'Kraków' } }),
    ]);

    const found = await me.client.get('/api/people?q=kowal');
    expect(found.body.items.map((p: { displayName: string }) => p.displayName)).toEqual(
      expect.arrayContaining(['Maria Kowalska', 'Jan Kowalski', 'Zofia Kowalska']),
    );
    const members = await me.client.get('/api/users');
    expect(members.body.some((u: { id: number }) => u.id === grandma.id)).toBe(false);

    const renamed = await me.client.patch(`/api/people/${mother.id}`, { surname: 'Nowak' });
    expect(renamed.body.displayName).toBe('Zofia Nowak');
    const history = await me.client.get(`/api/people/${mother.id}/history`);
    const undone = await me.client.post(`/api/people/${mother.id}/history/${history.body[0].id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ displayName: 'Zofia Kowalska', surname: 'Kowalska' });

    // A tie change is undone from the person's history too: the marriage removed by mistake comes back.
    expect((await me.client.delete(`/api/family/${marriage.body.id}`)).status).toBe(200);
    const ties = await me.client.get(`/api/family/history/${grandpa.id}`);
    expect(ties.body[0]).toMatchObject({ action: 'delete', undoable: true });
    const restored = await me.client.post(`/api/family/history/${ties.body[0].id}/undo`);
    expect(restored.status).toBe(200);
    const after = await me.client.get(`/api/family/tree/${grandpa.id}?up=0&down=0`);
    expect(after.body.partnerships).toEqual([
      expect.objectContaining({ id: marriage.body.id, start: { date: '12 JUN 1912', place: 'Kraków' } }),
    ]);

    // Memories others write about her, shown on her page.
    const memory = await me.client.post('/api/memories', {
      title: 'Her garden',
      content: 'Roses along the fence.',
      personId: grandma.id,
    });
    expect(memory.status).toBe(201);
    const onHerPage = await me.client.get(`/api/memories?userId=${grandma.id}`);
    expect(onHerPage.body.map((m: { title: string }) => m.title)).toEqual(['Her garden']);

    // She cannot sign in, so she cannot be an album member.
    const album = await me.client.post('/api/albums', { name: 'Kowalski family' });
    const refused = await me.client.post(`/api/albums/${album.body.id}/members`, { userId: grandma.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Maria Kowalska has no account yet, so cannot open albums. Invite them to the archive first.',
    );
  });

  it('lets a relative accept an invite and see the photos they were tagged in', async () => {
    const me = await signUp('inviter');
    const cousin = (await me.client.post('/api/people', { givenName: 'Kuzyn', surname: 'Wójcik' })).body as {
      id: number;
    };
    const photo = await uploadMedia(
      me.client,
      { title: 'Cousins at the lake', type: 'photo' },
      pngFile([randomInt(256), randomInt(256), randomInt(256)]),
    );
    expect((await me.client.post(`/api/media/${photo.id}/tags`, { userId: cousin.id })).status).toBe(201);

    const invite = await me.client.post(`/api/people/${cousin.id}/invite`);
    expect(invite.status).toBe(201);
    expect(invite.body.url).toBe(`/?invite=${invite.body.code}`);
    const deleted = await me.client.delete(`/api/people/${cousin.id}`);
    expect(deleted.status).toBe(409);

    const relative = new ApiClient();
    const username = uniqueName('cousin');
    const joined = await relative.post('/api/register', {
      username,
      password: 'cousin-password',
      inviteCode: invite.body.code,
    });
    expect(joined.status).toBe(201);
    expect(joined.body.user).toMatchObject({ id: cousin.id, username, displayName: 'Kuzyn Wójcik' });
    const tagged = await relative.get('/api/media/tagged');
    expect(tagged.status).toBe(200);
    expect(tagged.body.items.map((item: { id: number }) => item.id)).toEqual([photo.id]);
    const again = await new ApiClient().post('/api/register', {
      username: uniqueName('other'),
      password: 'other-password',
      inviteCode: invite.body.code,
    });
    expect(again.status).toBe(400);
  });

  it('searches as the pickers do: ranked, members only on request, literally, and refuses text too long', async () => {
    const me = await signUp('searcher');
    const run = uniqueName('').replace(/[^a-z0-9]/g, '');
    for (const givenName of [`Xq${run}`, `Ann`, `Bxq${run}`]) {
      const surname = givenName === 'Ann' ? `Xq${run}son` : 'Lit%eral_';
      expect((await me.client.post('/api/people', { givenName, surname })).status).toBe(201);
    }
    const found = await me.client.get(`/api/people?q=xq${run}&limit=10`);
    expect(found.body.items.map((p: { displayName: string }) => p.displayName)).toEqual([
      `Xq${run} Lit%eral_`,
      `Ann Xq${run}son`,
      `Bxq${run} Lit%eral_`,
    ]);
    const members = await me.client.get(`/api/people?q=xq${run}&members=true`);
    expect(members.body.items).toEqual([]);
    const literal = await me.client.get(`/api/people?q=${encodeURIComponent(`lit%eral_`)}&limit=200`);
    expect(literal.body.items.length).toBeGreaterThanOrEqual(2);
    expect(literal.body.items.every((p: { surname: string | null }) => p.surname === 'Lit%eral_')).toBe(true);

    const long = await me.client.get(`/api/people?q=${'a'.repeat(201)}`);
    expect({ status: long.status, message: long.body.message }).toEqual({
      status: 400,
      message: 'Search text must be at most 200 characters',
    });
    // A megabyte of search text is refused by the gateway's HTTP parser before anything reads it.
    const huge = await me.client.get(`/api/people?q=${'a'.repeat(1024 * 1024)}`);
    expect(huge.status).toBe(431);
  });
});

describe('portraits of people without accounts', () => {
  const portrait = (bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'portrait.png');
    return form;
  };

  it('any member sets a relative’s portrait; a member’s picture stays theirs', async () => {
    const [anna, ben] = await Promise.all([signUp('portrait-anna'), signUp('portrait-ben')]);
    const relative = (await anna.client.post('/api/people', { givenName: 'Olga', surname: 'Portrait' })).body as {
      id: number;
    };
    const set = await ben.client.post(`/api/people/${relative.id}/picture`, portrait(png([200, 120, 40], 32)));
    expect(set.status).toBe(200);
    expect(set.body.profilePicture).toMatch(new RegExp(`^/api/users/${relative.id}/picture\\?v=\\d+$`));
    const person = await anna.client.get(`/api/people/${relative.id}`);
    expect(person.body.profilePicture).toBe(set.body.profilePicture);
    const file = await anna.client.request('GET', person.body.profilePicture);
    expect({ status: file.status, type: file.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'image/webp',
    });

    const others = await ben.client.post(`/api/people/${anna.user.id}/picture`, portrait(png([10, 10, 10], 32)));
    expect(others).toMatchObject({
      status: 403,
      body: { message: `Only ${anna.user.displayName} can change their own picture.` },
    });
    expect((await anna.client.post(`/api/people/${anna.user.id}/picture`, portrait(png([1, 2, 3], 32)))).status).toBe(
      200,
    );
    const unknown = await ben.client.post('/api/people/2000000000/picture', portrait(png([4, 5, 6], 32)));
    expect(unknown).toMatchObject({ status: 404, body: { message: 'This person is not in the family archive.' } });
    expect((await ben.client.post('/api/people/abc/picture', portrait(png([4, 5, 6], 32)))).status).toBe(400);
  });
});
