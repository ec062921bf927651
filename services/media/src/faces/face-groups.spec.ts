import { groupFaces } from './face-groups';

const at = (offset: number) => [offset, ...Array.from({ length: 127 }, () => 0)];

describe('groups of unnamed look-alikes', () => {
  it("puts faces near a group's first face together, largest group first, and leaves lone faces out", () => {
    const groups = groupFaces([
      { id: 1, mediaId: 1, descriptor: at(0) },
      { id: 2, mediaId: 2, descriptor: at(5) },
      { id: 3, mediaId: 3, descriptor: at(5.1) },
      { id: 4, mediaId: 4, descriptor: at(0.2) },
      { id: 5, mediaId: 5, descriptor: at(5.2) },
      { id: 6, mediaId: 6, descriptor: at(9) },
    ]);
    expect(groups.map((group) => group.map((face) => face.id))).toEqual([
      [2, 3, 5],
      [1, 4],
    ]);
  });

  it('never puts two faces of one picture in a group', () => {
    const groups = groupFaces([
      { id: 1, mediaId: 1, descriptor: at(0) },
      { id: 2, mediaId: 1, descriptor: at(0.1) },
    ]);
    expect(groups).toEqual([]);
  });
});
