import { couldBeOnPicture, MAX_DISTANCE, nearestPeople, suggest } from './face-suggestions';

/** A descriptor at `offset` along the first axis: distances between them are the differences of the offsets. */
const at = (offset: number) => [offset, ...Array.from({ length: 127 }, () => 0)];

describe('face suggestions', () => {
  const named = [
    { faceId: 1, personId: 10, descriptor: at(0) },
    { faceId: 2, personId: 10, descriptor: at(0.2) },
    { faceId: 3, personId: 20, descriptor: at(2) },
  ];

  it("takes each person's nearest face and suggests the nearest person when clearly nearer than the next", () => {
    const nearest = nearestPeople([{ id: 7, descriptor: at(0.3) }], named, []);
    expect(nearest.get(7)).toEqual([
      { personId: 10, distance: expect.closeTo(0.1, 5) },
      { personId: 20, distance: expect.closeTo(1.7, 5) },
    ]);
    expect(suggest(nearest, () => true, new Set()).get(7)).toMatchObject({ personId: 10 });
  });

  it('suggests no one beyond the threshold, or when two people are nearly as near', () => {
    const far = nearestPeople([{ id: 7, descriptor: at(-MAX_DISTANCE - 0.01) }], named, []);
    expect(suggest(far, () => true, new Set()).size).toBe(0);
    const close = [
      { faceId: 1, personId: 10, descriptor: at(0) },
      { faceId: 3, personId: 20, descriptor: at(0.9) },
    ];
    expect(suggest(nearestPeople([{ id: 7, descriptor: at(0.45) }], close, []), () => true, new Set()).size).toBe(0);
  });

  it('leaves out rejected people, people ruled out by the life-dates rule, and people named on the picture', () => {
    const face = [{ id: 7, descriptor: at(0.3) }];
    expect(suggest(nearestPeople(face, named, [{ faceId: 7, personId: 10 }]), () => true, new Set()).size).toBe(0);
    expect(suggest(nearestPeople(face, named, []), (id) => id !== 10, new Set()).size).toBe(0);
    expect(suggest(nearestPeople(face, named, []), () => true, new Set([10])).size).toBe(0);
  });

  it('suggests a person for one face of a picture only, the nearest', () => {
    const faces = [
      { id: 7, descriptor: at(0.35) },
      { id: 8, descriptor: at(0.1) },
    ];
    const chosen = suggest(nearestPeople(faces, named, []), () => true, new Set());
    expect([...chosen.keys()]).toEqual([8]);
  });

  it('rules out a picture before the earliest birth or more than a year after the latest death', () => {
    const span = { id: 1, bornEarliest: '1879-03-14', diedLatest: '1955-04-18' };
    expect(couldBeOnPicture(span, '1879-03-13')).toBe(false);
    expect(couldBeOnPicture(span, '1879-03-14')).toBe(true);
    expect(couldBeOnPicture(span, '1956-04-18')).toBe(true);
    expect(couldBeOnPicture(span, '1956-04-19')).toBe(false);
    expect(couldBeOnPicture({ id: 1, bornEarliest: null, diedLatest: null }, '1700-01-01')).toBe(true);
    expect(couldBeOnPicture(undefined, '1700-01-01')).toBe(true);
  });
});
