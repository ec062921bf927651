import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RelationType } from '@family/contract';

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

  @Column({ name: 'created_by', type: 'int' })
  createdBy!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
