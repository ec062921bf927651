import { hierarchy, tree as tidyTree, type HierarchyPointNode } from 'd3-hierarchy';
import type { FamilyTree, PersonListItem } from '@family/contract';
import { lifeYearsInWords } from '@family/shared/genealogy';
import { TREE, type Point, type TreeLayout, type TreeLink, type TreeNode, type TreeRole } from './tree-layout';

/**
 * The tree around a person over several generations (docs/product.md "Family tree"), an hourglass of two tidy
 * trees (d3-hierarchy's Reingold–Tilford layout, which never lets subtrees overlap):
 * - below, the root's descendants: each person a unit with their partners beside them (former partners to
 *   the left, the current one to the right), their children grouped by family in the same order as the couples
 *   above them, so a couple's family sits apart under that couple;
 * - above, the ancestors: each person's parents a unit (father left, mother right, their other partners outside),
 *   with the father's parents above-left and the mother's above-right;
 * - the root's siblings beside the root, older to the left, younger to the right.
 * Lines go down from a couple to a bus halfway to the children's row; where two families' buses would cross, one
 * is drawn a little lower (see `busLevels`). People reached otherwise (a pedigree that meets itself) keep their
 * first place, and anyone left over goes at the end of their generation's row.
 */

/** Canvas units around the drawing. */
const MARGIN = 240;
/** Gaps between units, in person slots: within one family, between families of one couple, between cousins. */
const GAP_SIBLINGS = 0.2;
const GAP_FAMILIES = 0.45;
const GAP_COUSINS = 0.7;
/** Canvas units from one generation's row to the next: room for two lines of name, the years, and the buses. */
const ROW_SPACING = 250;
/** Below a person's centre, their name and years end here; lines between rows run below it. */
const NAME_ROOM = 120;
/** Above the top row's centres: the circle and a margin. */
const TOP_ROOM = 80;
/** How far apart the buses of two families in one gap between rows are drawn (less when many must fit). */
const BUS_STEP = 12;

type Unit = {
  /** The people of the unit left to right, in slots relative to `anchor`'s slot 0. */
  people: Array<{ id: number; slot: number }>;
  anchor: number;
  /** Which family (a couple, or one parent) each child unit hangs from; parallel to `children`. */
  children: Unit[];
  familyOf: number[];
};

type Graph = {
  people: Map<number, PersonListItem>;
  parents: Map<number, number[]>;
  children: Map<number, number[]>;
  /** Partners with whether the partnership is the current one. */
  partners: Map<number, Array<{ id: number; current: boolean }>>;
};

function push<T>(map: Map<number, T[]>, key: number, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function readGraph(tree: FamilyTree): Graph {
  const graph: Graph = {
    people: new Map(tree.people.map((p) => [p.id, p])),
    parents: new Map(),
    children: new Map(),
    partners: new Map(),
  };
  for (const tie of tree.childTies) {
    if (!graph.people.has(tie.childId) || !graph.people.has(tie.parentId)) continue;
    push(graph.parents, tie.childId, tie.parentId);
    push(graph.children, tie.parentId, tie.childId);
  }
  for (const partnership of tree.partnerships) {
    const [a, b] = partnership.personIds;
    if (!graph.people.has(a) || !graph.people.has(b)) continue;
    push(graph.partners, a, { id: b, current: partnership.current });
    push(graph.partners, b, { id: a, current: partnership.current });
  }
  return graph;
}

/** Earlier births first, then by id: a stable order for siblings and partners. */
function byBirth(graph: Graph) {
  const key = (id: number) => graph.people.get(id)?.birth?.date?.match(/\d{3,4}/)?.[0] ?? '9999';
  return (a: number, b: number) => key(a).localeCompare(key(b)) || a - b;
}

/** A person with their partners beside them: former partners to the left, the current one to the right. */
function unitOf(graph: Graph, id: number, placed: Set<number>): Unit {
  placed.add(id);
  const partners = (graph.partners.get(id) ?? []).filter((p) => !placed.has(p.id));
  const former = partners
    .filter((p) => !p.current)
    .map((p) => p.id)
    .sort(byBirth(graph));
  const current = partners.filter((p) => p.current).map((p) => p.id);
  const people = [
    ...former.map((pid, i) => ({ id: pid, slot: i - former.length })),
    { id, slot: 0 },
    ...current.map((pid, i) => ({ id: pid, slot: i + 1 })),
  ];
  for (const person of people) placed.add(person.id);
  return { people, anchor: id, children: [], familyOf: [] };
}

/** Where a family's line leaves its unit, in slots: between the couple, or under a lone parent. */
function dropSlot(unit: Unit, partnerId: number | null): number {
  const partner = unit.people.find((p) => p.id === partnerId);
  if (!partner) return 0;
  return partner.slot < 0 ? partner.slot + 0.5 : partner.slot - 0.5;
}

/** The root's descendants, each unit's children grouped by family in the order of the couples' drops. */
function descendantUnits(graph: Graph, rootId: number, placed: Set<number>): Unit {
  const root = unitOf(graph, rootId, placed);
  const queue: Unit[] = [root];
  // Breadth first, so a child of two descendants hangs from the nearer one.
  for (let i = 0; i < queue.length; i++) {
    const unit = queue[i]!;
    const kids = (graph.children.get(unit.anchor) ?? []).filter((id) => !placed.has(id)).sort(byBirth(graph));
    const withDrop = kids.map((kid) => {
      const other = (graph.parents.get(kid) ?? []).find(
        (p) => p !== unit.anchor && unit.people.some((u) => u.id === p),
      );
      return { kid, drop: dropSlot(unit, other ?? null) };
    });
    withDrop.sort((a, b) => a.drop - b.drop);
    for (const { kid, drop } of withDrop) {
      if (placed.has(kid)) continue;
      const child = unitOf(graph, kid, placed);
      unit.children.push(child);
      unit.familyOf.push(drop);
      queue.push(child);
    }
  }
  return root;
}

/** Father first (M), then mother, else by id. */
function parentOrder(graph: Graph) {
  const rank = (id: number) => ({ M: 0, F: 2 })[graph.people.get(id)?.sex as 'M' | 'F'] ?? 1;
  return (a: number, b: number) => rank(a) - rank(b) || a - b;
}

/** The parents of `childId` as a unit (their other partners outside them), their own parents as its children. */
function ancestorUnit(graph: Graph, childId: number, placed: Set<number>): Unit | null {
  const parents = (graph.parents.get(childId) ?? [])
    .filter((id) => !placed.has(id))
    .sort(parentOrder(graph))
    .slice(0, 2);
  if (parents.length === 0) return null;
  for (const id of parents) placed.add(id);
  const others = (id: number) =>
    (graph.partners.get(id) ?? []).map((p) => p.id).filter((pid) => !placed.has(pid) && !parents.includes(pid));
  const left = parents.length === 2 ? others(parents[0]!) : [];
  const right = others(parents[parents.length - 1]!);
  for (const id of [...left, ...right]) placed.add(id);
  const people = [
    ...left.map((id, i) => ({ id, slot: i - left.length })),
    ...parents.map((id, i) => ({ id, slot: i })),
    ...right.map((id, i) => ({ id, slot: parents.length + i })),
  ];
  const unit: Unit = { people, anchor: parents[0]!, children: [], familyOf: [] };
  for (const parent of parents) {
    const above = ancestorUnit(graph, parent, placed);
    if (above) {
      unit.children.push(above);
      unit.familyOf.push(0);
    }
  }
  return unit;
}

const widthOf = (unit: Unit) => unit.people[unit.people.length - 1]!.slot - unit.people[0]!.slot + 1;
const centreOf = (unit: Unit) => (unit.people[0]!.slot + unit.people[unit.people.length - 1]!.slot) / 2;

/** Lays a unit tree out with the tidy tree; answers each person's slot x and generation offset (depth). */
function tidy(rootUnit: Unit, place: (id: number, x: number, depth: number) => void) {
  const root = hierarchy(rootUnit, (unit) => unit.children);
  const layout = tidyTree<Unit>()
    .nodeSize([1, 1])
    .separation((a, b) => {
      const half = (widthOf(a.data) + widthOf(b.data)) / 2;
      if (a.parent !== b.parent) return half + GAP_COUSINS;
      const parent = a.parent!.data;
      const sameFamily =
        parent.familyOf[parent.children.indexOf(a.data)] === parent.familyOf[parent.children.indexOf(b.data)];
      return half + (sameFamily ? GAP_SIBLINGS : GAP_FAMILIES);
    });
  layout(root).each((node: HierarchyPointNode<Unit>) => {
    for (const person of node.data.people) place(person.id, node.x - centreOf(node.data) + person.slot, node.depth);
  });
}

export function layoutGenerations(tree: FamilyTree): TreeLayout {
  const graph = readGraph(tree);
  const rootId = tree.rootId;
  /** Slot x (person widths) and generation (root 0, parents -1) of everyone placed. */
  const spot = new Map<number, { x: number; g: number }>();
  const placed = new Set<number>();

  // Below: the root's unit and descendants, the root at x 0.
  const down = descendantUnits(graph, rootId, placed);
  tidy(down, (id, x, depth) => spot.set(id, { x, g: depth }));
  const shift = spot.get(rootId)!.x;
  for (const s of spot.values()) s.x -= shift;

  // The root's row: siblings (the parents' other children, and sibling ties) with their partners.
  const rootParents = graph.parents.get(rootId) ?? [];
  const siblingIds = new Set<number>();
  for (const parent of rootParents) for (const kid of graph.children.get(parent) ?? []) siblingIds.add(kid);
  for (const sibling of tree.siblings) {
    if (sibling.personIds.includes(rootId))
      siblingIds.add(sibling.personIds[0] === rootId ? sibling.personIds[1] : sibling.personIds[0]);
  }
  const rootUnitXs = down.people.map((p) => spot.get(p.id)!.x);
  let leftEdge = Math.min(...rootUnitXs);
  let rightEdge = Math.max(...rootUnitXs);
  const rootBirth = byBirth(graph);
  const siblings = [...siblingIds].filter((id) => !placed.has(id)).sort(rootBirth);
  // Outward from the root: the older ones leftwards (the eldest furthest), the younger ones rightwards.
  const older = siblings.filter((id) => rootBirth(id, rootId) < 0).reverse();
  const younger = siblings.filter((id) => rootBirth(id, rootId) > 0);
  for (const [ids, leftwards] of [
    [older, true],
    [younger, false],
  ] as const) {
    for (const id of ids) {
      if (placed.has(id)) continue;
      const unit = unitOf(graph, id, placed);
      const start = leftwards ? leftEdge - 1 - GAP_SIBLINGS - (widthOf(unit) - 1) : rightEdge + 1 + GAP_SIBLINGS;
      for (const person of unit.people) spot.set(person.id, { x: start + person.slot - unit.people[0]!.slot, g: 0 });
      if (leftwards) leftEdge = start;
      else rightEdge = start + widthOf(unit) - 1;
    }
  }

  // Above: the parents' unit centred over the root and their other children, each generation above that.
  const up = ancestorUnit(graph, rootId, placed);
  if (up) {
    const above = new Map<number, { x: number; g: number }>();
    tidy(up, (id, x, depth) => above.set(id, { x, g: -depth - 1 }));
    const parentXs = rootParents.map((id) => above.get(id)?.x).filter((x): x is number => x !== undefined);
    const kids = [...siblingIds, rootId].map((id) => spot.get(id)?.x).filter((x): x is number => x !== undefined);
    const over = parentXs.length ? parentXs.reduce((a, b) => a + b, 0) / parentXs.length : 0;
    const under = (Math.min(...kids) + Math.max(...kids)) / 2;
    for (const [id, s] of above) spot.set(id, { x: s.x - over + under, g: s.g });
  }

  // Anyone not reached so far: at the end of the row of the generation they are first reached in.
  const leftover = tree.people.map((p) => p.id).filter((id) => !spot.has(id));
  if (leftover.length) placeLeftovers(graph, spot, leftover);

  return toCanvas(graph, tree, spot);
}

/** People the hourglass did not reach: their generation from a walk over every tie, then the row's right end. */
function placeLeftovers(graph: Graph, spot: Map<number, { x: number; g: number }>, leftover: number[]) {
  const generation = new Map<number, number>([...spot].map(([id, s]) => [id, s.g]));
  const queue = [...spot.keys()];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const g = generation.get(id)!;
    const next: Array<[number, number]> = [
      ...(graph.partners.get(id) ?? []).map((p): [number, number] => [p.id, g]),
      ...(graph.parents.get(id) ?? []).map((p): [number, number] => [p, g - 1]),
      ...(graph.children.get(id) ?? []).map((c): [number, number] => [c, g + 1]),
    ];
    for (const [other, og] of next) {
      if (generation.has(other)) continue;
      generation.set(other, og);
      queue.push(other);
    }
  }
  const rowEnd = new Map<number, number>();
  for (const s of spot.values()) rowEnd.set(s.g, Math.max(rowEnd.get(s.g) ?? -Infinity, s.x));
  for (const id of leftover) {
    const g = generation.get(id) ?? 0;
    const x = (rowEnd.get(g) ?? -1) + 1 + GAP_COUSINS;
    spot.set(id, { x, g });
    rowEnd.set(g, x);
  }
}

type Family = { key: string; parents: number[]; kids: number[]; tieIds: number[] };

/** Children grouped by the parents they hang from: a couple drawn side by side, or each parent alone. */
function familiesOf(tree: FamilyTree, graph: Graph, spot: Map<number, { x: number; g: number }>): Family[] {
  const byChild = new Map<number, Array<{ parentId: number; tieId: number }>>();
  for (const tie of tree.childTies) {
    if (spot.has(tie.childId) && spot.has(tie.parentId))
      push(byChild, tie.childId, { parentId: tie.parentId, tieId: tie.id });
  }
  const families = new Map<string, Family>();
  const add = (parents: number[], kid: number, tieIds: number[]) => {
    const key = parents.join('+');
    const family = families.get(key) ?? { key, parents, kids: [], tieIds: [] };
    family.kids.push(kid);
    family.tieIds.push(...tieIds);
    families.set(key, family);
  };
  for (const [kid, ties] of byChild) {
    const couple = ties.find((a) =>
      ties.some(
        (b) =>
          b !== a &&
          (graph.partners.get(a.parentId) ?? []).some((p) => p.id === b.parentId) &&
          spot.get(a.parentId)!.g === spot.get(b.parentId)!.g,
      ),
    );
    const partner =
      couple &&
      ties.find((b) => b !== couple && (graph.partners.get(couple.parentId) ?? []).some((p) => p.id === b.parentId));
    const together = couple && partner ? [couple, partner] : [];
    if (together.length) {
      add(
        together.map((t) => t.parentId).sort((a, b) => a - b),
        kid,
        together.map((t) => t.tieId),
      );
    }
    for (const tie of ties) if (!together.includes(tie)) add([tie.parentId], kid, [tie.tieId]);
  }
  return [...families.values()];
}

/**
 * Buses of families in one gap between rows get levels so that no bus crosses another family's lines: for two
 * families in the order of their drops, where one's children reach past the other's drop, that one goes lower.
 * Answers a level per family (0 highest) and how many levels there are.
 */
export function busLevels(spans: Array<{ drop: number; minKid: number; maxKid: number }>): number[] {
  const order = spans.map((_, i) => i).sort((a, b) => spans[a]!.drop - spans[b]!.drop);
  const below = spans.map(() => [] as number[]);
  const inDegree = spans.map(() => 0);
  for (let a = 0; a < order.length; a++) {
    for (let b = a + 1; b < order.length; b++) {
      const i = order[a]!;
      const j = order[b]!;
      // i's children reach over j's drop: i goes below j. j's children reach under i's drop: j below i.
      if (spans[j]!.drop <= spans[i]!.maxKid) {
        below[j].push(i);
        inDegree[i]!++;
      } else if (spans[j]!.minKid <= spans[i]!.drop) {
        below[i].push(j);
        inDegree[j]!++;
      }
    }
  }
  const level = spans.map(() => 0);
  const ready = order.filter((i) => inDegree[i] === 0);
  const done = new Set<number>();
  while (ready.length) {
    const i = ready.shift()!;
    done.add(i);
    for (const j of below[i]!) {
      level[j] = Math.max(level[j]!, level[i]! + 1);
      if (--inDegree[j]! === 0) ready.push(j);
    }
  }
  return level;
}

function toCanvas(graph: Graph, tree: FamilyTree, spot: Map<number, { x: number; g: number }>): TreeLayout {
  const { horizontalSpacing: dx, nodeRadius: r } = TREE;
  const dy = ROW_SPACING;
  const spots = [...spot.values()];
  const minX = Math.min(...spots.map((s) => s.x));
  const maxX = Math.max(...spots.map((s) => s.x));
  const top = Math.min(...spots.map((s) => s.g));
  const bottom = Math.max(...spots.map((s) => s.g));
  const width = Math.max(TREE.canvasWidth, (maxX - minX) * dx + 2 * MARGIN);
  const height = Math.max(TREE.canvasHeight, (bottom - top) * dy + 2 * MARGIN);
  const left = (width - (maxX - minX) * dx) / 2;
  const pointOf = (id: number): Point => {
    const s = spot.get(id)!;
    return { x: left + (s.x - minX) * dx, y: MARGIN + (s.g - top) * dy };
  };

  const rootG = 0;
  const rootPartners = new Set((graph.partners.get(tree.rootId) ?? []).map((p) => p.id));
  const roleOf = (id: number): TreeRole => {
    const g = spot.get(id)!.g;
    if (id === tree.rootId) return 'root';
    if (g < rootG - 1) return 'grandparent';
    if (g === rootG - 1) return 'parent';
    if (g > rootG) return 'child';
    return rootPartners.has(id) ? 'spouse' : 'sibling';
  };
  const nodes: TreeNode[] = tree.people
    .filter((person) => spot.has(person.id))
    .map((person) => ({
      ...pointOf(person.id),
      person,
      role: roleOf(person.id),
      years: lifeYearsInWords(person.birth?.date ?? null, person.death?.date ?? null, person.death !== null),
      hasAccount: person.hasAccount,
    }));

  const links: TreeLink[] = [];
  for (const partnership of tree.partnerships) {
    const [a, b] = partnership.personIds;
    if (!spot.has(a) || !spot.has(b)) continue;
    const [pa, pb] = [pointOf(a), pointOf(b)].sort((p, q) => p.x - q.x);
    links.push({
      key: `p${partnership.id}`,
      kind: partnership.current ? 'spouse' : 'former',
      points: [
        { x: pa!.x + r, y: pa!.y },
        { x: pb!.x - r, y: pb!.y },
      ],
    });
  }

  /**
   * Where a family's line leaves its parents: between a couple side by side; with other partners between them,
   * half a place from the one with fewer partners (as `dropSlot` ordered the children); under a lone parent.
   */
  const dropPoint = (parents: number[]): Point => {
    const [a, b] = parents.map(pointOf);
    if (!b) return a!;
    if (Math.abs(a!.x - b.x) <= dx * 1.01) return { x: (a!.x + b.x) / 2, y: a!.y };
    const count = (id: number) => graph.partners.get(id)?.length ?? 0;
    const [outer, inner] = count(parents[0]!) <= count(parents[1]!) ? [a!, b] : [b, a!];
    return { x: outer.x + Math.sign(inner.x - outer.x) * (dx / 2), y: outer.y };
  };

  // Parent lines, gap by gap between rows, each family's bus at its level.
  const families = familiesOf(tree, graph, spot);
  const byGap = new Map<number, Array<{ family: Family; drop: Point; kids: Point[] }>>();
  for (const family of families) {
    const drop = dropPoint(family.parents);
    push(byGap, drop.y, { family, drop, kids: family.kids.map(pointOf) });
  }
  for (const group of byGap.values()) {
    const levels = busLevels(
      group.map(({ drop, kids }) => ({
        drop: drop.x,
        minKid: Math.min(...kids.map((k) => k.x)),
        maxKid: Math.max(...kids.map((k) => k.x)),
      })),
    );
    const count = Math.max(...levels) + 1;
    const room = dy - NAME_ROOM - r - 20;
    const step = count > 1 ? Math.min(BUS_STEP, room / (count - 1)) : 0;
    group.forEach(({ family, drop, kids }, index) => {
      const busY = drop.y + NAME_ROOM + 10 + room / 2 + (levels[index]! - (count - 1) / 2) * step;
      // A couple's line leaves the line between them; a lone parent's leaves from under their name.
      const couple = family.parents.length === 2;
      const xs = [drop.x, ...kids.map((k) => k.x)];
      links.push({
        key: `f${family.key}`,
        kind: 'parent',
        points: [
          { x: drop.x, y: couple ? drop.y : drop.y + NAME_ROOM },
          { x: drop.x, y: busY },
        ],
      });
      links.push({
        key: `b${family.key}`,
        kind: 'parent',
        points: [
          { x: Math.min(...xs), y: busY },
          { x: Math.max(...xs), y: busY },
        ],
      });
      kids.forEach((kid, k) =>
        links.push({
          key: `c${family.key}-${family.kids[k]}`,
          kind: 'parent',
          points: [
            { x: kid.x, y: Math.min(busY, kid.y - r) },
            { x: kid.x, y: kid.y - r },
          ],
        }),
      );
    });
  }

  const xs = nodes.map((node) => node.x);
  const ys = nodes.map((node) => node.y);
  return {
    width,
    height,
    root: pointOf(tree.rootId),
    nodes,
    links,
    bounds: {
      minX: Math.min(...xs) - 100,
      maxX: Math.max(...xs) + 100,
      minY: Math.min(...ys) - TOP_ROOM,
      maxY: Math.max(...ys) + NAME_ROOM,
    },
  };
}
