import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A person tagged in a media item. The person lives in the profile service, so no foreign key to them. */
@Entity({ name: 'media_tags' })
export class MediaTagEntity {
  @PrimaryColumn({ name: 'media_id', type: 'int' })
  mediaId!: number;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  /** False while the tag waits for an editor of the item (docs/rights.md "Attaching a person to an item"). */
  @Column({ type: 'boolean', default: true })
  confirmed!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
