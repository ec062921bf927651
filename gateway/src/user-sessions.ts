import type { Store } from 'express-session';
import type { Redis } from 'ioredis';
import { HttpError } from '@family/shared';
import { log, messageOf } from './log';
import { SESSIONS_UNAVAILABLE } from './session';

const INDEX_PREFIX = 'family:user-sessions:';
// As long as a session can live: an index entry never outlives every session it names.
const INDEX_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Which sessions belong to whom, so that changing or resetting a password, deleting the account or "Sign out
 * everywhere" can end them all. In Redis beside the sessions (a set per person), else in memory. An id whose
 * session already expired may linger in a set until the next ending: destroying it again is harmless.
 */
export class UserSessions {
  private readonly memory = new Map<number, Set<string>>();

  constructor(
    private readonly store: Store,
    private readonly redis: Redis | null,
  ) {}

  add(userId: number, sessionId: string): Promise<void> {
    return storeCall(() => this.addToIndex(userId, sessionId));
  }

  remove(userId: number, sessionId: string): Promise<void> {
    return storeCall(() => this.removeFromIndex(userId, sessionId));
  }

  /** Ends every session of the person but `keep` (the one asking, when it stays signed in). */
  endAll(userId: number, keep?: string): Promise<void> {
    return storeCall(() => this.endAllBut(userId, keep));
  }

  private async addToIndex(userId: number, sessionId: string): Promise<void> {
    if (this.redis) {
      await this.redis.multi().sadd(this.key(userId), sessionId).expire(this.key(userId), INDEX_TTL_SECONDS).exec();
      return;
    }
    const ids = this.memory.get(userId) ?? new Set<string>();
    ids.add(sessionId);
    this.memory.set(userId, ids);
  }

  private async removeFromIndex(userId: number, sessionId: string): Promise<void> {
    if (this.redis) await this.redis.srem(this.key(userId), sessionId);
    else this.memory.get(userId)?.delete(sessionId);
  }

  private async endAllBut(userId: number, keep?: string): Promise<void> {
    const ids = this.redis
      ? await this.redis.smembers(this.key(userId))
      : [...(this.memory.get(userId) ?? new Set<string>())];
    for (const id of ids) {
      if (id !== keep) await this.destroy(id);
    }
    if (this.redis) {
      await this.redis.del(this.key(userId));
    } else {
      this.memory.delete(userId);
    }
    if (keep) await this.addToIndex(userId, keep);
  }

  private destroy(sessionId: string): Promise<void> {
    return new Promise((resolve, reject) =>
      this.store.destroy(sessionId, (error) => (error ? reject(error) : resolve())),
    );
  }

  private key(userId: number): string {
    return `${INDEX_PREFIX}${userId}`;
  }
}

/** The session store (Redis) failing is a dependency being down: 503 with a sentence, never a 500. */
async function storeCall(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    log.error(`session index: ${messageOf(error)}`);
    throw new HttpError(503, SESSIONS_UNAVAILABLE);
  }
}
