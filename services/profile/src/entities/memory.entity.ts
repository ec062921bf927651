import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ProfileEntity } from './profile.entity';

/** A memory a person wrote on their own profile. */
@Entity({ name: 'memories' })
export class MemoryEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  content!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The writer, joined from the directory table when a list is read (not a column). */
  user?: ProfileEntity;
}
