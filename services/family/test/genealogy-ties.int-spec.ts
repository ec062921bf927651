import { Client } from 'pg';
import request from 'supertest';
import type { QueryRunner } from 'typeorm';
import type { FamilyTree } from '@family/contract';
import { testDatabaseUrl } from '@family/shared/testing';
import { CreateRelations1763780000000 } from '../src/migrations/1763780000000-create-relations';
import { GenealogyTies1763800000000 } from '../src/migrations/1763800000000-genealogy-ties';
import { as, peopleMaker, startStack, type Person } from './stack';

describe('families as genealogy holds them (real Postgres, real profile and auth services)', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let member: (name: string) => Promise<Person>;
  let db: Client;
  let nextRelative = 7_000_000;

  /** A person without an account, as profile keeps one (no username). */
  const relative = async (displayName: string): Promise<Person> => {
    const id = nextRelative++;
    await db.query(`INSERT INTO profile.profiles (user_id, username, display_name) VALUES ($1, NULL, $2)`, [
      id,
      displayName,
    ]);
    return { id, username: '', displayName };
  };

  beforeAll(async () => {
    stack = await startStack();
    member = peopleMaker(stack.profile.url, 6000);
    db = new Client({ connectionString: testDatabaseUrl() });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await stack.close();
  });

  const relate = (actor: Person, body: object) =>
    request(stack.family.url).post('/api/family').set(as(actor)).send(body);
  const tree = async (rootId: number, viewer: Person, query = ''): Promise<FamilyTree> =>
    (await request(stack.family.url).get(`/api/family/tree/${rootId}${query}`).set(as(viewer)).expect(200)).body;

  it('moves existing relations over: parent and child rows become birth ties, spouse rows current marriages', async () => {
    await db.query(`DROP SCHEMA IF EXISTS migration_check CASCADE; CREATE SCHEMA migration_check`);
    await db.query(`SET search_path TO migration_check`);
    const runner = { query: async (sql: string) => (await db.query(sql)).rows } as unknown as QueryRunner;
    try {
      await new CreateRelations1763780000000().up(runner);
      await db.query(`INSERT INTO relations (from_user_id, to_user_id, relation_type, created_by) VALUES
        (1, 2, 'parent', 1), (2, 3, 'child', 1), (1, 4, 'spouse', 1), (1, 5, 'sibling', 1)`);
      await new GenealogyTies1763800000000().up(runner);
      const rows = await db.query(`SELECT relation_type, kind, is_current FROM relations ORDER BY id`);
      expect(rows.rows).toEqual([
        { relation_type: 'parent', kind: 'birth', is_current: true },
        { relation_type: 'child', kind: 'birth', is_current: true },
        { relation_type: 'spouse', kind: 'married', is_current: true },
        { relation_type: 'sibling', kind: null, is_current: true },
      ]);
    } finally {
      await db.query(`SET search_path TO public; DROP SCHEMA migration_check CASCADE`);
    }
  });

  it('takes adoptive, foster and step parents beside two birth parents, never a third birth parent', async () => {
    const me = await member('Kasia');
    const [mum, dad, adoptive, third] = await Promise.all(
      ['Mum', 'Dad', 'Adoptive Mum', 'Third'].map((name) => relative(name)),
    );
    await relate(me, { toUserId: mum.id, relationType: 'parent' }).expect(201);
    await relate(me, { toUserId: dad.id, relationType: 'parent', kind: 'birth' }).expect(201);
    await relate(me, { toUserId: adoptive.id, relationType: 'parent', kind: 'adopted' }).expect(201);
    const refused = await relate(me, { toUserId: third.id, relationType: 'parent' }).expect(409);
    expect(refused.body.message).toBe('Kasia already has two parents. Nobody can have more.');
    await relate(me, { fromUserId: third.id, toUserId: me.id, relationType: 'child', kind: 'step' }).expect(201);

    const around = await tree(me.id, me);
    expect(around.childTies.map((t) => [t.parentId, t.kind]).sort()).toEqual(
      [
        [mum.id, 'birth'],
        [dad.id, 'birth'],
        [adoptive.id, 'adopted'],
        [third.id, 'step'],
      ].sort(),
    );
    // Turning the step tie into a third birth tie breaks the rule too.
    const stepTie = around.childTies.find((t) => t.parentId === third.id)!;
    const patched = await request(stack.family.url)
      .patch(`/api/family/${stepTie.id}`)
      .set(as(me))
      .send({ kind: 'birth' })
      .expect(409);
    expect(patched.body.message).toBe('Kasia already has two parents. Nobody can have more.');
  });

  it('keeps former partners over a life, one current, with marriage and divorce dates', async () => {
    const me = await member('Henryk');
    const [first, second, third] = await Promise.all(['Irena', 'Wanda', 'Zofia'].map((name) => relative(name)));
    const former = await relate(me, {
      toUserId: first.id,
      relationType: 'spouse',
      kind: 'divorced',
      current: false,
      start: { date: '12 JUN 1950', place: 'Poznań' },
      end: { date: 'ABT 1962', place: null },
    }).expect(201);
    expect(Object.keys(former.body).sort()).toEqual([
      'fromUser',
      'fromUserId',
      'id',
      'relationType',
      'toUser',
      'toUserId',
    ]);
    await relate(me, { toUserId: second.id, relationType: 'spouse', start: { date: '1965', place: null } }).expect(201);
    const refused = await relate(me, { toUserId: third.id, relationType: 'spouse' }).expect(409);
    expect(refused.body.message).toBe('Henryk already has a spouse. A person can have only one.');
    await relate(me, { toUserId: third.id, relationType: 'spouse', kind: 'unmarried', current: false }).expect(201);

    const around = await tree(me.id, me);
    const byPartner = new Map(around.partnerships.map((p) => [p.personIds.find((id) => id !== me.id), p]));
    expect(byPartner.get(first.id)).toMatchObject({
      kind: 'divorced',
      current: false,
      start: { date: '12 JUN 1950', place: 'Poznań' },
      end: { date: 'ABT 1962', place: null },
    });
    expect(byPartner.get(second.id)).toMatchObject({
      kind: 'married',
      current: true,
      start: { date: '1965' },
      end: null,
    });
    // Making a former partnership current again is refused while another is current.
    const again = await request(stack.family.url)
      .patch(`/api/family/${byPartner.get(third.id)!.id}`)
      .set(as(me))
      .send({ current: true })
      .expect(409);
    expect(again.body.message).toBe('Henryk already has a spouse. A person can have only one.');
    // Widowed: the marriage stays, no longer current; now another may be.
    await request(stack.family.url)
      .patch(`/api/family/${byPartner.get(second.id)!.id}`)
      .set(as(me))
      .send({ kind: 'widowed', current: false, end: { date: '1990', place: 'Łódź' } })
      .expect(200);
    await request(stack.family.url)
      .patch(`/api/family/${byPartner.get(third.id)!.id}`)
      .set(as(me))
      .send({ current: true })
      .expect(200);
  });

  it.each([
    [
      { relationType: 'spouse', start: { date: '31 FOO 1950' } },
      /^The marriage date "31 FOO 1950" is not a genealogical date: /,
    ],
    [{ relationType: 'spouse', kind: 'adopted' }, /^A partnership is married, divorced, widowed or unmarried\.$/],
    [{ relationType: 'parent', kind: 'married' }, /^A parent or child is tied by birth, adopted, foster or step\.$/],
    [{ relationType: 'parent', current: false }, /^Only a partnership has dates, places and a current one\.$/],
    [{ relationType: 'sibling', kind: 'birth' }, /^A sibling relation has no kind, dates or places\.$/],
    [{ relationType: 'spouse', kind: 'engaged' }, /^kind must be birth, adopted/],
  ])('answers 400 with a sentence for %j, and writes nothing', async (body, message) => {
    const me = await member('Checker');
    const other = await relative('Other');
    const res = await relate(me, { toUserId: other.id, ...body }).expect(400);
    expect(res.body.message).toMatch(message);
    expect((await tree(me.id, me)).people.map((p) => p.id)).toEqual([me.id]);
  });

  it('lets any member change and remove the ties of people without accounts, not of other members', async () => {
    const [owner, stranger] = [await member('Owner'), await member('Stranger')];
    const [grandma, grandpa] = [await relative('Grandma'), await relative('Grandpa')];
    const marriage = await relate(owner, {
      fromUserId: grandma.id,
      toUserId: grandpa.id,
      relationType: 'spouse',
    }).expect(201);
    const patched = await request(stack.family.url)
      .patch(`/api/family/${marriage.body.id}`)
      .set(as(stranger))
      .send({ start: { date: 'BET 1920 AND 1925', place: 'Wilno' } })
      .expect(200);
    expect(patched.body).toMatchObject({
      id: marriage.body.id,
      fromUserId: grandma.id,
      toUserId: grandpa.id,
      relationType: 'spouse',
      toUser: { id: grandpa.id, displayName: 'Grandpa' },
    });
    const memberTie = await relate(owner, { toUserId: (await member('Friend')).id, relationType: 'sibling' }).expect(
      201,
    );
    const refused = await request(stack.family.url)
      .delete(`/api/family/${memberTie.body.id}`)
      .set(as(stranger))
      .expect(403);
    expect(refused.body.message).toBe('Only the two people in a relation, or whoever added it, can delete it.');
    await request(stack.family.url).delete(`/api/family/${marriage.body.id}`).set(as(stranger)).expect(200);
  });

  it('draws the people around anyone: generations up and down, siblings, current and former partners', async () => {
    const viewer = await member('Viewer');
    const p = async (name: string) => relative(name);
    const [gg, g1, g2, mother, father, me, sister, exWife, wife, son, grandson, greatGrandson] = await Promise.all(
      ['GG', 'G1', 'G2', 'Mother', 'Father', 'Me', 'Sister', 'Ex', 'Wife', 'Son', 'Grandson', 'Great'].map(p),
    );
    const child = (c: Person, parent: Person, kind?: string) =>
      relate(viewer, {
        fromUserId: c.id,
        toUserId: parent.id,
        relationType: 'parent',
        ...(kind ? { kind } : {}),
      }).expect(201);
    await child(g1, gg);
    await child(mother, g1);
    await child(mother, g2);
    await child(me, mother);
    await child(me, father);
    await child(sister, mother);
    await child(son, me);
    await child(son, exWife);
    await child(grandson, son);
    await child(greatGrandson, grandson);
    await relate(viewer, {
      fromUserId: me.id,
      toUserId: exWife.id,
      relationType: 'spouse',
      kind: 'divorced',
      current: false,
    }).expect(201);
    await relate(viewer, { fromUserId: me.id, toUserId: wife.id, relationType: 'spouse' }).expect(201);
    await relate(viewer, { fromUserId: g1.id, toUserId: g2.id, relationType: 'spouse' }).expect(201);

    const names = (t: FamilyTree) => t.people.map((person) => person.displayName).sort();
    const full = await tree(me.id, viewer);
    expect(full.rootId).toBe(me.id);
    expect(names(full)).toEqual(
      ['GG', 'G1', 'G2', 'Mother', 'Father', 'Me', 'Sister', 'Ex', 'Wife', 'Son', 'Grandson', 'Great'].sort(),
    );
    expect(full.people.find((person) => person.id === me.id)).toMatchObject({ hasAccount: false, living: true });
    expect(full.partnerships.map((x) => [x.personIds, x.current]).sort()).toEqual(
      [
        [[me.id, exWife.id].sort((a, b) => a - b), false],
        [[me.id, wife.id].sort((a, b) => a - b), true],
        [[g1.id, g2.id].sort((a, b) => a - b), true],
      ].sort(),
    );
    expect(full.childTies).toHaveLength(10);

    const near = await tree(me.id, viewer, '?up=1&down=1');
    expect(names(near)).toEqual(['Mother', 'Father', 'Me', 'Sister', 'Ex', 'Wife', 'Son'].sort());
    // Re-centred on the son: his parents and their partners, nobody above or below.
    const fromSon = await tree(son.id, viewer, '?up=1&down=0');
    expect(names(fromSon)).toEqual(['Me', 'Ex', 'Wife', 'Son'].sort());

    const bad = await request(stack.family.url).get(`/api/family/tree/${me.id}?up=11`).set(as(viewer)).expect(400);
    expect(bad.body.message).toBe('up and down must be whole numbers from 0 to 10');
    const unknown = await request(stack.family.url).get('/api/family/tree/987654').set(as(viewer)).expect(404);
    expect(unknown.body.message).toBe('This person is not in the family archive.');
  });

  it("keeps who added, changed and removed a person's ties in their history", async () => {
    const [adder, editor] = [await member('Adder'), await member('Editor')];
    const [anna, piotr] = [await relative('Anna'), await relative('Piotr')];
    const tie = await relate(adder, { fromUserId: anna.id, toUserId: piotr.id, relationType: 'spouse' }).expect(201);
    await request(stack.family.url)
      .patch(`/api/family/${tie.body.id}`)
      .set(as(editor))
      .send({ kind: 'divorced', current: false, end: { date: '1970', place: null } })
      .expect(200);
    await request(stack.family.url).delete(`/api/family/${tie.body.id}`).set(as(editor)).expect(200);

    const history = await request(stack.family.url).get(`/api/family/history/${piotr.id}`).set(as(adder)).expect(200);
    expect(history.body.map((c: { action: string }) => c.action)).toEqual(['delete', 'update', 'add']);
    const [removed, changed, added] = history.body;
    expect(added).toMatchObject({
      relationId: tie.body.id,
      before: null,
      after: { relationType: 'spouse', kind: 'married', current: true, end: null },
      changedBy: { id: adder.id },
      people: [expect.objectContaining({ id: anna.id }), expect.objectContaining({ id: piotr.id })],
    });
    expect(changed).toMatchObject({
      before: { kind: 'married', current: true },
      after: { kind: 'divorced', current: false, end: { date: '1970', place: null } },
      changedBy: { id: editor.id },
    });
    expect(removed).toMatchObject({ before: { kind: 'divorced' }, after: null, changedBy: { id: editor.id } });
    await request(stack.family.url).get('/api/family/history/987654').set(as(adder)).expect(404);
  });

  it('undoes tie changes from the history: a removal, a change and an addition, each only while in force', async () => {
    const [adder, stranger] = [await member('Undoer'), await member('Stranger')];
    const [ewa, adam, kasia] = [await relative('Ewa'), await relative('Adam'), await relative('Kasia')];
    const url = stack.family.url;
    const history = async (id: number) =>
      (await request(url).get(`/api/family/history/${id}`).set(as(adder)).expect(200)).body as Array<{
        id: number;
        action: string;
        undoable: boolean;
      }>;
    const undo = (changeId: number, who = adder) =>
      request(url).post(`/api/family/history/${changeId}/undo`).set(as(who)).send({});

    const tie = await relate(adder, { fromUserId: ewa.id, toUserId: adam.id, relationType: 'spouse' }).expect(201);
    await request(url)
      .patch(`/api/family/${tie.body.id}`)
      .set(as(adder))
      .send({ kind: 'divorced', current: false })
      .expect(200);
    await request(url).delete(`/api/family/${tie.body.id}`).set(as(adder)).expect(200);
    const [removed, changed] = await history(adam.id);
    expect([removed!.undoable, changed!.undoable]).toEqual([true, false]);

    // The change before the removal is not in force: the tie is gone.
    expect((await undo(changed!.id)).body.message).toBe(
      'This tie has been changed since; undo the later change first.',
    );
    const back = await undo(removed!.id).expect(200);
    expect(back.body).toMatchObject({ action: 'add', relationId: tie.body.id, after: { kind: 'divorced' } });
    expect((await tree(adam.id, adder)).partnerships).toEqual([
      expect.objectContaining({ id: tie.body.id, kind: 'divorced', current: false }),
    ]);
    // Undoing the undo removes it again, and undoing that brings it back.
    await undo(back.body.id).expect(200);
    await undo(back.body.id).expect(409);
    const [again] = await history(adam.id);
    await undo(again!.id).expect(200);
    expect((await tree(adam.id, adder)).partnerships).toEqual([
      expect.objectContaining({ id: tie.body.id, kind: 'divorced' }),
    ]);

    await request(url)
      .patch(`/api/family/${tie.body.id}`)
      .set(as(adder))
      .send({ kind: 'married', current: true, start: { date: 'ABT 1960', place: 'Lublin' } })
      .expect(200);
    const [remarried] = await history(adam.id);
    expect((await undo(remarried!.id).expect(200)).body).toMatchObject({
      action: 'update',
      before: { kind: 'married', current: true },
      after: { kind: 'divorced', current: false, start: null },
    });

    // An added tie goes; the graph rules hold when a removed one returns.
    const child = await relate(adder, { fromUserId: kasia.id, toUserId: ewa.id, relationType: 'parent' }).expect(201);
    const [addedChild] = await history(kasia.id);
    await undo(addedChild!.id).expect(200);
    expect((await tree(kasia.id, adder)).childTies).toEqual([]);
    await relate(adder, { fromUserId: ewa.id, toUserId: kasia.id, relationType: 'sibling' }).expect(201);
    const [removedChild] = (await history(kasia.id)).filter((c) => c.action === 'delete');
    const refused = await undo(removedChild!.id).expect(409);
    expect(refused.body.message).toMatch(/already/);
    expect(child.body.id).toBeGreaterThan(0);

    // Ties of members: only the two people in it, or whoever made the change.
    const [mira, olek] = [await member('Mira'), await member('Olek')];
    await relate(mira, { toUserId: olek.id, relationType: 'sibling' }).expect(201);
    const [membersTie] = await history(olek.id);
    expect((await undo(membersTie!.id, stranger).expect(403)).body.message).toBe(
      'Only the two people in a relation, or whoever added it, can delete it.',
    );
    await undo(987654).expect(404);
  });
});
