import { NotFoundException } from '@nestjs/common';
import type { AlbumMemberEntity } from '../entities/album-member.entity';
import type { AlbumEntity } from '../entities/album.entity';
import { AlbumRights } from './album-rights';

const album = (isShared: boolean): AlbumEntity => ({
  id: 7,
  name: 'Summer',
  description: null,
  isShared,
  createdBy: 1,
  createdAt: new Date('2024-01-01T00:00:00Z'),
});
const membership = (canEdit: boolean): AlbumMemberEntity => ({
  albumId: 7,
  userId: 2,
  canEdit,
  addedAt: new Date('2024-01-02T00:00:00Z'),
});

describe(AlbumRights.name, () => {
  it.each([
    ['the creator of a private album', new AlbumRights(album(false), 1, null), true, true, true],
    ['a canEdit member', new AlbumRights(album(false), 2, membership(true)), false, true, true],
    ['a member without canEdit', new AlbumRights(album(false), 2, membership(false)), false, true, false],
    ['an outsider to a private album', new AlbumRights(album(false), 3, null), false, false, false],
    ['an outsider to a shared album', new AlbumRights(album(true), 3, null), false, true, false],
  ])('%s: creator %s, sees %s, edits %s', (_who, sut, isCreator, canSee, canEdit) => {
    expect(sut.isCreator).toBe(isCreator);
    expect(sut.canSee).toBe(canSee);
    expect(sut.canEdit).toBe(canEdit);
  });

  it('answers 404 "Album not found" to someone who may not see the album', () => {
    const sut = new AlbumRights(album(false), 3, null);
    expect(() => sut.requireVisible()).toThrow(new NotFoundException('Album not found'));
    expect(new AlbumRights(album(true), 3, null).requireVisible().id).toBe(7);
  });
});
