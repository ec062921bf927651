import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A member's passkey: the public key an authenticator made for this archive; the private key never leaves it. */
@Entity({ name: 'passkeys' })
export class PasskeyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ name: 'account_id', type: 'int' })
  accountId!: number;

  /** base64url, unique across the archive. */
  @Column({ name: 'credential_id', type: 'text' })
  credentialId!: string;

  @Column({ name: 'public_key', type: 'bytea' })
  publicKey!: Buffer;

  /** The authenticator's signature counter: one that goes backwards is a cloned key. */
  @Column({ type: 'bigint' })
  counter!: string;

  @Column({ type: 'text', array: true })
  transports!: string[];

  @Column({ type: 'text' })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;
}
