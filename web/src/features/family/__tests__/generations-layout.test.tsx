import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ChildTie, FamilyTree, Partnership, PersonListItem, Sex } from '@family/contract';
import { FamilyTreeCanvas } from '../components/family-tree-canvas';
import { NAME_LINE_EM, nameLines, textWidthEm } from '../utils/name-lines';
import { busLevels, layoutGenerations } from '../utils/generations-layout';
import { TREE, visiblePart, type Point, type TreeLayout } from '../utils/tree-layout';

const person = (id: number, displayName: string, sex: Sex = 'U', birth: string | null = null): PersonListItem => ({
  id,
  username: null,
  hasAccount: false,
  displayName,
  profilePicture: null,
  givenName: null,
  surname: null,
  sex,
  birth: birth ? { date: birth, place: null } : null,
  death: null,
  living: true,
});

let nextTieId = 1000;
const tie = (parentId: number, childId: number): ChildTie => ({ id: nextTieId++, parentId, childId, kind: 'birth' });
const partners = (a: number, b: number, current = true): Partnership => ({
  id: nextTieId++,
  personIds: [Math.min(a, b), Math.max(a, b)],
  kind: current ? 'married' : 'divorced',
  current,
  start: null,
  end: null,
});

// Grandma(1) — Mum(2) + Dad(3) — Me(4) + Ex(5, former), Sister(6); Son(7) of Me and Ex.
const small: FamilyTree = {
  rootId: 4,
  people: [
    person(1, 'Grandma', 'F'),
    person(2, 'Mum', 'F', '1950'),
    person(3, 'Dad', 'M'),
    { ...person(4, 'Me', 'U', 'ABT 1975'), hasAccount: true, username: 'me' },
    person(5, 'Ex'),
    person(6, 'Sister', 'F', '1980'),
    person(7, 'Son'),
  ],
  childTies: [tie(1, 2), tie(2, 4), tie(3, 4), tie(2, 6), tie(4, 7), tie(5, 7)],
  partnerships: [partners(2, 3), partners(4, 5, false)],
  siblings: [],
};

/** Every straight piece of every line. */
const segments = (layout: Pick<TreeLayout, 'links'>) =>
  layout.links.flatMap((link) => link.points.slice(1).map((end, i) => [link.points[i]!, end] as [Point, Point]));

/** Two segments cross where each passes through the inside of the other (touching at an end is no crossing). */
function cross([a, b]: [Point, Point], [c, d]: [Point, Point]): boolean {
  const side = (p: Point, q: Point, r: Point) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}

function crossings(layout: TreeLayout): number {
  const all = segments(layout);
  let count = 0;
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++)
      if (cross(all[i]!, all[j]!)) {
        if (process.env.DEBUG_CROSS) console.log(JSON.stringify([all[i], all[j]]));
        count++;
      }
  return count;
}

/** The closest two people of one row are to each other, in canvas units. */
function closestInRow(layout: TreeLayout): number {
  const rows = new Map<number, number[]>();
  for (const node of layout.nodes) rows.set(node.y, [...(rows.get(node.y) ?? []), node.x]);
  let closest = Infinity;
  for (const xs of rows.values()) {
    xs.sort((a, b) => a - b);
    for (let i = 1; i < xs.length; i++) closest = Math.min(closest, xs[i]! - xs[i - 1]!);
  }
  return closest;
}

const at = (layout: TreeLayout, id: number) => layout.nodes.find((node) => node.person.id === id)!;

describe(layoutGenerations.name, () => {
  it('puts each generation in a row, partners and siblings beside the root, years under names', () => {
    const layout = layoutGenerations(small);
    const y = (id: number) => at(layout, id).y;
    expect(y(1)).toBeLessThan(y(2));
    expect(y(2)).toBe(y(3));
    expect(y(2)).toBeLessThan(y(4));
    expect([y(5), y(6)]).toEqual([y(4), y(4)]);
    expect(y(7)).toBeGreaterThan(y(4));
    expect([1, 2, 4, 5, 6, 7].map((id) => at(layout, id).role)).toEqual([
      'grandparent',
      'parent',
      'root',
      'spouse',
      'sibling',
      'child',
    ]);
    // Dad left of Mum; the ex (a former partner) left of me; my younger sister to my right.
    expect(at(layout, 3).x).toBeLessThan(at(layout, 2).x);
    expect(at(layout, 5).x).toBeLessThan(at(layout, 4).x);
    expect(at(layout, 6).x).toBeGreaterThan(at(layout, 4).x);
    expect(at(layout, 4).years).toBe('born about 1975');
    expect([at(layout, 4).hasAccount, at(layout, 5).hasAccount]).toEqual([true, false]);
    expect(layout.links.filter((link) => link.kind === 'former')).toHaveLength(1);
    expect(layout.root).toEqual({ x: at(layout, 4).x, y: y(4) });
    expect(crossings(layout)).toBe(0);
  });

  it('keeps the families of several partners apart, in the order of the couples, with no line crossing', () => {
    // Pat(1): former partners Ann(2) and Bea(3), current Cy(4); a child of Pat's alone (15).
    const people = [
      person(1, 'Pat', 'M', '1940'),
      person(2, 'Ann', 'F', '1941'),
      person(3, 'Bea', 'F', '1945'),
      person(4, 'Cy'),
    ];
    const ties: ChildTie[] = [];
    const kids: Record<number, number[]> = { 2: [10, 11], 3: [12], 4: [13, 14, 16, 17] };
    for (const [mother, ids] of Object.entries(kids)) {
      for (const id of ids) {
        people.push(person(id, `Child ${id}`, 'U', `${1960 + id}`));
        ties.push(tie(1, id), tie(Number(mother), id));
      }
    }
    people.push(person(15, 'Lone child'));
    ties.push(tie(1, 15));
    // Grandchildren under some of them, each child married, and a wide family under the ex's eldest.
    const partnerships = [partners(1, 2, false), partners(1, 3, false), partners(1, 4)];
    let id = 100;
    for (const [parent, count] of [
      [10, 6],
      [12, 1],
      [14, 3],
      [17, 5],
    ] as const) {
      const spouse = id++;
      people.push(person(spouse, `Spouse of ${parent}`));
      partnerships.push(partners(parent, spouse));
      for (let k = 0; k < count; k++) {
        const kid = id++;
        people.push(person(kid, `Grandchild ${kid}`));
        ties.push(tie(parent, kid), tie(spouse, kid));
      }
    }
    const layout = layoutGenerations({ rootId: 1, people, childTies: ties, partnerships, siblings: [] });

    expect(layout.nodes).toHaveLength(people.length);
    expect(crossings(layout)).toBe(0);
    expect(closestInRow(layout)).toBeGreaterThanOrEqual(TREE.horizontalSpacing - 0.001);
    // Left to right: Ann's family, Bea's, the lone child, Cy's: each family together and under its couple.
    const xs = (ids: number[]) => ids.map((kid) => at(layout, kid).x);
    const order = [[10, 11], [12], [15], [13, 14, 16, 17]];
    for (let i = 1; i < order.length; i++) {
      expect(Math.max(...xs(order[i - 1]!))).toBeLessThan(Math.min(...xs(order[i]!)));
    }
    expect(at(layout, 2).x).toBeLessThan(at(layout, 3).x);
    expect(at(layout, 3).x).toBeLessThan(at(layout, 1).x);
    expect(at(layout, 1).x).toBeLessThan(at(layout, 4).x);
  });

  it('lays out a generated family of thousands, four generations each way, without overlaps or crossings', () => {
    const tree = generatedFamily(4, 4);
    const started = performance.now();
    const layout = layoutGenerations(tree);
    const took = performance.now() - started;
    expect(layout.nodes).toHaveLength(tree.people.length);
    expect(closestInRow(layout)).toBeGreaterThanOrEqual(TREE.horizontalSpacing - 0.001);
    expect(crossings(layout)).toBe(0);
    expect(took).toBeLessThan(500);
  });
});

describe(busLevels.name, () => {
  it("puts the family whose children reach over another couple's drop below that couple's bus", () => {
    // The first family drops at 0 with children up to 3; the second drops at 1 with children at 4 and 5.
    expect(
      busLevels([
        { drop: 0, minKid: -1, maxKid: 3 },
        { drop: 1, minKid: 4, maxKid: 5 },
      ]),
    ).toEqual([1, 0]);
    // The second's children reach under the first's drop.
    expect(
      busLevels([
        { drop: 0, minKid: -3, maxKid: -2 },
        { drop: 1, minKid: -1, maxKid: 2 },
      ]),
    ).toEqual([0, 1]);
    // Apart: both at the same height.
    expect(
      busLevels([
        { drop: 0, minKid: -1, maxKid: 0 },
        { drop: 2, minKid: 2, maxKid: 3 },
      ]),
    ).toEqual([0, 0]);
  });
});

describe(visiblePart.name, () => {
  it('keeps only the part of a large tree that is on screen', () => {
    const layout = layoutGenerations(small);
    const me = at(layout, 4);
    const part = visiblePart(layout, { minX: me.x - 60, maxX: me.x + 60, minY: me.y - 60, maxY: me.y + 60 });
    expect(part.nodes.map((node) => node.person.id)).toEqual([4]);
    expect(part.links.length).toBeGreaterThan(0);
    expect(part.links.length).toBeLessThan(layout.links.length);
  });

  it('draws only the people on screen of a tree of hundreds', () => {
    const layout = layoutGenerations(generatedFamily(5, 5));
    const { container } = render(
      <MemoryRouter>
        <FamilyTreeCanvas layout={layout} label="A big family" onOpen={() => undefined} cull />
      </MemoryRouter>,
    );
    const drawn = container.querySelectorAll('[data-person-id]').length;
    expect(layout.nodes.length).toBeGreaterThan(300);
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(layout.nodes.length / 5);
    expect(
      container.querySelector(`[data-person-id="${layout.nodes.find((n) => n.role === 'root')!.person.id}"]`),
    ).not.toBeNull();
  });
});

/**
 * A family like the bench's (scripts/bench-people.mjs), as the tree API answers it around someone in the middle:
 * ancestors `up` generations (two parents each), and descendants `down` generations, each married with three
 * children, and the root's two siblings.
 */
function generatedFamily(up: number, down: number): FamilyTree {
  const people: PersonListItem[] = [];
  const childTies: ChildTie[] = [];
  const partnerships: Partnership[] = [];
  let id = 1;
  const add = (sex: Sex, year: number) => {
    const p = person(id++, `${sex === 'F' ? 'Maria Anna' : 'Jan Stefan'} Kowalczyk-Nowak ${id}`, sex, `ABT ${year}`);
    people.push(p);
    return p.id;
  };
  const root = add('M', 1900);
  const ancestors = (childId: number, depth: number, year: number) => {
    if (depth === 0) return;
    const father = add('M', year - 25);
    const mother = add('F', year - 23);
    partnerships.push(partners(father, mother));
    childTies.push(tie(father, childId), tie(mother, childId));
    ancestors(father, depth - 1, year - 25);
    ancestors(mother, depth - 1, year - 23);
  };
  ancestors(root, up, 1900);
  const [father, mother] = [2, 3];
  for (const year of [1895, 1905]) {
    const sibling = add('F', year);
    childTies.push(tie(father, sibling), tie(mother, sibling));
  }
  const descendants = (parentId: number, depth: number, year: number) => {
    if (depth === 0) return;
    const spouse = add('F', year + 2);
    partnerships.push(partners(parentId, spouse));
    for (let k = 0; k < 3; k++) {
      const kid = add(k % 2 ? 'F' : 'M', year + 25 + k);
      childTies.push(tie(parentId, kid), tie(spouse, kid));
      descendants(kid, depth - 1, year + 25 + k);
    }
  };
  descendants(root, down, 1900);
  return { rootId: root, people, childTies, partnerships, siblings: [] };
}

describe(nameLines.name, () => {
  it('breaks a long name into two even lines, inside a word before any ellipsis, shortening only what two lines cannot hold', () => {
    expect(nameLines('Anna Nowak')).toEqual(['Anna Nowak']);
    expect(nameLines('Maria Anna Kowalczyk')).toEqual(['Maria Anna', 'Kowalczyk']);
    expect(nameLines('Albert Augustus Charles Windsor')).toEqual(['Albert Augustus', 'Charles Windsor']);
    expect(nameLines('Maria Kowalczyk-Wiśniewska')).toEqual(['Maria Kowalczyk-', 'Wiśniewska']);
    // Whole, broken inside a word, rather than shortened.
    expect(nameLines('Partner Genmwvr18ixphonexx')).toEqual(['Partner Genmwvr', '18ixphonexx']);
    // Two lines cannot hold it: the words that fit, then the rest shortened.
    expect(nameLines('Anna Maria Kowalczyk-Wiśniewska')).toEqual(['Anna Maria', 'Kowalczyk-Wiśn…']);
    const long = nameLines('Jan Stefan Kowalczyk-Nowak Wiśniewski-Zamoyski Lubomirski');
    expect(long).toHaveLength(2);
    expect(long[1]).toMatch(/…$/);
    for (const name of [
      'Adolphus of_Schaumburg-Lippe',
      'Partner Genmwvr18ixphonexx',
      'Jan Stefan Kowalczyk-Nowak Wiśniewski-Zamoyski Lubomirski',
    ])
      expect(nameLines(name).every((line) => textWidthEm(line) <= NAME_LINE_EM)).toBe(true);
  });
});
