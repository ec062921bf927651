import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { Album, MessageResponse } from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import type { AddMemberDto, CreateAlbumDto, UpdateAlbumDto } from '../dtos/album.dto';
import { AlbumRepository, type AlbumChanges } from '../repositories/album.repository';
import { AlbumDetachJobs } from './album-detach-jobs';
import { AlbumPresenter } from './album-presenter';
import { ALBUM_NOT_FOUND, AlbumRights } from './album-rights';
import { NotificationOutbox } from '@family/shared/nest';

export const DELETE_FORBIDDEN = 'Only the album creator can delete it';
export const UPDATE_FORBIDDEN = 'Only the album creator can change it';
export const ADD_MEMBER_FORBIDDEN = 'Only the album creator or a member who can edit may add members';
export const REMOVE_MEMBER_FORBIDDEN = 'Only the album creator can remove other members';
export const UNKNOWN_PERSON = 'This person is not in the family archive.';
export const CREATOR_IS_IN = 'This person created the album, so they are already in it.';
export const ALREADY_MEMBER = 'This person is already a member of the album.';
export const NOT_A_MEMBER = 'This person is not a member of the album.';
export const CREATOR_CANNOT_LEAVE = 'The album creator cannot leave the album. Delete the album instead.';

/** Albums and their members: rights first, then the rule, then the write (docs/rights.md "Album rights"). */
@Injectable()
export class AlbumService {
  constructor(
    private readonly albums: AlbumRepository,
    private readonly presenter: AlbumPresenter,
    private readonly directory: DirectoryClient,
    private readonly detachJobs: AlbumDetachJobs,
    private readonly outbox: NotificationOutbox,
  ) {}

  /** What the person is to the album; 404 when there is no such album. */
  async rights(user: Identity, albumId: number): Promise<AlbumRights> {
    const album = await this.albums.findById(albumId);
    if (!album) throw new NotFoundException(ALBUM_NOT_FOUND);
    const membership = album.createdBy === user.id ? null : await this.albums.findMember(albumId, user.id);
    return new AlbumRights(album, user.id, membership);
  }

  async list(user: Identity, createdBy: number | undefined): Promise<Album[]> {
    const albums = await this.albums.listVisible(user.id, createdBy);
    return this.presenter.many(albums);
  }

  async get(user: Identity, albumId: number): Promise<Album> {
    const album = (await this.rights(user, albumId)).requireVisible();
    return this.presenter.one(album.id);
  }

  async create(user: Identity, dto: CreateAlbumDto): Promise<Album> {
    const albumId = await this.albums.create({
      name: dto.name,
      description: dto.description ?? null,
      isShared: dto.isShared ?? false,
      createdBy: user.id,
    });
    return this.presenter.one(albumId, { empty: true });
  }

  async update(user: Identity, albumId: number, dto: UpdateAlbumDto): Promise<Album> {
    const rights = await this.rights(user, albumId);
    rights.requireVisible();
    if (!rights.isCreator) throw new ForbiddenException(UPDATE_FORBIDDEN);
    const changes: AlbumChanges = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.description !== undefined) changes.description = dto.description;
    if (dto.isShared !== undefined && dto.isShared !== null) changes.isShared = dto.isShared;
    await this.albums.update(albumId, changes);
    // 404 from the presenter when the album was deleted meanwhile.
    return this.presenter.one(albumId);
  }

  /**
   * The creator deletes the album; its items stay in the archive, detached by the media worker, a job queued in
   * the deletion's own transaction (docs/architecture.md "Who calls whom").
   */
  async delete(user: Identity, albumId: number): Promise<MessageResponse> {
    const rights = await this.rights(user, albumId);
    rights.requireVisible();
    if (!rights.isCreator) throw new ForbiddenException(DELETE_FORBIDDEN);
    await this.albums.delete(albumId, (manager) => this.detachJobs.queueIn(albumId, manager));
    await this.detachJobs.waitForDetached(albumId);
    return { message: 'Album deleted successfully' };
  }

  /** The creator or a canEdit member adds someone from the family; the creator and members are refused. */
  async addMember(user: Identity, albumId: number, dto: AddMemberDto): Promise<Album> {
    const rights = await this.rights(user, albumId);
    const album = rights.requireVisible();
    if (!rights.canEdit) throw new ForbiddenException(ADD_MEMBER_FORBIDDEN);
    const members = await this.albums.membersOf([albumId]);
    // One directory call: it checks the person exists and names everyone the answer shows.
    const people = await this.directory.lookup([
      album.createdBy,
      dto.userId,
      ...members.map((member) => member.userId),
    ]);
    const person = people.get(dto.userId);
    if (!person) throw new NotFoundException(UNKNOWN_PERSON);
    // docs/rights.md "Albums": a person without an account cannot sign in to see an album; invite them first.
    if (person.username === null) {
      throw new ConflictException(
        `${person.displayName} has no account yet, so cannot open albums. Invite them to the archive first.`,
      );
    }
    if (dto.userId === album.createdBy) throw new ConflictException(CREATOR_IS_IN);
    if (members.some((member) => member.userId === dto.userId)) throw new ConflictException(ALREADY_MEMBER);
    const added = await this.albums.addMember(albumId, dto.userId, dto.canEdit ?? false);
    if (added === 'exists') throw new ConflictException(ALREADY_MEMBER);
    if (added === 'no-album') throw new NotFoundException(ALBUM_NOT_FOUND);
    // The album's name as it is now; the entry stays while they see the album (docs/product.md "Notifications").
    await this.outbox.send([
      { recipientId: dto.userId, kind: 'album-member', actorId: user.id, subjectId: albumId, subjectTitle: album.name },
    ]);
    return this.presenter.one(album.id, { people });
  }

  /** The creator removes anyone; a member may leave on their own. */
  async removeMember(user: Identity, albumId: number, memberId: number): Promise<MessageResponse> {
    const rights = await this.rights(user, albumId);
    const album = rights.requireVisible();
    const leaving = memberId === user.id;
    if (!rights.isCreator && !leaving) throw new ForbiddenException(REMOVE_MEMBER_FORBIDDEN);
    if (memberId === album.createdBy) throw new BadRequestException(CREATOR_CANNOT_LEAVE);
    if (!(await this.albums.removeMember(albumId, memberId))) throw new NotFoundException(NOT_A_MEMBER);
    return { message: 'Member removed successfully' };
  }
}
