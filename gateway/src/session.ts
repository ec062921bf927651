import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, Response } from 'express';
import session, { type Store } from 'express-session';
import type { Redis } from 'ioredis';
import createMemoryStore from 'memorystore';
import type { Identity } from '@family/shared';
import type { GatewayConfig } from './config';
import { log, messageOf, rememberUser } from './log';

declare module 'express-session' {
  interface SessionData {
    user?: Identity;
  }
}

export const SESSION_COOKIE = 'family.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Sessions live in Redis when there is one (they survive restarts and are shared by several gateways),
 * else in memory that prunes expired sessions (sign-ins then end when the gateway restarts).
 */
export function sessionStore(redis: Redis | null): Store {
  return redis
    ? new RedisStore({ client: redis, prefix: 'family:sess:' })
    : new (createMemoryStore(session))({ checkPeriod: 60 * 60 * 1000 });
}

export function sessionMiddleware(config: GatewayConfig, store: Store) {
  const middleware = session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
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
        return next();
      }
      log.error(`session store: ${messageOf(error)}`);
      if (res.headersSent) return;
      res.status(503).json({ message: SESSIONS_UNAVAILABLE });
    });
}

export const SESSIONS_UNAVAILABLE = 'Signing in is unavailable right now. Try again shortly.';
