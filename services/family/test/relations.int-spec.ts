import request from 'supertest';
import { asService, asUser } from '@family/shared/testing';
import { as, peopleMaker, startStack, type Person } from './stack';

type Relation = {
  id: number;
  fromUserId: number;
  toUserId: number;
  relationType: string;
  fromUser: { id: number; username: string; displayName: string; profilePicture: string | null };
  toUser: { id: number; username: string; displayName: string; profilePicture: string | null };
};

describe('family relations (real Postgres, real profile and auth services)', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let person: (name: string) => Promise<Person>;

  beforeAll(async () => {
    stack = await startStack();
    person = peopleMaker(stack.profile.url, 5000);
  });

  afterAll(() => stack.close());

  const relate = (actor: Person, body: object) =>
    request(stack.family.url).post('/api/family').set(as(actor)).send(body);
  const treeOf = async (rootId: number, viewer: Person): Promise<Relation[]> =>
    (await request(stack.family.url).get(`/api/family/${rootId}`).set(as(viewer)).expect(200)).body;
  /** What `rootId`'s tree says each person is to the root, from the relations the root is in. */
  const relativesIn = async (rootId: number, viewer: Person) =>
    (await treeOf(rootId, viewer))
      .filter((r) => r.fromUserId === rootId)
      .map((r) => `${r.relationType}:${r.toUser.displayName}`)
      .sort();

  describe('POST /api/family', () => {
    it.each([
      [{ relationType: 'parent' }, 'Please select a family member'],
      [{ toUserId: null, relationType: 'parent' }, 'Please select a family member'],
      [{ toUserId: 'abc', relationType: 'parent' }, 'Please select a family member'],
      [{ toUserId: 1 }, 'Please select a relation type'],
      [{ toUserId: 1, relationType: 'cousin' }, 'Please select a relation type'],
    ])('rejects %j with a sentence', async (body, message) => {
      const me = await person('Validator');
      const response = await relate(me, body).expect(400);
      expect(response.body.message).toBe(message);
    });

    it('answers 404 for a person nobody knows, on either end', async () => {
      const me = await person('Seeker');
      const other = await person('Found');
      expect((await relate(me, { toUserId: 987654, relationType: 'parent' }).expect(404)).body.message).toBe(
        'Invalid family member selected',
      );
      expect(
        (await relate(me, { fromUserId: 987654, toUserId: other.id, relationType: 'sibling' }).expect(404)).body
          .message,
      ).toBe('Invalid family member selected');
    });

    it('answers 400, not a 500, for ids beyond what Postgres stores', async () => {
      const me = await person('Big numbers');
      const beyond = 9999999999;
      expect((await relate(me, { toUserId: beyond, relationType: 'parent' }).expect(400)).body.message).toBe(
        'Please select a family member',
      );
      expect(
        (await relate(me, { fromUserId: beyond, toUserId: me.id, relationType: 'sibling' }).expect(400)).body.message,
      ).toBe('Invalid family member selected');
      for (const call of [
        request(stack.family.url).get(`/api/family/${beyond}`),
        request(stack.family.url).delete(`/api/family/${beyond}`),
      ]) {
        const response = await call.set(as(me));
        expect(response.status).toBe(400);
        expect(response.body.message).toBe('The id in the address is too large: nothing has an id that big.');
      }
      await request(stack.family.url).delete(`/internal/users/${beyond}`).set(asService('auth')).expect(400);
    });

    it('needs a signed-in person', async () => {
      const response = await request(stack.family.url)
        .post('/api/family')
        .send({ toUserId: 1, relationType: 'parent' });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Please sign in to continue.');
    });

    it('adds a parent and reads it the right way round from both sides', async () => {
      const me = await person('Tom');
      const alice = await person('Alice');
      const created = await relate(me, { toUserId: alice.id, relationType: 'parent' }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        fromUserId: me.id,
        toUserId: alice.id,
        relationType: 'parent',
        fromUser: { id: me.id, username: me.username, displayName: 'Tom', profilePicture: null },
        toUser: { id: alice.id, username: alice.username, displayName: 'Alice', profilePicture: null },
      });

      expect(await treeOf(me.id, me)).toEqual([created.body]);
      const fromAlice = await treeOf(alice.id, me);
      expect(fromAlice).toEqual([
        {
          id: created.body.id,
          fromUserId: alice.id,
          toUserId: me.id,
          relationType: 'child',
          fromUser: created.body.toUser,
          toUser: created.body.fromUser,
        },
      ]);
    });

    it('inverts a child too, and keeps spouse and sibling symmetric', async () => {
      const me = await person('Maria');
      const kid = await person('Kid');
      const husband = await person('Husband');
      const brother = await person('Brother');
      await relate(me, { toUserId: kid.id, relationType: 'child' }).expect(201);
      await relate(me, { toUserId: husband.id, relationType: 'spouse' }).expect(201);
      await relate(me, { toUserId: brother.id, relationType: 'sibling' }).expect(201);

      expect(await relativesIn(me.id, me)).toEqual(['child:Kid', 'sibling:Brother', 'spouse:Husband']);
      expect(await relativesIn(kid.id, me)).toEqual(['parent:Maria']);
      expect(await relativesIn(husband.id, me)).toEqual(['spouse:Maria']);
      expect(await relativesIn(brother.id, me)).toEqual(['sibling:Maria']);
    });

    it("adds a relation from another person's profile with fromUserId, recording who added it", async () => {
      const me = await person('Helper');
      const aunt = await person('Aunt');
      const cousin = await person('Cousin');
      const created = await relate(me, { fromUserId: aunt.id, toUserId: cousin.id, relationType: 'child' }).expect(201);
      expect(created.body).toMatchObject({ fromUserId: aunt.id, toUserId: cousin.id, relationType: 'child' });
      expect(await relativesIn(cousin.id, me)).toEqual(['parent:Aunt']);
    });
  });

  describe('graph rules', () => {
    it('refuses a relation to oneself', async () => {
      const me = await person('Narcissus');
      const response = await relate(me, { toUserId: me.id, relationType: 'sibling' }).expect(400);
      expect(response.body.message).toBe('A person cannot have a relation to themselves.');
      const viaFrom = await relate(me, { fromUserId: me.id, toUserId: me.id, relationType: 'spouse' }).expect(400);
      expect(viaFrom.body.message).toBe('A person cannot have a relation to themselves.');
    });

    it('keeps one relation per pair, whichever way round it is added', async () => {
      const ann = await person('Ann');
      const ben = await person('Ben');
      await relate(ann, { toUserId: ben.id, relationType: 'sibling' }).expect(201);
      const again = await relate(ann, { toUserId: ben.id, relationType: 'parent' }).expect(409);
      expect(again.body.message).toBe('Ann and Ben are already related. Two people can have only one relation.');
      const reversed = await relate(ben, { toUserId: ann.id, relationType: 'spouse' }).expect(409);
      expect(reversed.body.message).toBe('Ben and Ann are already related. Two people can have only one relation.');
      expect(await treeOf(ann.id, ann)).toHaveLength(1);
    });

    it('refuses a third parent, from either side', async () => {
      const child = await person('Chloe');
      const [mum, dad, third] = [await person('Mum'), await person('Dad'), await person('Third')];
      await relate(child, { toUserId: mum.id, relationType: 'parent' }).expect(201);
      await relate(dad, { toUserId: child.id, relationType: 'child' }).expect(201);

      const asChild = await relate(child, { toUserId: third.id, relationType: 'parent' }).expect(409);
      expect(asChild.body.message).toBe('Chloe already has two parents. Nobody can have more.');
      const asParent = await relate(third, { toUserId: child.id, relationType: 'child' }).expect(409);
      expect(asParent.body.message).toBe('Chloe already has two parents. Nobody can have more.');
    });

    it('refuses a second spouse for either person', async () => {
      const [ann, bob, cat] = [await person('Annie'), await person('Bob'), await person('Cat')];
      await relate(ann, { toUserId: bob.id, relationType: 'spouse' }).expect(201);
      const second = await relate(ann, { toUserId: cat.id, relationType: 'spouse' }).expect(409);
      expect(second.body.message).toBe('Annie already has a spouse. A person can have only one.');
      const theirs = await relate(cat, { toUserId: bob.id, relationType: 'spouse' }).expect(409);
      expect(theirs.body.message).toBe('Bob already has a spouse. A person can have only one.');
    });

    it('lets nobody become their own ancestor over three generations', async () => {
      const [grandpa, father, son] = [await person('Grandpa'), await person('Father'), await person('Son')];
      await relate(son, { toUserId: father.id, relationType: 'parent' }).expect(201);
      await relate(grandpa, { toUserId: father.id, relationType: 'child' }).expect(201);

      const sonAsParent = await relate(grandpa, { toUserId: son.id, relationType: 'parent' }).expect(409);
      expect(sonAsParent.body.message).toBe(
        "Son cannot be Grandpa's parent: Grandpa is already Son's ancestor, and nobody can be their own ancestor.",
      );
      const grandpaAsChild = await relate(son, { toUserId: grandpa.id, relationType: 'child' }).expect(409);
      expect(grandpaAsChild.body.message).toBe(sonAsParent.body.message);
      // Going down the line is fine: the son may have a child of his own.
      const baby = await person('Baby');
      await relate(son, { toUserId: baby.id, relationType: 'child' }).expect(201);
    });

    it('lets exactly one of two simultaneous third parents in', async () => {
      for (let round = 0; round < 5; round++) {
        const child = await person(`Racer ${round}`);
        const [first, second, third] = [await person('P1'), await person('P2'), await person('P3')];
        await relate(child, { toUserId: first.id, relationType: 'parent' }).expect(201);
        const answers = await Promise.all([
          relate(child, { toUserId: second.id, relationType: 'parent' }),
          relate(third, { toUserId: child.id, relationType: 'child' }),
        ]);
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
        expect(answers.find((a) => a.status === 409)!.body.message).toBe(
          `Racer ${round} already has two parents. Nobody can have more.`,
        );
        expect((await relativesIn(child.id, child)).filter((r) => r.startsWith('parent:'))).toHaveLength(2);
      }
    });

    it('lets exactly one of two simultaneous spouses in', async () => {
      const [ann, bob, cat] = [await person('Racing Ann'), await person('Racing Bob'), await person('Racing Cat')];
      const answers = await Promise.all([
        relate(ann, { toUserId: bob.id, relationType: 'spouse' }),
        relate(cat, { toUserId: ann.id, relationType: 'spouse' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    });

    it('refuses a cycle closed by two simultaneous adds on four different people', async () => {
      // a is b's parent, c is d's parent; at once: b becomes c's parent and d becomes a's parent.
      const [a, b, c, d] = [await person('A'), await person('B'), await person('C'), await person('D')];
      await relate(a, { toUserId: b.id, relationType: 'child' }).expect(201);
      await relate(c, { toUserId: d.id, relationType: 'child' }).expect(201);
      const answers = await Promise.all([
        relate(b, { toUserId: c.id, relationType: 'child' }),
        relate(d, { toUserId: a.id, relationType: 'child' }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    });
  });

  describe('inheritRelations', () => {
    it('makes a new child the child of the spouse and a sibling of the other children', async () => {
      const [x, wife, firstborn, baby] = [
        await person('X'),
        await person('Wife'),
        await person('Firstborn'),
        await person('Baby X'),
      ];
      await relate(x, { toUserId: wife.id, relationType: 'spouse' }).expect(201);
      await relate(x, { toUserId: firstborn.id, relationType: 'child' }).expect(201);

      await relate(x, { toUserId: baby.id, relationType: 'child', inheritRelations: true }).expect(201);
      expect(await relativesIn(baby.id, x)).toEqual(['parent:Wife', 'parent:X', 'sibling:Firstborn']);
      expect(await relativesIn(wife.id, x)).toEqual(['child:Baby X', 'spouse:X']);
    });

    it('makes a new parent the parent of the siblings', async () => {
      const [x, sister, mum] = [await person('Y'), await person('Sister'), await person('New Mum')];
      await relate(x, { toUserId: sister.id, relationType: 'sibling' }).expect(201);
      await relate(x, { toUserId: mum.id, relationType: 'parent', inheritRelations: true }).expect(201);
      expect(await relativesIn(sister.id, x)).toEqual(['parent:New Mum', 'sibling:Y']);
      expect(await relativesIn(mum.id, x)).toEqual(['child:Sister', 'child:Y']);
    });

    it('makes a new sibling the child of the parents and a sibling of the other siblings', async () => {
      const [x, mum, dad, brother, newcomer] = [
        await person('Z'),
        await person('Z Mum'),
        await person('Z Dad'),
        await person('Z Brother'),
        await person('Newcomer'),
      ];
      await relate(x, { toUserId: mum.id, relationType: 'parent' }).expect(201);
      await relate(x, { toUserId: dad.id, relationType: 'parent' }).expect(201);
      await relate(x, { toUserId: brother.id, relationType: 'sibling' }).expect(201);

      await relate(x, { toUserId: newcomer.id, relationType: 'sibling', inheritRelations: true }).expect(201);
      expect(await relativesIn(newcomer.id, x)).toEqual([
        'parent:Z Dad',
        'parent:Z Mum',
        'sibling:Z',
        'sibling:Z Brother',
      ]);
    });

    it('gives a new spouse nothing', async () => {
      const [x, kid, partner] = [await person('W'), await person('W Kid'), await person('W Partner')];
      await relate(x, { toUserId: kid.id, relationType: 'child' }).expect(201);
      await relate(x, { toUserId: partner.id, relationType: 'spouse', inheritRelations: true }).expect(201);
      expect(await relativesIn(partner.id, x)).toEqual(['spouse:W']);
    });

    it('inherits nothing without the flag', async () => {
      const [x, sister, mum] = [await person('V'), await person('V Sister'), await person('V Mum')];
      await relate(x, { toUserId: sister.id, relationType: 'sibling' }).expect(201);
      await relate(x, { toUserId: mum.id, relationType: 'parent' }).expect(201);
      expect(await relativesIn(sister.id, x)).toEqual(['sibling:V']);
    });

    it('skips an inherited relation that would break a rule and keeps the one asked for', async () => {
      // The sibling already has two parents, so the new parent cannot become a third one of hers.
      const [x, sister, p1, p2, stepMum] = [
        await person('U'),
        await person('U Sister'),
        await person('U P1'),
        await person('U P2'),
        await person('U Step'),
      ];
      await relate(x, { toUserId: sister.id, relationType: 'sibling' }).expect(201);
      await relate(sister, { toUserId: p1.id, relationType: 'parent' }).expect(201);
      await relate(sister, { toUserId: p2.id, relationType: 'parent' }).expect(201);

      await relate(x, { toUserId: stepMum.id, relationType: 'parent', inheritRelations: true }).expect(201);
      expect(await relativesIn(x.id, x)).toEqual(['parent:U Step', 'sibling:U Sister']);
      expect(await relativesIn(sister.id, x)).toEqual(['parent:U P1', 'parent:U P2', 'sibling:U']);
    });
  });

  describe('GET /api/family/:rootUserId', () => {
    it("answers the root's relations and its parents' (grandparents, other children, spouse), not further", async () => {
      const names = [
        'Root',
        'Mother',
        'Father',
        'Grandma',
        'Grandpa',
        'Aunt Jo',
        'Root Wife',
        'Root Son',
        'Grandson',
        'Jo Son',
      ];
      const [root, mother, father, grandma, grandpa, aunt, wife, son, grandson, cousin] = await Promise.all(
        names.map(person),
      );
      await relate(root, { toUserId: mother.id, relationType: 'parent' }).expect(201);
      await relate(father, { toUserId: root.id, relationType: 'child' }).expect(201);
      await relate(mother, { toUserId: father.id, relationType: 'spouse' }).expect(201);
      await relate(mother, { toUserId: grandma.id, relationType: 'parent' }).expect(201);
      await relate(grandpa, { toUserId: mother.id, relationType: 'child' }).expect(201);
      await relate(aunt, { toUserId: mother.id, relationType: 'sibling' }).expect(201);
      await relate(root, { toUserId: wife.id, relationType: 'spouse' }).expect(201);
      await relate(son, { toUserId: root.id, relationType: 'parent' }).expect(201);
      await relate(son, { toUserId: grandson.id, relationType: 'child' }).expect(201);
      await relate(aunt, { toUserId: cousin.id, relationType: 'child' }).expect(201);

      const tree = await treeOf(root.id, son);
      const seen = tree.map((r) => `${r.fromUser.displayName} -${r.relationType}-> ${r.toUser.displayName}`).sort();
      expect(seen).toEqual(
        [
          'Root -parent-> Mother',
          'Root -parent-> Father',
          'Root -spouse-> Root Wife',
          'Root -child-> Root Son',
          'Mother -spouse-> Father',
          'Mother -parent-> Grandma',
          'Mother -parent-> Grandpa',
          'Mother -sibling-> Aunt Jo',
        ].sort(),
      );
      for (const relation of tree) {
        expect(Object.keys(relation.fromUser).sort()).toEqual(['displayName', 'id', 'profilePicture', 'username']);
      }
    });

    it('answers an empty list for someone without relations and 404 for nobody', async () => {
      const loner = await person('Loner');
      expect(await treeOf(loner.id, loner)).toEqual([]);
      const missing = await request(stack.family.url).get('/api/family/876543').set(as(loner)).expect(404);
      expect(missing.body.message).toBe('This person is not in the family archive.');
      await request(stack.family.url).get('/api/family/abc').set(as(loner)).expect(400);
    });
  });

  describe('DELETE /api/family/:id', () => {
    it('lets either person or whoever added it delete, and nobody else', async () => {
      const [ann, bob, helper, stranger] = [
        await person('Del Ann'),
        await person('Del Bob'),
        await person('Helper2'),
        await person('Stranger'),
      ];
      const add = async () =>
        (await relate(helper, { fromUserId: ann.id, toUserId: bob.id, relationType: 'sibling' }).expect(201)).body.id;
      const del = (actor: Person, id: number) => request(stack.family.url).delete(`/api/family/${id}`).set(as(actor));

      const id = await add();
      const refused = await del(stranger, id).expect(403);
      expect(refused.body.message).toBe('Only the two people in a relation, or whoever added it, can delete it.');
      for (const actor of [ann, bob, helper]) {
        const relationId = actor === ann ? id : await add();
        const ok = await del(actor, relationId).expect(200);
        expect(ok.body).toEqual({ message: 'Relationship deleted successfully' });
      }
      expect(await treeOf(ann.id, ann)).toEqual([]);
      const gone = await del(ann, id).expect(404);
      expect(gone.body.message).toBe('This relation does not exist. It may have been deleted already.');
    });
  });

  describe('DELETE /internal/users/:id', () => {
    it('purges every relation of a deleted person from both ends, idempotently, for services only', async () => {
      const [gone, mum, kid, other] = [
        await person('Gone'),
        await person('Gone Mum'),
        await person('Gone Kid'),
        await person('Other'),
      ];
      await relate(gone, { toUserId: mum.id, relationType: 'parent' }).expect(201);
      await relate(kid, { toUserId: gone.id, relationType: 'parent' }).expect(201);
      await relate(mum, { toUserId: other.id, relationType: 'sibling' }).expect(201);

      await request(stack.family.url).delete(`/internal/users/${gone.id}`).expect(403);
      await request(stack.family.url).delete(`/internal/users/${gone.id}`).set(asUser(gone)).expect(403);
      await request(stack.family.url).delete(`/internal/users/${gone.id}`).set(asService('auth')).expect(204);
      await request(stack.family.url).delete(`/internal/users/${gone.id}`).set(asService('auth')).expect(204);

      expect(await relativesIn(mum.id, mum)).toEqual(['sibling:Other']);
      expect(await relativesIn(kid.id, kid)).toEqual([]);
      expect(await treeOf(gone.id, mum)).toEqual([]);
    });
  });
});
