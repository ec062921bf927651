import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from '@family/shared';
import { log, messageOf } from './log';

const MAX_FAILURES = 10;
const WINDOW_SECONDS = 15 * 60;

/**
 * Counts failed sign-ins (and reset attempts) per username and address. After ten failures in fifteen
 * minutes further attempts are refused until the window passes. Counters in Redis when present.
 */
export class LoginLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(redis: Redis | null, prefix = 'family:login-fail') {
    const options = { keyPrefix: prefix, points: MAX_FAILURES, duration: WINDOW_SECONDS };
    this.limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
  }

  private key(username: string, address: string): string {
    return `${username.trim().toLowerCase()}|${address}`;
  }

  /** Throws 429 when this username from this address has failed too often. */
  async check(username: string, address: string): Promise<void> {
    const state = await this.limiter.get(this.key(username, address)).catch(storeDown);
    if (state && state.consumedPoints >= MAX_FAILURES) {
      const minutes = Math.max(1, Math.ceil(state.msBeforeNext / 60_000));
      throw new HttpError(429, `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  }

  async recordFailure(username: string, address: string): Promise<void> {
    try {
      await this.limiter.consume(this.key(username, address));
    } catch (error) {
      // Past the limit consume() rejects with the state; check() reports it on the next attempt.
      if (!(error instanceof RateLimiterRes)) storeDown(error);
    }
  }

  async reset(username: string, address: string): Promise<void> {
    await this.limiter.delete(this.key(username, address)).catch(storeDown);
  }
}

/** The counters' store (Redis) failing is a dependency being down: 503, never a 500 or a silent pass. */
function storeDown(error: unknown): never {
  log.error(`sign-in counters: ${messageOf(error)}`);
  throw new HttpError(503, 'Signing in is unavailable right now. Try again shortly.');
}
