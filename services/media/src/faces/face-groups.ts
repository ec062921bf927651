import { distance } from './face-suggestions';

/** Faces nearer than this to a group's first face join it: stricter than suggestions, a group is named at once. */
export const GROUP_DISTANCE = 0.5;

/**
 * Unnamed faces that look alike, in groups of two or more, largest first (ties: the group with the oldest face
 * first). Each face joins the group whose first face is nearest to it, when under GROUP_DISTANCE and the group has no
 * face of the same picture; one pass in id order, so the same faces always make the same groups.
 */
export function groupFaces<F extends { id: number; mediaId: number; descriptor: number[] }>(faces: F[]): F[][] {
  const groups: F[][] = [];
  for (const face of faces) {
    let best: F[] | null = null;
    let bestDistance = GROUP_DISTANCE;
    for (const group of groups) {
      // Two faces of one picture are two people.
      if (group.some((other) => other.mediaId === face.mediaId)) continue;
      const d = distance(face.descriptor, group[0].descriptor);
      if (d < bestDistance) {
        best = group;
        bestDistance = d;
      }
    }
    if (best) best.push(face);
    else groups.push([face]);
  }
  return groups.filter((group) => group.length > 1).sort((a, b) => b.length - a.length || a[0].id - b[0].id);
}
