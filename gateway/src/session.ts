import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, Response } from 'express';
import session, { type Store } from 'express-session';
import type { Redis } from 'ioredis';
import createMemoryStore from 'memorystore';
import type { UserProfile } from '@family/contract';
import type { Identity } from '@family/shared';
import type { GatewayConfig } from './config';
import { noteLastSeen, type DeviceNote } from './devices';
import { log, messageOf, rememberUser } from './log';

declare module 'express-session' {
  interface SessionData {
    user?: Identity;
    /** When the session was last renewed (ms): changing it makes express-session save it and send the cookie. */
    renewedAt?: number;
    /** The password was right and the account asks for a code: not signed in until it comes (two-step-routes.ts). */
    pendingSecondStep?: { user: UserProfile; since: number };
    /** The challenge of a passkey being added or signed in with, until the browser answers it. */
    passkeyChallenge?: { challenge: string; purpose: 'add' | 'sign-in' };
    /** Signed in, but REQUIRE_2FA holds every route but setting up two-step sign-in until it is done. */
    setUpSecondFactor?: boolean;
    /** What the member's list of signed-in devices shows of this session (devices.ts). */
    device?: DeviceNote;
  }
}

export const SESSION_COOKIE = 'family.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
/** A session is renewed (saved, and its cookie sent again) at most this often; in between it is only read. */
const RENEW_EVERY_MS = 60 * 60 * 1000;

/**
 * Sessions live in Redis when there is one (they survive restarts and are shared by several gateways),
 * else in memory that prunes expired sessions (sign-ins then end when the gateway restarts).
 */
export function sessionStore(redis: Redis | null): Store {
  if (redis) return new RedisStore({ client: redis, prefix: 'family:sess:', disableTouch: true });
  const store = new (createMemoryStore(session))({ checkPeriod: 60 * 60 * 1000 });
  // Renewal saves the session (renewIfDue below); without `touch`, express-session does not also rewrite it
  // on every request. memorystore has no option for that, as connect-redis has (disableTouch).
  Object.defineProperty(store, 'touch', { value: undefined });
  return store;
}

export function sessionMiddleware(config: GatewayConfig, store: Store) {
  const middleware = session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store,
    resave: false,
    saveUninitialized: false,
    // Not on every answer: that signed a cookie and rewrote the session in the store on every request, the
    // largest part of the gateway's own work on a list (docs/architecture.md "Speed"). renewIfDue renews instead.
    rolling: false,
    proxy: undefined,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // 'auto': Secure whenever the request came over TLS (directly, or via a trusted proxy).
      secure: config.COOKIE_SECURE ? true : 'auto',
      maxAge: THIRTY_DAYS_MS,
    },
  });
  // The only errors express-session raises come from its store: Redis is down, which is a 503, not our fault.
  // It also reports a store that fails while saving at the end of a response that is already on its way: then
  // only the session's renewal is lost, and there is nothing left to answer.
  return (req: Request, res: Response, next: NextFunction) =>
    middleware(req, res, (error?: unknown) => {
      if (!error) {
        rememberUser(req, req.session?.user);
        renewIfDue(req);
        noteLastSeen(req);
        return next();
      }
      log.error(`session store: ${messageOf(error)}`);
      if (res.headersSent) return;
      res.status(503).json({ message: SESSIONS_UNAVAILABLE });
    });
}

/**
 * "30 days from the last visit", to within an hour: a signed-in session whose expiry is more than an hour older
 * than a fresh one would be is marked changed, so express-session saves it with a new expiry and sends the cookie.
 */
function renewIfDue(req: Request): void {
  const expires = req.session?.cookie.expires;
  if (!req.session?.user || !expires) return;
  if (expires.getTime() < Date.now() + THIRTY_DAYS_MS - RENEW_EVERY_MS) req.session.renewedAt = Date.now();
}

export const SESSIONS_UNAVAILABLE = 'Signing in is unavailable right now. Try again shortly.';
