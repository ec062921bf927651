import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A person added to an album; with canEdit they may add media and members too. */
@Entity({ name: 'album_members' })
export class AlbumMemberEntity {
  @PrimaryColumn({ name: 'album_id', type: 'int' })
  albumId!: number;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ name: 'can_edit', type: 'boolean', default: false })
  canEdit!: boolean;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt!: Date;
}
