import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import { PasskeyEntity } from '../entities/passkey.entity';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class PasskeyRepository {
  constructor(@InjectRepository(PasskeyEntity) private readonly passkeys: Repository<PasskeyEntity>) {}

  listOf(accountId: number): Promise<PasskeyEntity[]> {
    return this.passkeys.find({ where: { accountId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  countOf(accountId: number): Promise<number> {
    return this.passkeys.countBy({ accountId });
  }

  findOne(accountId: number, credentialId: string): Promise<PasskeyEntity | null> {
    return this.passkeys.findOneBy({ accountId, credentialId });
  }

  async add(
    passkey: Pick<PasskeyEntity, 'accountId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name'>,
  ) {
    try {
      return await this.passkeys.save(this.passkeys.create({ ...passkey, lastUsedAt: null }));
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new ConflictException('This passkey is already added.');
      }
      throw error;
    }
  }

  /**
   * Notes a use, only if the counter moved on (or the authenticator keeps none, as synced passkeys do): of two
   * requests with one signature, only one wins.
   */
  async use(id: number, counter: number): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.passkeys.query(
      `UPDATE passkeys SET counter = $2, last_used_at = now()
       WHERE id = $1 AND (counter < $2 OR ($2 = 0 AND counter = 0))`,
      [id, counter],
    );
    return affected > 0;
  }

  /** Answers whether one went. */
  async remove(accountId: number, id: number): Promise<boolean> {
    const result = await this.passkeys.delete({ accountId, id });
    return (result.affected ?? 0) > 0;
  }

  async clear(accountId: number): Promise<void> {
    await this.passkeys.delete({ accountId });
  }
}
