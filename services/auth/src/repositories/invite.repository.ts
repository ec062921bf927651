import { ConflictException, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

/** The invite a code was for, once claimed. */
export interface ClaimedInvite {
  inviteId: number;
  personId: number;
  /** Who made the invite: their word says who the new member is (docs/rights.md "Attaching a person to an item"). */
  createdBy: number;
}

@Injectable()
export class InviteRepository {
  constructor(private readonly db: DataSource) {}

  /** Whether the row is a person without an account (null when there is no such row). */
  async withoutAccount(personId: number): Promise<boolean | null> {
    const rows: Array<{ username: string | null }> = await this.db.query(
      `SELECT username FROM accounts WHERE id = $1`,
      [personId],
    );
    return rows[0] ? rows[0].username === null : null;
  }

  /** A new invite replaces the person's unused ones, so only the latest code handed out works. */
  async replace(personId: number, codeHash: string, expiresAt: Date, createdBy: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM invites WHERE person_id = $1 AND used_at IS NULL`, [personId]);
      await tx.query(`INSERT INTO invites (person_id, code_hash, expires_at, created_by) VALUES ($1, $2, $3, $4)`, [
        personId,
        codeHash,
        expiresAt,
        createdBy,
      ]);
    });
  }

  async hasOpen(personId: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM invites WHERE person_id = $1 AND used_at IS NULL AND expires_at > now() LIMIT 1`,
      [personId],
    );
    return rows.length > 0;
  }

  /**
   * Uses the live invite with this code and gives its person the username and password, in one transaction;
   * null when no live invite has the code. A username already taken is a 409 and changes nothing.
   */
  async claim(codeHash: string, username: string, passwordHash: string): Promise<ClaimedInvite | null> {
    try {
      return await this.db.transaction(async (tx) => {
        const invites: Array<{ id: number; person_id: number; created_by: number }> = await tx.query(
          `SELECT id, person_id, created_by FROM invites WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() FOR UPDATE`,
          [codeHash],
        );
        const invite = invites[0];
        if (!invite) return null;
        const [, updated] = (await tx.query(
          `UPDATE accounts SET username = $2, password_hash = $3 WHERE id = $1 AND username IS NULL`,
          [invite.person_id, username, passwordHash],
        )) as [unknown, number];
        if (updated === 0) return null;
        await tx.query(`UPDATE invites SET used_at = now() WHERE id = $1`, [invite.id]);
        return { inviteId: invite.id, personId: invite.person_id, createdBy: invite.created_by };
      });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new ConflictException('That username is already taken. Please choose another.');
      }
      throw error;
    }
  }

  /** Undoes a claim whose profile could not be made a member: the person and the code are as they were. */
  async release(claimed: ClaimedInvite): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE accounts SET username = NULL, password_hash = NULL WHERE id = $1`, [claimed.personId]);
      await tx.query(`UPDATE invites SET used_at = NULL WHERE id = $1`, [claimed.inviteId]);
    });
  }
}
