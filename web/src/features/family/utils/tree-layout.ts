import type { FamilyRelation, PersonSummary } from '@family/contract';

/** docs/product.md "Family tree": the tree's constants. */
export const TREE = {
  canvasWidth: 2400,
  canvasHeight: 1600,
  /** The design size of the visible area; its width follows the screen, its height is fixed. */
  viewportWidth: 800,
  viewportHeight: 600,
  nodeRadius: 40,
  horizontalSpacing: 200,
  /** Room for a circle, two lines of name, the line between rows and a 'Spouse' label, none crossing another. */
  verticalSpacing: 180,
  minZoom: 0.5,
  /**
   * The least zoom a tree opens at: names (16 canvas px) show at 12 px and years (15) at 11 or more
   * (DESIGN §12 "Trees you can read"). The person can still zoom out to minZoom.
   */
  startMinZoom: 0.75,
  maxZoom: 2,
  tapMaxMs: 300,
  tapMaxMovePx: 10,
} as const;

export type TreeRole = 'root' | 'parent' | 'grandparent' | 'spouse' | 'sibling' | 'child';

export type Point = { x: number; y: number };

export type TreeNode = Point & {
  person: PersonSummary;
  role: TreeRole;
  /** Shown beside the node: docs/product.md "Family tree" labels the spouse and the siblings. */
  label?: 'Spouse' | 'Sibling';
  /** "1901–1975", "about 1850": shown under the name in the tree over generations. */
  years?: string | null;
  /** People without accounts are drawn apart from members (a dashed ring). */
  hasAccount?: boolean;
};

export type TreeLink = {
  key: string;
  /** `former`: a partnership that has ended, dashed like a loose sibling tie. */
  kind: 'parent' | 'spouse' | 'sibling' | 'former';
  /** A polyline: parents to child go down (from between a couple), across above the child's row, and down. */
  points: Point[];
};

export type TreeLayout = {
  width: number;
  height: number;
  root: Point;
  nodes: TreeNode[];
  links: TreeLink[];
  /** The box around every node, with room for labels and names. */
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
};

/** Room kept around a node for its label above and its name below. */
const LABEL_ROOM = 64;
const NAME_ROOM = 100;
/** Below a person's centre, their two lines of name end here (family-tree-node.tsx), with the halo around them. */
const NAME_BOTTOM = 96;
/** The line across to children runs this far above their circles: over a 'Spouse' or 'Sibling' label. */
const BUS_ABOVE_CHILD = 37;
const SIDE_ROOM = 90;

type Family = {
  people: Map<number, PersonSummary>;
  parents: Map<number, Set<number>>;
  children: Map<number, Set<number>>;
  spouses: Map<number, Set<number>>;
  siblings: Map<number, Set<number>>;
};

function addTo(map: Map<number, Set<number>>, key: number, value: number) {
  const set = map.get(key) ?? new Set<number>();
  set.add(value);
  map.set(key, set);
}

/** Every relation read into "who is whose parent / spouse / sibling", whichever way round it was sent. */
function readFamily(relations: FamilyRelation[]): Family {
  const family: Family = {
    people: new Map(),
    parents: new Map(),
    children: new Map(),
    spouses: new Map(),
    siblings: new Map(),
  };
  for (const relation of relations) {
    const { fromUserId: from, toUserId: to } = relation;
    if (from === to) continue;
    family.people.set(from, relation.fromUser);
    family.people.set(to, relation.toUser);
    switch (relation.relationType) {
      case 'parent':
        addTo(family.parents, from, to);
        addTo(family.children, to, from);
        break;
      case 'child':
        addTo(family.parents, to, from);
        addTo(family.children, from, to);
        break;
      case 'spouse':
        addTo(family.spouses, from, to);
        addTo(family.spouses, to, from);
        break;
      case 'sibling':
        addTo(family.siblings, from, to);
        addTo(family.siblings, to, from);
        break;
    }
  }
  return family;
}

const sorted = (ids: Iterable<number> | undefined) => [...(ids ?? [])].sort((a, b) => a - b);

/**
 * Where everyone in `rootId`'s tree goes on the canvas: the root in the centre, parents above (each parent's
 * own parents above them, grouped so no two overlap), the spouse to the left, siblings to the right, children
 * below, each row spaced TREE.horizontalSpacing apart and rows TREE.verticalSpacing apart. The canvas is
 * TREE.canvasWidth x TREE.canvasHeight, wider only when a row needs more room; the root stays in its centre.
 */
export function layoutFamilyTree(rootId: number, relations: FamilyRelation[], rootPerson: PersonSummary): TreeLayout {
  const family = readFamily(relations);
  const { horizontalSpacing: dx, verticalSpacing: dy, nodeRadius: r } = TREE;
  const nodes: TreeNode[] = [];
  const links: TreeLink[] = [];
  const placed = new Map<number, TreeNode>();
  const person = (id: number) => (id === rootId ? (family.people.get(id) ?? rootPerson) : family.people.get(id)!);

  // Relative to the root at (0, 0); moved onto the canvas at the end.
  const place = (id: number, role: TreeRole, x: number, y: number, label?: TreeNode['label']) => {
    const node: TreeNode = { person: person(id), role, x, y, ...(label ? { label } : {}) };
    placed.set(id, node);
    nodes.push(node);
    return node;
  };
  /** Couples already joined by a line (partners by their own line along the row). */
  const joined = new Set<string>();
  /**
   * Lines from parents to a child (DESIGN §12: children hang from the couple, lines never cross names): two parents
   * side by side send one line down from between them; a lone parent's leaves from under their name. It runs
   * down to a line just above the child's row (below the parents' names, above the child's label) and across.
   */
  const lineage = (parents: TreeNode[], child: TreeNode) => {
    const [a, b] = [...parents].sort((p, q) => p.x - q.x);
    const couple = b !== undefined && a!.y === b.y;
    const drop = couple ? { x: (a!.x + b.x) / 2, y: a!.y } : { x: a!.x, y: a!.y + NAME_BOTTOM };
    const busY = child.y - r - BUS_ABOVE_CHILD;
    const key = couple ? `${a!.person.id}+${b.person.id}` : `${a!.person.id}`;
    if (couple && !joined.has(key)) {
      joined.add(key);
      links.push({
        key: `couple-${key}`,
        kind: 'parent',
        points: [
          { x: a!.x + r, y: a!.y },
          { x: b.x - r, y: b.y },
        ],
      });
    }
    links.push({
      key: `parent-${key}-${child.person.id}`,
      kind: 'parent',
      points: [drop, { x: drop.x, y: busY }, { x: child.x, y: busY }, { x: child.x, y: child.y - r }],
    });
    if (!couple && b) lineage([b], child);
  };
  /** A chain along the root's row, one node's edge to the next's. */
  const alongRow = (kind: 'spouse' | 'sibling', a: TreeNode, b: TreeNode) => {
    const direction = Math.sign(b.x - a.x);
    links.push({
      key: `${kind}-${a.person.id}-${b.person.id}`,
      kind,
      points: [
        { x: a.x + direction * r, y: a.y },
        { x: b.x - direction * r, y: b.y },
      ],
    });
  };

  const root = place(rootId, 'root', 0, 0);

  // Parents, each above the group of their own parents so that no grandparents overlap.
  const parents = sorted(family.parents.get(rootId)).filter((id) => id !== rootId);
  const parentIds = new Set(parents);
  const groups = parents.map((parentId) => {
    const grandparents = sorted(family.parents.get(parentId)).filter((id) => id !== rootId && !parentIds.has(id));
    return { parentId, grandparents, width: Math.max(1, grandparents.length) * dx };
  });
  let left = -groups.reduce((sum, group) => sum + group.width, 0) / 2;
  const parentNodes: TreeNode[] = [];
  for (const group of groups) {
    const parent = place(group.parentId, 'parent', left + group.width / 2, -dy);
    parentNodes.push(parent);
    const grandparents = group.grandparents.map(
      (grandparentId, index) =>
        placed.get(grandparentId) ?? place(grandparentId, 'grandparent', left + (index + 0.5) * dx, -2 * dy),
    );
    for (let i = 0; i < grandparents.length; i += 2) lineage(grandparents.slice(i, i + 2), parent);
    left += group.width;
  }
  for (let i = 0; i < parentNodes.length; i += 2) lineage(parentNodes.slice(i, i + 2), root);

  // The spouse to the left.
  let previous = root;
  for (const spouseId of sorted(family.spouses.get(rootId))) {
    if (placed.has(spouseId)) continue;
    const spouse = place(spouseId, 'spouse', previous.x - dx, 0, 'Spouse');
    alongRow('spouse', previous, spouse);
    previous = spouse;
  }
  // The children hang from the root and the spouse beside them, whose line already joins them; a child whose
  // other parent is someone else (an earlier partnership) hangs from the root alone.
  const partner = previous === root ? undefined : nodes.find((node) => node.role === 'spouse')!;
  if (partner) joined.add(`${partner.person.id}+${rootId}`);
  const parentsOf = (childId: number): TreeNode[] => {
    if (!partner) return [root];
    const others = sorted(family.parents.get(childId)).filter((id) => id !== rootId);
    return others.length === 0 || others.includes(partner.person.id) ? [partner, root] : [root];
  };

  // Siblings to the right: those named so, and the parents' other children.
  const siblingIds = new Set(family.siblings.get(rootId));
  for (const parentId of parents) for (const childId of family.children.get(parentId) ?? []) siblingIds.add(childId);
  previous = root;
  for (const siblingId of sorted(siblingIds)) {
    if (placed.has(siblingId)) continue;
    const sibling = place(siblingId, 'sibling', previous.x + dx, 0, 'Sibling');
    alongRow('sibling', previous, sibling);
    previous = sibling;
  }

  // Children below, centred under the root: the couple's on the spouse's side, the root's others after them.
  const children = sorted(family.children.get(rootId))
    .filter((id) => !placed.has(id))
    .map((id) => ({ id, parents: parentsOf(id) }))
    .sort((a, b) => b.parents.length - a.parents.length);
  children.forEach(({ id, parents: childParents }, index) => {
    const child = place(id, 'child', (index - (children.length - 1) / 2) * dx, dy);
    lineage(childParents, child);
  });

  // Onto the canvas: the root in its centre, the canvas widened (both sides alike) when a row needs it.
  const reach = Math.max(...nodes.map((node) => Math.abs(node.x))) + SIDE_ROOM;
  const width = Math.max(TREE.canvasWidth, Math.ceil(2 * reach));
  const height = TREE.canvasHeight;
  const shift = (point: Point): Point => ({ x: point.x + width / 2, y: point.y + height / 2 });
  const canvasNodes = nodes.map((node) => ({ ...node, ...shift(node) }));
  const canvasLinks = links.map((link) => ({ ...link, points: link.points.map(shift) }));
  const xs = canvasNodes.map((node) => node.x);
  const ys = canvasNodes.map((node) => node.y);
  return {
    width,
    height,
    root: shift(root),
    nodes: canvasNodes,
    links: canvasLinks,
    bounds: {
      minX: Math.min(...xs) - SIDE_ROOM,
      maxX: Math.max(...xs) + SIDE_ROOM,
      minY: Math.min(...ys) - LABEL_ROOM,
      maxY: Math.max(...ys) + NAME_ROOM,
    },
  };
}

/** How the canvas sits in the viewport: a canvas point p shows at p * scale + (x, y). */
export type View = { x: number; y: number; scale: number };

export function clampZoom(scale: number): number {
  return Math.min(TREE.maxZoom, Math.max(TREE.minZoom, scale));
}

/** Keeps at least `keep` pixels of the canvas in sight, so it can never be dragged away and lost. */
export function clampView(
  view: View,
  viewport: { width: number; height: number },
  canvas: { width: number; height: number },
  keep = 120,
): View {
  const scale = clampZoom(view.scale);
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  return {
    scale,
    x: clamp(view.x, keep - canvas.width * scale, viewport.width - keep),
    y: clamp(view.y, keep - canvas.height * scale, viewport.height - keep),
  };
}

/** Zooms to `scale` keeping the canvas point under the viewport point `at` where it is. */
export function zoomAt(view: View, scale: number, at: Point): View {
  const next = clampZoom(scale);
  const canvasX = (at.x - view.x) / view.scale;
  const canvasY = (at.y - view.y) / view.scale;
  return { scale: next, x: at.x - canvasX * next, y: at.y - canvasY * next };
}

/**
 * The starting view (and the Centre button's): the whole drawn family in sight when it fits at a zoom
 * between TREE.startMinZoom (where names stay readable) and 1, else as much of it as fits around the root.
 */
export function centreView(layout: TreeLayout, viewport: { width: number; height: number }): View {
  const { bounds, root } = layout;
  const boundsWidth = bounds.maxX - bounds.minX;
  const boundsHeight = bounds.maxY - bounds.minY;
  const scale = Math.max(TREE.startMinZoom, Math.min(1, viewport.width / boundsWidth, viewport.height / boundsHeight));
  const fitsWide = boundsWidth * scale <= viewport.width;
  const fitsHigh = boundsHeight * scale <= viewport.height;
  // Too big: around the root, but no emptiness past the family's edge (a root in the bottom row shows ancestors).
  const around = (at: number, min: number, max: number, size: number) =>
    Math.min(Math.max(at, min + size / 2 / scale), max - size / 2 / scale);
  const focusX = fitsWide ? (bounds.minX + bounds.maxX) / 2 : around(root.x, bounds.minX, bounds.maxX, viewport.width);
  const focusY = fitsHigh ? (bounds.minY + bounds.maxY) / 2 : around(root.y, bounds.minY, bounds.maxY, viewport.height);
  return { scale, x: viewport.width / 2 - focusX * scale, y: viewport.height / 2 - focusY * scale };
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
      let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
      for (const p of link.points) {
        x0 = Math.min(x0, p.x);
        x1 = Math.max(x1, p.x);
        y0 = Math.min(y0, p.y);
        y1 = Math.max(y1, p.y);
      }
      return x1 >= rect.minX && x0 <= rect.maxX && y1 >= rect.minY && y0 <= rect.maxY;
    }),
  };
}
