import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One of a member's ten recovery codes: the code is shown once, only its hash is kept; each works once. */
@Entity({ name: 'recovery_codes' })
export class RecoveryCodeEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ name: 'account_id', type: 'int' })
  accountId!: number;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash!: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
