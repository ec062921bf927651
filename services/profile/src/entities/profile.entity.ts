import type { Sex } from '@family/contract';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** What the archive shows of a person, with or without an account. The id is given by the auth service. */
@Entity({ name: 'profiles' })
export class ProfileEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  /** Null for a person without an account. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  username!: string | null;

  @Column({ name: 'display_name', type: 'varchar', length: 80 })
  displayName!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /** A calendar date, 'YYYY-MM-DD'. */
  @Column({ name: 'date_of_birth', type: 'date', nullable: true })
  dateOfBirth!: string | null;

  @Column({ type: 'text', nullable: true })
  story!: string | null;

  @Column({ name: 'given_name', type: 'varchar', length: 120, nullable: true })
  givenName!: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  surname!: string | null;

  @Column({ type: 'char', length: 1, default: 'U' })
  sex!: Sex;

  /** Genealogical date text, verbatim (`ABT 1850`); the two days below are what it can mean at the earliest and latest. */
  @Column({ name: 'birth_date', type: 'varchar', length: 100, nullable: true })
  birthDate!: string | null;

  @Column({ name: 'birth_earliest', type: 'date', nullable: true })
  birthEarliest!: string | null;

  @Column({ name: 'birth_latest', type: 'date', nullable: true })
  birthLatest!: string | null;

  @Column({ name: 'birth_place', type: 'varchar', length: 200, nullable: true })
  birthPlace!: string | null;

  /** A death is known, even without a date or place. */
  @Column({ type: 'boolean', default: false })
  died!: boolean;

  @Column({ name: 'death_date', type: 'varchar', length: 100, nullable: true })
  deathDate!: string | null;

  @Column({ name: 'death_earliest', type: 'date', nullable: true })
  deathEarliest!: string | null;

  @Column({ name: 'death_latest', type: 'date', nullable: true })
  deathLatest!: string | null;

  @Column({ name: 'death_place', type: 'varchar', length: 200, nullable: true })
  deathPlace!: string | null;

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
