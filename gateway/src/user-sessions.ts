import type { SessionData, Store } from 'express-session';
import type { Redis } from 'ioredis';
import type { SignedInDevice } from '@family/contract';
import { HttpError } from '@family/shared';
import { describeDevice, deviceId } from './devices';
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

  /** The person's signed-in sessions, newest sign-in first; ids whose session expired are dropped on the way. */
  async list(userId: number, currentSessionId: string): Promise<SignedInDevice[]> {
    let found: Array<[string, SessionData]> = [];
    await storeCall(async () => {
      const ids = await this.ids(userId);
      const sessions = await Promise.all(ids.map(async (id) => [id, await this.get(id)] as const));
      found = sessions.filter((entry): entry is [string, SessionData] => entry[1]?.user?.id === userId);
      const gone = sessions.filter(([, data]) => data?.user?.id !== userId).map(([id]) => id);
      for (const id of gone) await this.removeFromIndex(userId, id);
    });
    return found
      .map(([id, data]) => describeDevice(id, data, currentSessionId))
      .sort((a, b) => b.signedInAt.localeCompare(a.signedInAt));
  }

  /** Ends the person's session that `device` stands for, at once; false when they have none by that id. */
  async end(userId: number, device: string): Promise<boolean> {
    let ended = false;
    await storeCall(async () => {
      const id = (await this.ids(userId)).find((sessionId) => deviceId(sessionId) === device);
      if (!id) return;
      await this.destroy(id);
      await this.removeFromIndex(userId, id);
      ended = true;
    });
    return ended;
  }

  private async ids(userId: number): Promise<string[]> {
    return this.redis ? this.redis.smembers(this.key(userId)) : [...(this.memory.get(userId) ?? new Set<string>())];
  }

  private get(sessionId: string): Promise<SessionData | null> {
    return new Promise((resolve, reject) =>
      this.store.get(sessionId, (error, data) => (error ? reject(error) : resolve(data ?? null))),
    );
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
    const ids = await this.ids(userId);
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
