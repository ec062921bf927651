import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** What the archive shows of a person. The id is the account's id, given by the auth service. */
@Entity({ name: 'profiles' })
export class ProfileEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 40 })
  username!: string;

  @Column({ name: 'display_name', type: 'varchar', length: 80 })
  displayName!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /** A calendar date, 'YYYY-MM-DD'. */
  @Column({ name: 'date_of_birth', type: 'date', nullable: true })
  dateOfBirth!: string | null;

  @Column({ type: 'text', nullable: true })
  story!: string | null;

  @Column({ name: 'picture_key', type: 'text', nullable: true })
  pictureKey!: string | null;

  /** Bumped with every new picture so its URL changes and browsers show it at once. */
  @Column({ name: 'picture_version', type: 'int', default: 0 })
  pictureVersion!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
