import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A person tagged in a media item. The person lives in the profile service, so no foreign key to them. */
@Entity({ name: 'media_tags' })
export class MediaTagEntity {
  @PrimaryColumn({ name: 'media_id', type: 'int' })
  mediaId!: number;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
