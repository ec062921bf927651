import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PersonFields } from '@family/contract';

/** One change to a person's fields: who, when, and the changed fields before and after. */
@Entity({ name: 'person_changes' })
export class PersonChangeEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ name: 'person_id', type: 'int' })
  personId!: number;

  @Column({ type: 'varchar', length: 10 })
  action!: 'create' | 'update' | 'undo';

  @Column({ type: 'jsonb' })
  before!: PersonFields;

  @Column({ type: 'jsonb' })
  after!: PersonFields;

  /** Null when a service made the change (an invite accepted, a merge). */
  @Column({ name: 'changed_by', type: 'int', nullable: true })
  changedBy!: number | null;

  @CreateDateColumn({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;

  /** The change that undid this one. */
  @Column({ name: 'undone_by', type: 'int', nullable: true })
  undoneBy!: number | null;
}
