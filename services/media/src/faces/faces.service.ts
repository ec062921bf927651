import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type Face,
  FACE_GROUP_SHOWN,
  FACE_GROUPS_PAGE,
  type FaceGroupsPage,
  type ItemFaces,
  type PersonSummary,
} from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import { ProfileClient } from '@family/shared/clients';
import { NotificationOutbox } from '@family/shared/nest';
import { hasPictures } from '../dtos/media.dto';
import { TagRepository } from '../repositories/tag.repository';
import { type MediaAccess, MediaAccessFactory } from '../services/media-access.service';
import { PersonAttachment } from '../services/person-attachment';
import { PERSON_NOT_FOUND, TAG_OUTSIDER_FORBIDDEN } from '../services/tag.service';
import { MEDIA_CONFIG } from '../services/tokens';
import type { FacesSwitch } from './faces-jobs';
import { type FaceBox, type FaceRow, FacesRepository } from './faces.repository';
import { groupFaces } from './face-groups';
import { couldBeOnPicture, nearestPeople, suggest } from './face-suggestions';

export const FACE_NOT_FOUND = "This face doesn't exist or you don't have permission to see it.";
/** The unnamed faces one "Who is this?" page is made from, at most (docs/planned.md "Faces"). */
const GROUPED_FACES_MAX = 20_000;
export const NO_PICTURE = 'Faces are only on photos, post images and videos.';
export const EMPTY_BOX = 'A face box must lie inside the picture and have a width and a height.';

/**
 * docs/rights.md "Faces": whoever may see an item sees its faces and may name them, draw a missed one and turn a
 * suggestion down; naming a face tags the person on the item by the rule of hand tagging (docs/architecture.md
 * "Faces"). Suggestions are built from the named faces of items the asker may see.
 */
@Injectable()
export class FacesService {
  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: { FACES: FacesSwitch },
    private readonly faces: FacesRepository,
    private readonly access: MediaAccessFactory,
    private readonly tags: TagRepository,
    private readonly attachment: PersonAttachment,
    private readonly directory: DirectoryClient,
    private readonly profiles: ProfileClient,
    private readonly outbox: NotificationOutbox,
  ) {}

  async itemFaces(user: Identity, mediaId: number): Promise<ItemFaces> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(mediaId);
    const [rows, scan] = await Promise.all([this.faces.facesOf(mediaId), this.faces.scanOf(mediaId)]);
    const suggestions = await this.suggestions(access, rows, item.mediaDate);
    const people = await this.directory.lookup([
      ...rows.flatMap((row) => (row.personId === null ? [] : [row.personId])),
      ...[...suggestions.values()].map((candidate) => candidate.personId),
    ]);
    const faces: Face[] = rows.map((row) => {
      const candidate = suggestions.get(row.id);
      const suggested = candidate ? people.get(candidate.personId) : undefined;
      return {
        ...mapFace(row, people),
        suggestions: suggested ? [{ person: suggested, distance: round(candidate!.distance) }] : [],
      };
    });
    const state = !hasPictures(item)
      ? 'done'
      : scan
        ? scan.failure
          ? 'failed'
          : 'done'
        : this.config.FACES === 'off'
          ? 'off'
          : 'pending';
    return { scan: state, failure: scan?.failure ?? null, faces };
  }

  /**
   * "Who is this?": the unnamed faces the asker may see that look alike, in groups of two or more, largest first,
   * a page of FACE_GROUPS_PAGE at a time (the cursor is the next group's place).
   */
  async groups(user: Identity, cursor: string | undefined): Promise<FaceGroupsPage> {
    const access = this.access.for(user.id);
    const viewer = { userId: user.id, visibleAlbumIds: (await access.albums()).visible };
    const groups = groupFaces(await this.faces.unnamedDescriptors(viewer, GROUPED_FACES_MAX));
    const start = cursor ? Number(cursor) : 0;
    const page = groups.slice(start, start + FACE_GROUPS_PAGE);
    return {
      items: page.map((group) => ({
        size: group.length,
        faces: group.slice(0, FACE_GROUP_SHOWN).map((face) => ({
          id: face.id,
          mediaId: face.mediaId,
          box: roundBox(face.box),
        })),
      })),
      nextCursor: start + FACE_GROUPS_PAGE < groups.length ? String(start + FACE_GROUPS_PAGE) : null,
    };
  }

  /** Names a face (a tag of the person on the item) or takes its name off (and the tag naming it made). */
  async name(user: Identity, faceId: number, personId: number | null): Promise<Face> {
    const { access, face } = await this.visibleFace(user, faceId);
    if (personId !== null && personId === face.personId) return this.present(face);
    if (personId !== null) await this.checkPerson(access, face.mediaId, personId);
    if (face.personId !== null) await this.unname(face);
    if (personId === null) {
      await this.faces.setPerson(face.id, null, false);
      return this.present({ ...face, personId: null, tagged: false });
    }
    const tagged = await this.tags.addTag(face.mediaId, personId);
    await this.faces.setPerson(face.id, personId, tagged);
    if (tagged)
      await this.outbox.send([{ recipientId: personId, kind: 'tagged', actorId: user.id, subjectId: face.mediaId }]);
    return this.present({ ...face, personId, tagged });
  }

  /** A face the detector missed, drawn by a member who sees the item; named at once when a person is given. */
  async draw(user: Identity, mediaId: number, box: FaceBox, personId: number | null): Promise<Face> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(mediaId);
    if (!hasPictures(item)) throw new BadRequestException(NO_PICTURE);
    if (box.width <= 0 || box.height <= 0 || box.x + box.width > 1 + 1e-9 || box.y + box.height > 1 + 1e-9) {
      throw new BadRequestException(EMPTY_BOX);
    }
    if (personId !== null) await this.checkPerson(access, mediaId, personId);
    const id = await this.faces.insertDrawn(mediaId, box, null, user.id);
    if (personId === null) return this.present((await this.faces.findFace(id))!);
    return this.name(user, id, personId);
  }

  /** "Not this person": never suggested for this face again. */
  async reject(user: Identity, faceId: number, personId: number): Promise<void> {
    const { face } = await this.visibleFace(user, faceId);
    if (!(await this.directory.lookup([personId])).has(personId)) throw new NotFoundException(PERSON_NOT_FOUND);
    await this.faces.reject(face.id, personId, user.id);
  }

  private async visibleFace(user: Identity, faceId: number): Promise<{ access: MediaAccess; face: FaceRow }> {
    const face = await this.faces.findFace(faceId);
    if (!face) throw new NotFoundException(FACE_NOT_FOUND);
    const access = this.access.for(user.id);
    try {
      await access.visibleItem(face.mediaId);
    } catch (error) {
      if (error instanceof NotFoundException) throw new NotFoundException(FACE_NOT_FOUND);
      throw error;
    }
    return { access, face };
  }

  /** The person exists, and may be shown the item by this member (the rule of hand tagging). */
  private async checkPerson(access: MediaAccess, mediaId: number, personId: number): Promise<void> {
    if (!(await this.directory.lookup([personId])).has(personId)) throw new NotFoundException(PERSON_NOT_FOUND);
    const item = await access.visibleItem(mediaId);
    if ((await this.attachment.refusedItems(access, personId, [item])).length > 0) {
      throw new ForbiddenException(TAG_OUTSIDER_FORBIDDEN);
    }
  }

  /** The tag this face's naming made goes with it, unless another face of the item names the same person. */
  private async unname(face: FaceRow): Promise<void> {
    if (face.personId === null || !face.tagged) return;
    if (await this.faces.otherFaceNames(face.mediaId, face.personId, face.id)) return;
    await this.tags.removeTag(face.mediaId, face.personId);
  }

  private async present(face: FaceRow): Promise<Face> {
    const people = await this.directory.lookup(face.personId === null ? [] : [face.personId]);
    return { ...mapFace(face, people), suggestions: [] };
  }

  /** The suggestion for each unnamed face of the item, from the named faces the asker may see. */
  private async suggestions(access: MediaAccess, rows: FaceRow[], itemDate: string) {
    const unnamed = rows.filter((row) => row.personId === null);
    const descriptors = await this.faces.descriptorsOf(unnamed.map((row) => row.id));
    if (descriptors.size === 0) return new Map<number, { personId: number; distance: number }>();
    const viewer = { userId: access.userId, visibleAlbumIds: (await access.albums()).visible };
    const [named, rejected] = await Promise.all([
      this.faces.namedDescriptors(viewer),
      this.faces.rejectionsOf([...descriptors.keys()]),
    ]);
    const nearest = nearestPeople(
      [...descriptors].map(([id, descriptor]) => ({ id, descriptor })),
      named,
      rejected,
    );
    // The life-dates rule for everyone near enough to be considered, in one call to profile.
    const near = new Set([...nearest.values()].flatMap((people) => people.slice(0, 5).map((p) => p.personId)));
    const spans = new Map((await this.profiles.lifeSpans([...near])).map((span) => [span.id, span]));
    const alreadyNamed = new Set(rows.flatMap((row) => (row.personId === null ? [] : [row.personId])));
    return suggest(
      nearest,
      (personId) => near.has(personId) && couldBeOnPicture(spans.get(personId), itemDate),
      alreadyNamed,
    );
  }
}

function mapFace(row: FaceRow, people: Map<number, PersonSummary>): Omit<Face, 'suggestions'> {
  return {
    id: row.id,
    mediaId: row.mediaId,
    box: roundBox(row.box),
    person: row.personId === null ? null : (people.get(row.personId) ?? null),
    drawn: row.drawn,
  };
}

function roundBox(box: FaceBox): FaceBox {
  return { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
