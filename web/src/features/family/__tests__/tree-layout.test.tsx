import type { FamilyRelation, PersonSummary, RelationType } from '@family/contract';
import {
  TREE,
  centreView,
  clampView,
  clampZoom,
  layoutFamilyTree,
  zoomAt,
  type TreeLayout,
} from '../utils/tree-layout';

const person = (id: number, displayName = `Person ${id}`): PersonSummary => ({
  id,
  username: `user${id}`,
  displayName,
  profilePicture: null,
});

let nextId = 1;
/** `type` is what `to` is to `from`. */
const rel = (from: number, type: RelationType, to: number): FamilyRelation => ({
  id: nextId++,
  fromUserId: from,
  toUserId: to,
  relationType: type,
  fromUser: person(from),
  toUser: person(to),
});

const ROOT = 1;
const CX = TREE.canvasWidth / 2;
const CY = TREE.canvasHeight / 2;
const position = (layout: TreeLayout, id: number) => {
  const node = layout.nodes.find((n) => n.person.id === id);
  if (!node) throw new Error(`person ${id} is not in the layout`);
  return { x: node.x, y: node.y, role: node.role, label: node.label };
};

describe('layoutFamilyTree', () => {
  it('puts a person without relations alone in the centre of a 2400x1600 canvas', () => {
    const layout = layoutFamilyTree(ROOT, [], person(ROOT, 'Rose'));
    expect(layout.width).toBe(2400);
    expect(layout.height).toBe(1600);
    expect(layout.nodes).toEqual([{ person: person(ROOT, 'Rose'), role: 'root', x: CX, y: CY }]);
    expect(layout.links).toEqual([]);
  });

  it('places parents above, grandparents above their own child, spouse left, siblings right, children below', () => {
    const relations = [
      rel(ROOT, 'parent', 2), // mother
      rel(3, 'child', ROOT), // father, stored from his side
      rel(2, 'parent', 4), // mother's mother
      rel(5, 'child', 2), // mother's father
      rel(3, 'parent', 6), // father's mother
      rel(ROOT, 'spouse', 7),
      rel(8, 'sibling', ROOT),
      rel(ROOT, 'child', 9),
      rel(10, 'parent', ROOT),
    ];
    const layout = layoutFamilyTree(ROOT, relations, person(ROOT));

    expect(position(layout, ROOT)).toMatchObject({ x: CX, y: CY, role: 'root' });
    // Mother's group holds two grandparents (400 wide), father's one (200): 600 in all, centred on the root.
    expect(position(layout, 2)).toEqual({ x: CX - 100, y: CY - 180, role: 'parent', label: undefined });
    expect(position(layout, 3)).toMatchObject({ x: CX + 200, y: CY - 180, role: 'parent' });
    expect(position(layout, 4)).toMatchObject({ x: CX - 200, y: CY - 360, role: 'grandparent' });
    expect(position(layout, 5)).toMatchObject({ x: CX, y: CY - 360, role: 'grandparent' });
    expect(position(layout, 6)).toMatchObject({ x: CX + 200, y: CY - 360, role: 'grandparent' });
    expect(position(layout, 7)).toEqual({ x: CX - 200, y: CY, role: 'spouse', label: 'Spouse' });
    expect(position(layout, 8)).toEqual({ x: CX + 200, y: CY, role: 'sibling', label: 'Sibling' });
    expect(position(layout, 9)).toMatchObject({ x: CX - 100, y: CY + 180, role: 'child' });
    expect(position(layout, 10)).toMatchObject({ x: CX + 100, y: CY + 180, role: 'child' });

    const lineTo = (parents: string, child: number) => layout.links.find((l) => l.key === `parent-${parents}-${child}`);
    // The parents are a couple: one line down from between them, across above the root's row, down into the root.
    expect(layout.links.find((l) => l.key === 'couple-2+3')?.points).toEqual([
      { x: CX - 100 + 40, y: CY - 180 },
      { x: CX + 200 - 40, y: CY - 180 },
    ]);
    expect(lineTo('2+3', ROOT)).toEqual({
      key: `parent-2+3-${ROOT}`,
      kind: 'parent',
      points: [
        { x: CX + 50, y: CY - 180 },
        { x: CX + 50, y: CY - 40 - 37 },
        { x: CX, y: CY - 40 - 37 },
        { x: CX, y: CY - 40 },
      ],
    });
    expect(lineTo('4+5', 2)?.points[0]).toEqual({ x: CX - 100, y: CY - 360 });
    // A lone parent's line leaves from under their name.
    expect(lineTo('6', 3)?.points[0]).toEqual({ x: CX + 200, y: CY - 360 + 96 });
    // The children hang from the root and the spouse beside them.
    expect(lineTo(`7+${ROOT}`, 9)?.points[0]).toEqual({ x: CX - 100, y: CY });
    expect(lineTo(`7+${ROOT}`, 10)?.points[0]).toEqual({ x: CX - 100, y: CY });
    expect(layout.links.filter((l) => l.kind === 'spouse')).toHaveLength(1);
    expect(layout.links.filter((l) => l.kind === 'sibling')).toHaveLength(1);
  });

  it("hangs a child of an earlier partnership from the root alone, the couple's children from the couple", () => {
    const relations = [
      rel(ROOT, 'spouse', 7),
      rel(ROOT, 'child', 20), // the couple's: both parents recorded
      rel(7, 'child', 20),
      rel(ROOT, 'child', 21), // from an earlier partnership with 30, who is not drawn
      rel(21, 'parent', 30),
      rel(ROOT, 'child', 22), // the other parent not recorded: the couple's, as far as the tree knows
    ];
    const layout = layoutFamilyTree(ROOT, relations, person(ROOT));
    const from = (child: number) => layout.links.find((l) => l.kind === 'parent' && l.key.endsWith(`-${child}`))?.key;
    expect(from(20)).toBe(`parent-7+${ROOT}-20`);
    expect(from(22)).toBe(`parent-7+${ROOT}-22`);
    expect(from(21)).toBe(`parent-${ROOT}-21`);
    // The couple's children on the spouse's side, the earlier partnership's after them; 30 is not drawn.
    expect([20, 22, 21].map((id) => position(layout, id).x)).toEqual([CX - 200, CX, CX + 200]);
    expect(layout.nodes.some((n) => n.person.id === 30)).toBe(false);
  });

  it('gives the same picture whichever way round the relations were stored', () => {
    const oneWay = layoutFamilyTree(
      ROOT,
      [rel(ROOT, 'parent', 2), rel(ROOT, 'child', 3), rel(ROOT, 'spouse', 4), rel(ROOT, 'sibling', 5)],
      person(ROOT),
    );
    const otherWay = layoutFamilyTree(
      ROOT,
      [rel(2, 'child', ROOT), rel(3, 'parent', ROOT), rel(4, 'spouse', ROOT), rel(5, 'sibling', ROOT)],
      person(ROOT),
    );
    const picture = (layout: TreeLayout) => layout.nodes.map((n) => `${n.person.id}:${n.role}@${n.x},${n.y}`).sort();
    expect(picture(otherWay)).toEqual(picture(oneWay));
  });

  it("counts the parents' other children as siblings", () => {
    const layout = layoutFamilyTree(ROOT, [rel(ROOT, 'parent', 2), rel(2, 'child', 3)], person(ROOT));
    expect(position(layout, 3)).toEqual({ x: CX + 200, y: CY, role: 'sibling', label: 'Sibling' });
  });

  it('lays out many children and siblings 200 apart without any overlap', () => {
    const relations = [
      ...[2, 3].map((id) => rel(ROOT, 'parent', id)),
      ...[4, 5].map((id) => rel(2, 'parent', id)),
      ...[6, 7].map((id) => rel(3, 'parent', id)),
      rel(ROOT, 'spouse', 8),
      ...[10, 11, 12, 13, 14].map((id) => rel(ROOT, 'sibling', id)),
      ...[20, 21, 22, 23, 24, 25, 26].map((id) => rel(ROOT, 'child', id)),
    ];
    const layout = layoutFamilyTree(ROOT, relations, person(ROOT));
    expect(layout.nodes).toHaveLength(1 + 2 + 4 + 1 + 5 + 7);

    for (const a of layout.nodes) {
      for (const b of layout.nodes) {
        if (a === b) continue;
        const apart = Math.hypot(a.x - b.x, a.y - b.y);
        // Nodes on one row keep the full spacing, so names (below the circle) never collide either.
        expect(apart).toBeGreaterThanOrEqual(a.y === b.y ? TREE.horizontalSpacing : TREE.verticalSpacing);
      }
    }
    const childXs = [20, 21, 22, 23, 24, 25, 26].map((id) => position(layout, id).x);
    expect(childXs).toEqual([-3, -2, -1, 0, 1, 2, 3].map((k) => CX + k * 200));
    expect([10, 11, 12, 13, 14].map((id) => position(layout, id).x)).toEqual([1, 2, 3, 4, 5].map((k) => CX + k * 200));
    // Both parents have two parents: their groups are 400 wide each.
    expect(position(layout, 2).x).toBe(CX - 200);
    expect(position(layout, 3).x).toBe(CX + 200);
    expect([4, 5, 6, 7].map((id) => position(layout, id).x)).toEqual([CX - 300, CX - 100, CX + 100, CX + 300]);
  });

  it('widens the canvas for a long row and keeps the root in its centre', () => {
    const siblings = Array.from({ length: 8 }, (_, i) => rel(ROOT, 'sibling', 100 + i));
    const layout = layoutFamilyTree(ROOT, siblings, person(ROOT));
    expect(layout.width).toBeGreaterThan(2400);
    expect(position(layout, ROOT).x).toBe(layout.width / 2);
    const farthest = Math.max(...layout.nodes.map((n) => n.x));
    expect(farthest + TREE.nodeRadius).toBeLessThan(layout.width);
  });

  it("uses the root's details from the relations, and the given ones when there are none", () => {
    const withPicture = { ...person(ROOT, 'Rose'), profilePicture: '/api/users/1/picture?v=2' };
    const relation = { ...rel(ROOT, 'spouse', 2), fromUser: withPicture };
    expect(layoutFamilyTree(ROOT, [relation], person(ROOT, 'Rose')).nodes[0].person).toBe(withPicture);
  });
});

describe('the view of the canvas', () => {
  it('keeps zoom between 0.5 and 2', () => {
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(1.3)).toBe(1.3);
    expect(clampZoom(5)).toBe(2);
  });

  it('zooms around a point, which stays where it is on screen', () => {
    const view = { x: -800, y: -500, scale: 1 };
    const at = { x: 300, y: 200 };
    const zoomed = zoomAt(view, 2, at);
    expect(zoomed.scale).toBe(2);
    // The canvas point under `at` before and after.
    expect((at.x - view.x) / view.scale).toBeCloseTo((at.x - zoomed.x) / zoomed.scale);
    expect((at.y - view.y) / view.scale).toBeCloseTo((at.y - zoomed.y) / zoomed.scale);
    expect(zoomAt(view, 10, at).scale).toBe(2);
  });

  it('keeps part of the canvas in sight however far it is dragged', () => {
    const viewport = { width: 800, height: 600 };
    const canvas = { width: 2400, height: 1600 };
    expect(clampView({ x: 5000, y: 5000, scale: 1 }, viewport, canvas)).toEqual({ x: 680, y: 480, scale: 1 });
    expect(clampView({ x: -9000, y: -9000, scale: 1 }, viewport, canvas)).toEqual({ x: -2280, y: -1480, scale: 1 });
  });

  it('starts with the whole small family in sight at full size, the root in the middle', () => {
    const layout = layoutFamilyTree(ROOT, [rel(ROOT, 'spouse', 2), rel(ROOT, 'sibling', 3)], person(ROOT));
    const view = centreView(layout, { width: 800, height: 600 });
    expect(view.scale).toBe(1);
    expect(CX * view.scale + view.x).toBe(400);
  });

  it('opens a larger family on a phone at a zoom where names stay readable, around the root', () => {
    const relations = [rel(ROOT, 'parent', 2), rel(2, 'parent', 3), rel(ROOT, 'child', 4), rel(ROOT, 'spouse', 5)];
    const layout = layoutFamilyTree(ROOT, relations, person(ROOT));
    const view = centreView(layout, { width: 340, height: 600 });
    expect(view.scale).toBeGreaterThanOrEqual(TREE.startMinZoom);
    expect(view.scale).toBeLessThan(1);
    const { bounds } = layout;
    expect(bounds.minX * view.scale + view.x).toBeGreaterThanOrEqual(0);
    expect(bounds.maxX * view.scale + view.x).toBeLessThanOrEqual(340);
  });

  it('shows no emptiness past the family: a root in the bottom row opens with its ancestors above', () => {
    const layout = layoutFamilyTree(ROOT, [rel(ROOT, 'parent', 2), rel(2, 'parent', 3)], person(ROOT));
    const view = centreView(layout, { width: 340, height: 300 });
    expect(view.scale).toBe(TREE.startMinZoom);
    expect(layout.bounds.maxY * view.scale + view.y).toBeCloseTo(300);
  });

  it('opens a family too wide for the phone at the readable zoom, the root in the middle', () => {
    const relations = [rel(ROOT, 'spouse', 2), rel(ROOT, 'sibling', 3), rel(ROOT, 'sibling', 4)];
    const view = centreView(layoutFamilyTree(ROOT, relations, person(ROOT)), { width: 340, height: 600 });
    expect(view.scale).toBe(TREE.startMinZoom);
    expect(CX * view.scale + view.x).toBe(170);
  });
});
