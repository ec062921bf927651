import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ChildTieKind, PartnershipKind, RelationType } from '@family/contract';

/**
 * One relation between two people, stored the way it was added: `relationType` says what `toUserId` is
 * to `fromUserId` (docs/product.md "Relation direction"). Read from the other side, parent and child invert.
 * A unique index on the unordered pair keeps one relation per pair of people, whichever way round.
 */
@Entity({ name: 'relations' })
export class RelationEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'from_user_id', type: 'int' })
  fromUserId!: number;

  @Column({ name: 'to_user_id', type: 'int' })
  toUserId!: number;

  @Column({ name: 'relation_type', type: 'varchar', length: 10 })
  relationType!: RelationType;

  /** A parent or child row's ChildTieKind, a spouse row's PartnershipKind; null reads as birth or married. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  kind!: ChildTieKind | PartnershipKind | null;

  /** For a spouse row: the current partnership (one per person at most). */
  @Column({ name: 'is_current', type: 'boolean', default: true })
  isCurrent!: boolean;

  /** A partnership's start (marriage) and end (divorce): genealogical date text with its earliest and latest day. */
  @Column({ name: 'start_date', type: 'varchar', length: 100, nullable: true })
  startDate!: string | null;

  @Column({ name: 'start_place', type: 'varchar', length: 200, nullable: true })
  startPlace!: string | null;

  @Column({ name: 'end_date', type: 'varchar', length: 100, nullable: true })
  endDate!: string | null;

  @Column({ name: 'end_place', type: 'varchar', length: 200, nullable: true })
  endPlace!: string | null;

  @Column({ name: 'created_by', type: 'int' })
  createdBy!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
