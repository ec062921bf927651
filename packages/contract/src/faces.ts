import type { PersonSummary } from './person';

/** A face's box on the picture, in relative coordinates: 0..1 of the picture's width and height from the top left. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Someone the archive thinks a face may be (never applied until a member names the face). */
export interface FaceSuggestion {
  person: PersonSummary;
  /** How far the face is from that person's nearest named face: smaller is likelier (under 0.58). */
  distance: number;
}

/** One face of GET /api/media/{id}/faces. Descriptors never leave the server. */
export interface Face {
  id: number;
  mediaId: number;
  box: FaceBox;
  /** The person named on this face, or null. */
  person: PersonSummary | null;
  /** Drawn by a member for a face the detector missed. */
  drawn: boolean;
  /** For an unnamed face: who it may be, likeliest first (empty when no one is close enough). */
  suggestions: FaceSuggestion[];
}

/** GET /api/media/{id}/faces */
export interface ItemFaces {
  /** `pending` until the faces worker has looked at the picture; `failed` with a sentence when it could not. */
  scan: 'pending' | 'done' | 'failed' | 'off';
  failure: string | null;
  faces: Face[];
}

/** PATCH /api/faces/{id}: names a face (a tag of that person on the item), or un-names it with null. */
export interface NameFaceRequest {
  personId: number | null;
}

/** POST /api/media/{id}/faces: a face the detector missed, drawn by hand. */
export interface DrawFaceRequest {
  box: FaceBox;
  personId: number | null;
}

/** POST /api/faces/{id}/reject: "Not this person", remembered: they are never suggested for this face again. */
export interface RejectSuggestionRequest {
  personId: number;
}

/** POST /internal/people/life-spans (profile): what the life-dates rule of suggestions needs. */
export interface LifeSpan {
  id: number;
  /** The earliest day the person can have been born ('YYYY-MM-DD'), or null when unknown. */
  bornEarliest: string | null;
  /** The latest day the person can have died, or null when alive or unknown. */
  diedLatest: string | null;
}

/** A face in a group of "Who is this?": where it is, on which item. */
export interface GroupedFace {
  id: number;
  mediaId: number;
  box: FaceBox;
}

/** Unnamed faces that look alike: probably one person, named in one go. */
export interface FaceGroup {
  /** How many faces the group has (its `faces` show the first FACE_GROUP_SHOWN). */
  size: number;
  faces: GroupedFace[];
}

/** GET /api/faces/groups?cursor=: groups of at least two unnamed faces, largest first. */
export interface FaceGroupsPage {
  items: FaceGroup[];
  nextCursor: string | null;
}

export const FACE_GROUPS_PAGE = 20;
export const FACE_GROUP_SHOWN = 12;
