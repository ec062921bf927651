import type { FamilyTree, PersonListItem } from '@family/contract';
import { layoutGenerations, visiblePart } from '../utils/generations-layout';

const person = (id: number, displayName: string): PersonListItem => ({
  id,
  username: null,
  hasAccount: false,
  displayName,
  profilePicture: null,
  givenName: null,
  surname: null,
  sex: 'U',
  birth: null,
  death: null,
  living: true,
});

// Grandma(1) — Mum(2) + Dad(3) — Me(4) + Ex(5, former), Sister(6); Son(7) of Me and Ex.
const tree: FamilyTree = {
  rootId: 4,
  people: [
    person(1, 'Grandma'),
    person(2, 'Mum'),
    person(3, 'Dad'),
    person(4, 'Me'),
    person(5, 'Ex'),
    person(6, 'Sister'),
    person(7, 'Son'),
  ],
  childTies: [
    { id: 10, childId: 2, parentId: 1, kind: 'birth' },
    { id: 11, childId: 4, parentId: 2, kind: 'birth' },
    { id: 12, childId: 4, parentId: 3, kind: 'birth' },
    { id: 13, childId: 6, parentId: 2, kind: 'birth' },
    { id: 14, childId: 7, parentId: 4, kind: 'birth' },
    { id: 15, childId: 7, parentId: 5, kind: 'adopted' },
  ],
  partnerships: [
    { id: 20, personIds: [2, 3], kind: 'married', current: true, start: null, end: null },
    { id: 21, personIds: [4, 5], kind: 'divorced', current: false, start: null, end: null },
  ],
  siblings: [],
};

describe(layoutGenerations.name, () => {
  it('puts each generation in a row, partners and siblings beside the root, and ties as links', () => {
    const layout = layoutGenerations(tree);
    const y = (id: number) => layout.nodes.find((node) => node.person.id === id)!.y;
    const role = (id: number) => layout.nodes.find((node) => node.person.id === id)!.role;
    expect(y(1)).toBeLessThan(y(2));
    expect(y(2)).toBe(y(3));
    expect(y(2)).toBeLessThan(y(4));
    expect([y(5), y(6)]).toEqual([y(4), y(4)]);
    expect(y(7)).toBeGreaterThan(y(4));
    expect([role(1), role(2), role(4), role(5), role(6), role(7)]).toEqual([
      'grandparent',
      'parent',
      'root',
      'spouse',
      'sibling',
      'child',
    ]);
    expect(layout.links.map((link) => [link.key, link.kind])).toEqual([
      ['c10', 'parent'],
      ['c11', 'parent'],
      ['c12', 'parent'],
      ['c13', 'parent'],
      ['c14', 'parent'],
      ['c15', 'parent'],
      ['p20', 'spouse'],
      ['p21', 'sibling'],
    ]);
    expect(layout.root).toEqual({ x: expect.any(Number), y: y(4) });
  });

  it('draws only the part of a large tree that is on screen', () => {
    const layout = layoutGenerations(tree);
    const me = layout.nodes.find((node) => node.person.id === 4)!;
    const part = visiblePart(layout, { minX: me.x - 10, maxX: me.x + 10, minY: me.y - 10, maxY: me.y + 10 });
    expect(part.nodes.map((node) => node.person.id)).toEqual([4]);
    expect(part.links.length).toBeGreaterThan(0);
    expect(part.links.length).toBeLessThan(layout.links.length);
  });
});
