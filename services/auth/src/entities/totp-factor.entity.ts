import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A member's authenticator app: one per account, usable once confirmed with a code. */
@Entity({ name: 'totp_factors' })
export class TotpFactorEntity {
  @PrimaryColumn({ name: 'account_id', type: 'int' })
  accountId!: number;

  /** The base32 secret, sealed with a key derived from INTERNAL_SECRET (services/secret-box.ts). */
  @Column({ type: 'text' })
  secret!: string;

  /** Null while enrolling: the secret was shown but no code has proved the app holds it. */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  /** The time step of the last code accepted: later codes only, so a code seen over a shoulder is spent. */
  @Column({ name: 'last_time_step', type: 'bigint', nullable: true })
  lastTimeStep!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
