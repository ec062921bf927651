import type { FamilyTree, PersonSummary } from '@family/contract';
import { TREE, type TreeLayout, type TreeLink, type TreeNode, type TreeRole } from './tree-layout';

const MARGIN = 240;

/**
 * The tree around a person over several generations: each generation a row (ancestors above, descendants
 * below), partners beside each other in the same row, a row's people in the order they were reached from the
 * root so families stay together. Former partners are drawn with a dashed line.
 */
export function layoutGenerations(tree: FamilyTree): TreeLayout {
  const people = new Map<number, PersonSummary>(tree.people.map((person) => [person.id, person]));
  const parents = new Map<number, number[]>();
  const children = new Map<number, number[]>();
  const partners = new Map<number, number[]>();
  const push = (map: Map<number, number[]>, key: number, value: number) =>
    map.set(key, [...(map.get(key) ?? []), value]);
  for (const tie of tree.childTies) {
    push(parents, tie.childId, tie.parentId);
    push(children, tie.parentId, tie.childId);
  }
  for (const partnership of tree.partnerships) {
    const [a, b] = partnership.personIds;
    push(partners, a, b);
    push(partners, b, a);
  }
  for (const sibling of tree.siblings) {
    const [a, b] = sibling.personIds;
    // A sibling row without shared parents: the same generation, reached through the root.
    if (a === tree.rootId || b === tree.rootId) push(partners, a === tree.rootId ? a : b, a === tree.rootId ? b : a);
  }

  // Generations by a walk from the root: up a tie is -1, down +1, to a partner or sibling the same.
  const generation = new Map<number, number>([[tree.rootId, 0]]);
  const order: number[] = [tree.rootId];
  for (let i = 0; i < order.length; i++) {
    const id = order[i]!;
    const g = generation.get(id)!;
    const next: Array<[number, number]> = [
      ...(partners.get(id) ?? []).map((other): [number, number] => [other, g]),
      ...(parents.get(id) ?? []).map((other): [number, number] => [other, g - 1]),
      ...(children.get(id) ?? []).map((other): [number, number] => [other, g + 1]),
    ];
    for (const [other, otherGeneration] of next) {
      if (generation.has(other) || !people.has(other)) continue;
      generation.set(other, otherGeneration);
      order.push(other);
    }
  }

  const rows = new Map<number, number[]>();
  for (const id of order) push(rows, generation.get(id)!, id);
  const widest = Math.max(...[...rows.values()].map((row) => row.length));
  const gens = [...rows.keys()];
  const top = Math.min(...gens);
  const width = Math.max(TREE.canvasWidth, widest * TREE.horizontalSpacing + 2 * MARGIN);
  const height = Math.max(TREE.canvasHeight, (Math.max(...gens) - top + 1) * TREE.verticalSpacing + 2 * MARGIN);

  const position = new Map<number, { x: number; y: number }>();
  for (const [g, row] of rows) {
    const rowWidth = (row.length - 1) * TREE.horizontalSpacing;
    row.forEach((id, index) =>
      position.set(id, {
        x: width / 2 - rowWidth / 2 + index * TREE.horizontalSpacing,
        y: MARGIN + (g - top) * TREE.verticalSpacing,
      }),
    );
  }

  const roleOf = (id: number): TreeRole => {
    const g = generation.get(id)!;
    if (id === tree.rootId) return 'root';
    if (g < -1) return 'grandparent';
    if (g === -1) return 'parent';
    if (g > 0) return 'child';
    return (partners.get(tree.rootId) ?? []).includes(id) &&
      tree.partnerships.some((p) => p.personIds.includes(id) && p.personIds.includes(tree.rootId))
      ? 'spouse'
      : 'sibling';
  };
  const nodes: TreeNode[] = order.map((id) => ({ ...position.get(id)!, person: people.get(id)!, role: roleOf(id) }));

  const links: TreeLink[] = [];
  for (const tie of tree.childTies) {
    const parent = position.get(tie.parentId);
    const child = position.get(tie.childId);
    if (!parent || !child) continue;
    const middle = (parent.y + child.y) / 2;
    links.push({
      key: `c${tie.id}`,
      kind: 'parent',
      points: [parent, { x: parent.x, y: middle }, { x: child.x, y: middle }, child],
    });
  }
  for (const partnership of tree.partnerships) {
    const [a, b] = partnership.personIds.map((id) => position.get(id));
    if (!a || !b) continue;
    // A former partnership is drawn like a loose tie (dashed).
    links.push({ key: `p${partnership.id}`, kind: partnership.current ? 'spouse' : 'sibling', points: [a, b] });
  }

  const xs = nodes.map((node) => node.x);
  const ys = nodes.map((node) => node.y);
  return {
    width,
    height,
    root: position.get(tree.rootId) ?? { x: width / 2, y: height / 2 },
    nodes,
    links,
    bounds: {
      minX: Math.min(...xs) - 90,
      maxX: Math.max(...xs) + 90,
      minY: Math.min(...ys) - 64,
      maxY: Math.max(...ys) + 84,
    },
  };
}

/** The nodes and links inside `rect` (canvas units, with a margin): what a large tree draws. */
export function visiblePart(
  layout: TreeLayout,
  rect: { minX: number; minY: number; maxX: number; maxY: number },
): Pick<TreeLayout, 'nodes' | 'links'> {
  const inside = (x: number, y: number) => x >= rect.minX && x <= rect.maxX && y >= rect.minY && y <= rect.maxY;
  return {
    nodes: layout.nodes.filter((node) => inside(node.x, node.y)),
    links: layout.links.filter((link) => {
      const xs = link.points.map((p) => p.x);
      const ys = link.points.map((p) => p.y);
      return (
        Math.max(...xs) >= rect.minX &&
        Math.min(...xs) <= rect.maxX &&
        Math.max(...ys) >= rect.minY &&
        Math.min(...ys) <= rect.maxY
      );
    }),
  };
}
