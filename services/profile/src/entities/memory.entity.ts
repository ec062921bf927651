import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ProfileEntity } from './profile.entity';

/** A memory on a person's profile: a member's own, or anyone's about a person without an account. */
@Entity({ name: 'memories' })
export class MemoryEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  /** The writer. */
  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  /** Whose profile it is on. */
  @Column({ name: 'person_id', type: 'int' })
  personId!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  content!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The writer, joined from the directory table when a list is read (not a column). */
  user?: ProfileEntity;
}
