import type { LifeSpan } from '@family/contract';
import type { NamedDescriptor } from './faces.repository';

/**
 * How suggestions are chosen (docs/architecture.md "Faces"), measured on /work/shared/faces with one named photo
 * per person (README "Benchmarks"): the nearest person's nearest face must be under MAX_DISTANCE, and clearly
 * nearer than the next person's (distance ratio under MAX_RATIO); with no second person to compare with, it must
 * be under LONE_MAX_DISTANCE. One person is suggested for at most one face of a picture (the nearest).
 */
export const MAX_DISTANCE = 0.58;
export const MAX_RATIO = 0.85;
export const LONE_MAX_DISTANCE = 0.5;

export interface UnnamedFace {
  id: number;
  descriptor: number[];
}

export interface Candidate {
  faceId: number;
  personId: number;
  distance: number;
}

export function distance(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

/**
 * Each person's nearest named face to each unnamed face, nearest first, without the people rejected for that face:
 * what `suggest` chooses from, and whose people the life-dates rule is asked about.
 */
export function nearestPeople(
  faces: UnnamedFace[],
  named: NamedDescriptor[],
  rejected: Array<{ faceId: number; personId: number }>,
): Map<number, Array<{ personId: number; distance: number }>> {
  const refused = new Set(rejected.map((row) => `${row.faceId}:${row.personId}`));
  const nearest = new Map<number, Array<{ personId: number; distance: number }>>();
  for (const face of faces) {
    const byPerson = new Map<number, number>();
    for (const other of named) {
      if (refused.has(`${face.id}:${other.personId}`)) continue;
      const d = distance(face.descriptor, other.descriptor);
      if (d < (byPerson.get(other.personId) ?? Infinity)) byPerson.set(other.personId, d);
    }
    const people = [...byPerson].map(([personId, d]) => ({ personId, distance: d }));
    nearest.set(
      face.id,
      people.sort((a, b) => a.distance - b.distance),
    );
  }
  return nearest;
}

/**
 * Whether the person can be on a picture of `itemDate` (the life-dates rule): not before their earliest birth, not
 * more than a year after their latest death. Unknown dates rule no one out.
 */
export function couldBeOnPicture(span: LifeSpan | undefined, itemDate: string | null): boolean {
  if (!span || !itemDate) return true;
  if (span.bornEarliest && itemDate < span.bornEarliest) return false;
  if (span.diedLatest) {
    const died = new Date(`${span.diedLatest}T00:00:00Z`);
    died.setUTCFullYear(died.getUTCFullYear() + 1);
    if (itemDate > died.toISOString().slice(0, 10)) return false;
  }
  return true;
}

/**
 * The suggestion for each unnamed face of one picture: the nearest person who passes the life-dates rule, the
 * threshold and the ratio test. A person is suggested for one face of a picture at most, the nearest to them, and
 * never when named on the picture already (`alreadyNamed`).
 */
export function suggest(
  nearest: Map<number, Array<{ personId: number; distance: number }>>,
  allowed: (personId: number) => boolean,
  alreadyNamed: Set<number>,
): Map<number, Candidate> {
  const candidates: Candidate[] = [];
  for (const [faceId, people] of nearest) {
    const [first, second] = people.filter((person) => allowed(person.personId));
    if (!first || first.distance >= MAX_DISTANCE || alreadyNamed.has(first.personId)) continue;
    const clear = second ? first.distance / second.distance < MAX_RATIO : first.distance < LONE_MAX_DISTANCE;
    if (clear) candidates.push({ faceId, personId: first.personId, distance: first.distance });
  }
  candidates.sort((a, b) => a.distance - b.distance);
  const chosen = new Map<number, Candidate>();
  const taken = new Set<number>();
  for (const candidate of candidates) {
    if (taken.has(candidate.personId)) continue;
    taken.add(candidate.personId);
    chosen.set(candidate.faceId, candidate);
  }
  return chosen;
}
