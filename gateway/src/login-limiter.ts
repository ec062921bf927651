import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from '@family/shared';
import { log, messageOf } from './log';

/** Failures of one username (or one kind of attempt) from one address: a guesser of one person's password. */
const MAX_FAILURES = 10;
const WINDOW_SECONDS = 15 * 60;
/**
 * Failures from one address whatever the username: one password tried on every member. A family behind one
 * home router shares an address, and its typos stay far below this; a sprayer gets 100 guesses an hour, not
 * 40 an hour for each member.
 */
const MAX_ADDRESS_FAILURES = 100;
const ADDRESS_WINDOW_SECONDS = 60 * 60;

/**
 * Counts failed sign-ins (and reset and invite attempts) per username and address, and per address alone. Past
 * either limit further attempts are refused until its window passes. Counters in Redis when present.
 */
export class LoginLimiter {
  private readonly perName: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;

  constructor(redis: Redis | null, prefix = 'family:login-fail') {
    const limiter = (options: { keyPrefix: string; points: number; duration: number }) =>
      redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
    this.perName = limiter({ keyPrefix: prefix, points: MAX_FAILURES, duration: WINDOW_SECONDS });
    this.perAddress = limiter({
      keyPrefix: `${prefix}-address`,
      points: MAX_ADDRESS_FAILURES,
      duration: ADDRESS_WINDOW_SECONDS,
    });
  }

  private key(username: string, address: string): string {
    return `${username.trim().toLowerCase()}|${address}`;
  }

  /** Throws 429 when this username from this address, or this address at all, has failed too often. */
  async check(username: string, address: string): Promise<void> {
    const waits = await Promise.all([
      msToWait(this.perName, this.key(username, address), MAX_FAILURES),
      msToWait(this.perAddress, address, MAX_ADDRESS_FAILURES),
    ]);
    const ms = Math.max(...waits);
    if (ms > 0) {
      const minutes = Math.max(1, Math.ceil(ms / 60_000));
      throw new HttpError(429, `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  }

  async recordFailure(username: string, address: string): Promise<void> {
    await Promise.all([count(this.perName, this.key(username, address)), count(this.perAddress, address)]);
  }

  /**
   * A success forgets this username's failures, not the address's: one password that works (the sprayer's own
   * account) must not buy more guesses at everyone else's.
   */
  async reset(username: string, address: string): Promise<void> {
    await this.perName.delete(this.key(username, address)).catch(storeDown);
  }
}

/** How long attempts under `key` stay refused: 0 while it is under `max` failures. */
async function msToWait(limiter: RateLimiterAbstract, key: string, max: number): Promise<number> {
  const state = await limiter.get(key).catch(storeDown);
  return state && state.consumedPoints >= max ? state.msBeforeNext : 0;
}

async function count(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    // Past the limit consume() rejects with the state; check() reports it on the next attempt.
    if (!(error instanceof RateLimiterRes)) storeDown(error);
  }
}

/** The counters' store (Redis) failing is a dependency being down: 503, never a 500 or a silent pass. */
function storeDown(error: unknown): never {
  log.error(`sign-in counters: ${messageOf(error)}`);
  throw new HttpError(503, 'Signing in is unavailable right now. Try again shortly.');
}
