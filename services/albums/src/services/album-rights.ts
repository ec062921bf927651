import { NotFoundException } from '@nestjs/common';
import { ALBUM_ITEM_SENTENCES } from '@family/contract';
import type { AlbumMemberEntity } from '../entities/album-member.entity';
import type { AlbumEntity } from '../entities/album.entity';

export const ALBUM_NOT_FOUND = ALBUM_ITEM_SENTENCES.albumNotFound;

/** What one person is to one album (docs/rights.md "Album visibility" and "Album rights"). */
export class AlbumRights {
  constructor(
    readonly album: AlbumEntity,
    readonly userId: number,
    /** The person's membership row, if they are a member. */
    readonly membership: AlbumMemberEntity | null,
  ) {}

  get isCreator(): boolean {
    return this.album.createdBy === this.userId;
  }

  /** Creator, member, or anyone when the album is shared. */
  get canSee(): boolean {
    return this.isCreator || this.membership !== null || this.album.isShared;
  }

  /** Creator or a member with canEdit: may add media and members. */
  get canEdit(): boolean {
    return this.isCreator || this.membership?.canEdit === true;
  }

  /** The album itself, or 404 when this person may not see it (its existence is not revealed). */
  requireVisible(): AlbumEntity {
    if (!this.canSee) throw new NotFoundException(ALBUM_NOT_FOUND);
    return this.album;
  }
}
