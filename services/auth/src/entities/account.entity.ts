import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One row per person; only members (who can sign in) have a username and a password. */
@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Unique ignoring case (a unique index on lower(username)); null for a person without an account. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  username!: string | null;

  /** Null exactly when the username is (a check constraint). */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  /** Sees the operator's page (docs/rights.md "Admins"): the first member, and whom an admin names. */
  @Column({ type: 'boolean', default: false })
  admin!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
