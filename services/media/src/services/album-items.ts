import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { ALBUM_ITEM_SENTENCES } from '@family/contract';
import type { MediaItemEntity } from '../entities/media-item.entity';
import type { MediaAccess } from './media-access.service';

/**
 * docs/rights.md "Items in albums", written once for every path that puts items into albums or takes them out:
 * the single route (albums asks media), moving an item between albums, select many, and an upload straight into
 * an album. The albums service
 * checks the album side of its own routes with the same sentences (`ALBUM_ITEM_SENTENCES` in the contract).
 */

export const {
  albumNotFound: ALBUM_NOT_FOUND,
  addMediaForbidden: ADD_MEDIA_FORBIDDEN,
  addItemForbidden: ADD_ITEM_FORBIDDEN,
  inAnotherAlbum: IN_ANOTHER_ALBUM,
  uploadIntoForbidden: UPLOAD_INTO_FORBIDDEN,
  notInAlbum: NOT_IN_ALBUM,
  takeOutForbidden: TAKE_OUT_FORBIDDEN,
  moveForbidden: MOVE_FORBIDDEN,
  movedMeanwhile: MOVED_MEANWHILE,
} = ALBUM_ITEM_SENTENCES;

/** Adding items, the album side (steps 1 and 2): the person sees the album and may edit it. */
export async function requireAlbumToAddTo(access: MediaAccess, albumId: number): Promise<void> {
  const albums = await access.albums();
  if (!albums.visible.includes(albumId)) throw new NotFoundException(ALBUM_NOT_FOUND);
  if (!albums.editable.includes(albumId)) throw new ForbiddenException(ADD_MEDIA_FORBIDDEN);
}

/** Uploading straight into an album: one the uploader may edit, refused alike whether it exists or not. */
export async function requireAlbumToUploadInto(access: MediaAccess, albumId: number): Promise<void> {
  if (!(await access.albums()).editable.includes(albumId)) throw new ForbiddenException(UPLOAD_INTO_FORBIDDEN);
}

/**
 * Adding one item the person sees, the item side (steps 4 to 6): already there, or they may edit the item and it
 * is in no album yet. The sentence of a refusal, null when the item may go in (or is in already: `already`).
 */
export async function refusalToAdd(
  access: MediaAccess,
  item: Pick<MediaItemEntity, 'userId' | 'albumId'>,
  albumId: number,
): Promise<{ already: true } | { refusal: typeof ADD_ITEM_FORBIDDEN | typeof IN_ANOTHER_ALBUM } | null> {
  if (item.albumId === albumId) return { already: true };
  if (!(await access.canEdit(item))) return { refusal: ADD_ITEM_FORBIDDEN };
  if (item.albumId !== null) return { refusal: IN_ANOTHER_ALBUM };
  return null;
}

/** The same refusal as the single route answers it. */
export function throwRefusal(refusal: typeof ADD_ITEM_FORBIDDEN | typeof IN_ANOTHER_ALBUM): never {
  if (refusal === ADD_ITEM_FORBIDDEN) throw new ForbiddenException(refusal);
  throw new ConflictException(refusal);
}

/**
 * Taking an item out: it is in that album (else 404), and the person edits the album (as albums says) or uploaded
 * the item.
 */
export function requireMayTakeOut(
  item: Pick<MediaItemEntity, 'userId' | 'albumId' | 'deletedAt'> | null,
  albumId: number,
  actingUserId: number,
  albumEditor: boolean,
): void {
  if (!item || item.deletedAt !== null || item.albumId !== albumId) throw new NotFoundException(NOT_IN_ALBUM);
  if (!albumEditor && item.userId !== actingUserId) throw new ForbiddenException(TAKE_OUT_FORBIDDEN);
}
