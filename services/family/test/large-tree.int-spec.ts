import { Client } from 'pg';
import request from 'supertest';
import { DirectoryClient } from '@family/shared';
import { testDatabaseUrl } from '@family/shared/testing';
import { as, startStack } from './stack';

/**
 * 2,000 people in 8 generations of 250, each generation paired into 125 couples (never two siblings);
 * every couple's two children are siblings of each other. Parent rows are stored both ways round.
 */
const WIDTH = 250;
const GENERATIONS = 8;
const BASE = 100_000;
const idOf = (generation: number, index: number) => BASE + generation * WIDTH + index + 1;
const parentsOf = (generation: number, index: number) => {
  const couple = Math.floor(index / 2);
  return [idOf(generation - 1, 2 * couple + 1), idOf(generation - 1, (2 * couple + 2) % WIDTH)];
};

type Row = { from: number; to: number; type: 'parent' | 'child' | 'sibling' | 'spouse' };

function familyRows(): Row[] {
  const rows: Row[] = [];
  for (let g = 0; g < GENERATIONS; g++) {
    for (let i = 0; i < WIDTH; i++) {
      if (g > 0) {
        const [mother, father] = parentsOf(g, i);
        rows.push({ from: idOf(g, i), to: mother, type: 'parent' }, { from: father, to: idOf(g, i), type: 'child' });
      }
      if (i % 2 === 0) rows.push({ from: idOf(g, i), to: idOf(g, i + 1), type: 'sibling' });
      if (i % 2 === 1) rows.push({ from: idOf(g, i), to: idOf(g, (i + 1) % WIDTH), type: 'spouse' });
    }
  }
  // Exactly 5,000: the youngest generation loses a few of its rows, which breaks no rule.
  return rows.slice(0, 5000);
}

describe('a family of 2,000 people and 5,000 relations', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let db: Client;
  const rows = familyRows();
  const viewer = { id: idOf(0, 0), username: `bulk${idOf(0, 0)}` };

  beforeAll(async () => {
    stack = await startStack();
    db = new Client({ connectionString: testDatabaseUrl() });
    await db.connect();
    await db.query(
      `INSERT INTO profile.profiles (user_id, username, display_name)
       SELECT id, 'bulk' || id, 'Bulk ' || id FROM generate_series($1::int, $2::int) id`,
      [idOf(0, 0), idOf(GENERATIONS - 1, WIDTH - 1)],
    );
    await db.query(
      `INSERT INTO family.relations (from_user_id, to_user_id, relation_type, created_by)
       SELECT f, t, ty, f FROM unnest($1::int[], $2::int[], $3::text[]) AS r(f, t, ty)`,
      [rows.map((r) => r.from), rows.map((r) => r.to), rows.map((r) => r.type)],
    );
  });

  afterAll(async () => {
    await db.end();
    await stack.close();
  });

  /** The ties of `root`'s children to their other parents: the tree sends them too, to hang each from its couple. */
  const otherParentTies = (root: number) => {
    const children = new Set(rows.filter((r) => r.from === root && r.type === 'child').map((r) => r.to));
    for (const r of rows) if (r.to === root && r.type === 'parent') children.add(r.from);
    return rows.filter(
      (r) =>
        r.from !== root &&
        r.to !== root &&
        ((children.has(r.from) && r.type === 'parent') || (children.has(r.to) && r.type === 'child')),
    );
  };

  it("answers the tree of someone in the eldest generation, who has no parents: their own relations and their children's other parents", async () => {
    const root = idOf(0, 0);
    const inverse = { parent: 'child', child: 'parent', sibling: 'sibling', spouse: 'spouse' } as const;
    const expected = rows
      .filter((r) => r.from === root || r.to === root)
      .map((r) => (r.from === root ? `${r.type}:${r.to}` : `${inverse[r.type]}:${r.from}`))
      .sort();
    expect(expected).toEqual(
      [`sibling:${idOf(0, 1)}`, `spouse:${idOf(0, 249)}`, `child:${idOf(1, 248)}`, `child:${idOf(1, 249)}`].sort(),
    );
    const response = await request(stack.family.url).get(`/api/family/${root}`).set(as(viewer)).expect(200);
    const tree = response.body as Array<{ fromUserId: number; toUserId: number; relationType: string }>;
    expect(
      tree.map((r) => `${r.fromUserId === root ? '' : 'not from root '}${r.relationType}:${r.toUserId}`).sort(),
    ).toEqual([...expected, ...otherParentTies(root).map((r) => `not from root ${r.type}:${r.to}`)].sort());
    expect(otherParentTies(root)).toHaveLength(2);
  });

  it('answers a tree in the middle of it with the right relations and one directory lookup', async () => {
    const root = idOf(4, 10);
    const directory = stack.family.app.get(DirectoryClient);
    const lookup = jest.spyOn(directory, 'lookup');
    try {
      const response = await request(stack.family.url).get(`/api/family/${root}`).set(as(viewer)).expect(200);
      expect(lookup).toHaveBeenCalledTimes(1);

      const parents = parentsOf(4, 10);
      const expected = rows
        .map((row, index) => ({ ...row, index }))
        .filter((r) => [r.from, r.to].some((id) => id === root || parents.includes(id)));
      expect(otherParentTies(root)).toHaveLength(2);
      expect(response.body).toHaveLength(expected.length + otherParentTies(root).length);

      const fromRoot = (response.body as Array<{ fromUserId: number; toUserId: number; relationType: string }>)
        .filter((r) => r.fromUserId === root)
        .map((r) => `${r.relationType}:${r.toUserId}`)
        .sort();
      const [spouse, sibling] = [idOf(4, 9), idOf(4, 11)];
      const children = [idOf(5, 8), idOf(5, 9)];
      expect(fromRoot).toEqual(
        [
          ...parents.map((id) => `parent:${id}`),
          ...children.map((id) => `child:${id}`),
          `sibling:${sibling}`,
          `spouse:${spouse}`,
        ].sort(),
      );
      // Each parent's own parents come too, read from the parent's side.
      for (const parent of parents) {
        const grandparents = (response.body as Array<{ fromUserId: number; relationType: string }>).filter(
          (r) => r.fromUserId === parent && r.relationType === 'parent',
        );
        expect(grandparents).toHaveLength(2);
      }
    } finally {
      lookup.mockRestore();
    }
  });

  it('still keeps the rules across eight generations', async () => {
    // The eldest generation's person 1 is an ancestor of the youngest generation's person 0.
    const ancestor = idOf(0, 1);
    const descendant = idOf(7, 0);
    const response = await request(stack.family.url)
      .post('/api/family')
      .set(as(viewer))
      .send({ fromUserId: ancestor, toUserId: descendant, relationType: 'parent' })
      .expect(409);
    expect(response.body.message).toBe(
      `Bulk ${descendant} cannot be Bulk ${ancestor}'s parent: Bulk ${ancestor} is already Bulk ${descendant}'s ancestor, and nobody can be their own ancestor.`,
    );
    const third = await request(stack.family.url)
      .post('/api/family')
      .set(as(viewer))
      .send({ fromUserId: idOf(3, 3), toUserId: idOf(0, 7), relationType: 'parent' })
      .expect(409);
    expect(third.body.message).toBe(`Bulk ${idOf(3, 3)} already has two parents. Nobody can have more.`);
  });
});
