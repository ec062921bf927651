import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThan, QueryFailedError, Repository } from 'typeorm';
import { AccountEntity } from '../entities/account.entity';
import { ResetCodeEntity } from '../entities/reset-code.entity';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class AccountRepository {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @InjectRepository(ResetCodeEntity) private readonly resetCodes: Repository<ResetCodeEntity>,
  ) {}

  findByUsername(username: string): Promise<AccountEntity | null> {
    return this.accounts
      .createQueryBuilder('account')
      .where('lower(account.username) = lower(:username)', { username })
      .getOne();
  }

  findById(id: number): Promise<AccountEntity | null> {
    return this.accounts.findOneBy({ id });
  }

  /** A new member; the first member of an archive without an admin becomes its admin (docs/rights.md "Admins"). */
  async create(username: string, passwordHash: string): Promise<AccountEntity> {
    try {
      const rows: AccountEntity[] = await this.accounts.query(
        `INSERT INTO accounts (username, password_hash, admin)
           VALUES ($1, $2, NOT EXISTS (SELECT 1 FROM accounts WHERE admin))
           RETURNING id, username, password_hash AS "passwordHash", admin, created_at AS "createdAt"`,
        [username, passwordHash],
      );
      return rows[0]!;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new ConflictException('That username is already taken. Please choose another.');
      }
      throw error;
    }
  }

  async isAdmin(id: number): Promise<boolean> {
    return this.accounts.exists({ where: { id, admin: true } });
  }

  /** Members by id after `after`, a page at a time (the operator's page). */
  listMembers(after: number, limit: number): Promise<Array<Pick<AccountEntity, 'id' | 'username' | 'admin'>>> {
    return this.accounts
      .createQueryBuilder('account')
      .select(['account.id', 'account.username', 'account.admin'])
      .where('account.username IS NOT NULL AND account.id > :after', { after })
      .orderBy('account.id')
      .limit(limit)
      .getMany();
  }

  /** Makes a member an admin; answers false when the id is no member's. */
  async makeAdmin(id: number): Promise<boolean> {
    const result = await this.accounts
      .createQueryBuilder()
      .update()
      .set({ admin: true })
      .where('id = :id AND username IS NOT NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** A person without an account: a new id in the one id space of people. */
  async createPerson(): Promise<number> {
    const result = await this.accounts.insert({ username: null, passwordHash: null });
    return (result.identifiers[0] as { id: number }).id;
  }

  /** Many people without accounts at once (a GEDCOM import): ids in one statement, in order. */
  async createPeople(count: number): Promise<number[]> {
    const rows: { id: number }[] = await this.accounts.query(
      `INSERT INTO accounts (username, password_hash) SELECT NULL, NULL FROM generate_series(1, $1) RETURNING id`,
      [count],
    );
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  /** Removes many people without accounts (a failed import's); members' rows are never touched. */
  async deletePeople(ids: number[]): Promise<void> {
    await this.accounts.delete({ id: In(ids), username: IsNull() });
  }

  /** Removes a person without an account; a member's row is never touched here. Answers whether one went. */
  async deletePerson(id: number): Promise<boolean> {
    const result = await this.accounts.delete({ id, username: IsNull() });
    return (result.affected ?? 0) > 0;
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.accounts.update({ id }, { passwordHash });
  }

  /** Reset codes go with the account (ON DELETE CASCADE). */
  async delete(id: number): Promise<void> {
    await this.accounts.delete({ id });
  }

  /** A new code replaces any unused one, so only the latest code an operator handed out works. */
  async replaceResetCode(accountId: number, codeHash: string, expiresAt: Date): Promise<void> {
    await this.resetCodes.manager.transaction(async (manager) => {
      await manager.delete(ResetCodeEntity, { accountId, usedAt: IsNull() });
      await manager.insert(ResetCodeEntity, { accountId, codeHash, expiresAt, usedAt: null });
    });
  }

  /** Marks the matching live code used; false when there is none (wrong, used or expired). */
  async consumeResetCode(accountId: number, codeHash: string): Promise<boolean> {
    const result = await this.resetCodes.update(
      { accountId, codeHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      { usedAt: new Date() },
    );
    return (result.affected ?? 0) > 0;
  }
}
