import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { AccountResponse, LoginRequest, MessageResponse, UserProfile } from '@family/contract';
import { HttpError, inputProblem, InternalClient } from '@family/shared';
import type { LoginLimiter } from './login-limiter';
import { SESSION_COOKIE } from './session';
import type { ServiceTarget } from './services';

type Handler = (req: Request, res: Response) => Promise<void>;

/** Runs an async handler and answers any error as `{ message, code? }` with its status. */
function handle(handler: Handler) {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        const { status, message, code } = error;
        res.status(status).json(code ? { message, code } : { message });
        return;
      }
      next(error);
    });
  };
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}
function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
}
function destroy(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
}

/** A new session id for the signed-in person, so a session id known before login is worthless after. */
async function signIn(req: Request, user: UserProfile): Promise<void> {
  await regenerate(req);
  // Sign-in and sign-up answer members, who always have a username.
  req.session.user = { id: user.id, username: user.username ?? '' };
  await save(req);
}

/**
 * Refuses a body no service could take (text with a null character, absurd nesting) with 400 here: forwarded,
 * a deeply nested one could not even be serialized, and the person would be told auth is unavailable.
 */
function plainBody(req: Request, res: Response, next: NextFunction): void {
  const problem = inputProblem(req.body);
  if (problem) {
    res.status(400).json({ message: problem });
    return;
  }
  next();
}

function stringField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** The routes the gateway answers itself, because they change the session. */
export function accountRoutes(auth: ServiceTarget, client: InternalClient, limiter: LoginLimiter): Router {
  const router = express.Router();
  // Bodies are parsed only on these routes: everything else streams through the proxy untouched.
  const json = express.json({ limit: '100kb' });

  router.post(
    '/api/login',
    json,
    handle(async (req, res) => {
      const username = stringField(req.body, 'username');
      const password = stringField(req.body, 'password');
      if (!username.trim() || !password) throw new HttpError(400, 'Please enter your username and password.');
      const address = req.ip ?? 'unknown';
      await limiter.check(username, address);
      let user: UserProfile;
      try {
        user = await client.call<UserProfile>(auth, 'POST', '/internal/logins', {
          body: { username: username.trim(), password } satisfies LoginRequest,
        });
      } catch (error) {
        if (error instanceof HttpError && error.code === 'invalid_credentials') {
          await limiter.recordFailure(username, address);
        }
        throw error;
      }
      await limiter.reset(username, address);
      await signIn(req, user);
      res.json({ user } satisfies AccountResponse);
    }),
  );

  router.post(
    '/api/register',
    json,
    plainBody,
    handle(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const autoLogin = req.query.autoLogin !== 'false';
      const caller = req.session.user;
      if (!autoLogin && !caller) throw new HttpError(401, 'Please sign in to add a family member.');
      const user = await client.call<UserProfile>(auth, 'POST', '/internal/accounts', {
        body: {
          username: body.username,
          password: body.password,
          displayName: body.displayName,
          email: body.email,
          birthday: body.birthday,
          inviteCode: body.inviteCode,
          ...(autoLogin ? {} : { invitedBy: caller!.id }),
        },
      });
      // Adding a relative leaves the caller signed in as themselves.
      if (autoLogin) await signIn(req, user);
      res.status(201).json({ user } satisfies AccountResponse);
    }),
  );

  router.post(
    '/api/logout',
    json,
    handle(async (req, res) => {
      await destroy(req);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Logged out successfully' });
    }),
  );

  router.delete(
    '/api/user',
    handle(async (req, res) => {
      const user = req.session.user;
      if (!user) throw new HttpError(401, 'Please sign in to continue.');
      await client.call(auth, 'DELETE', `/internal/accounts/${user.id}`);
      await destroy(req);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Account deleted successfully' });
    }),
  );

  router.post(
    '/api/reset-password',
    json,
    plainBody,
    handle(async (req, res) => {
      const username = stringField(req.body, 'username');
      const address = req.ip ?? 'unknown';
      await limiter.check(`reset:${username}`, address);
      try {
        const result = await client.call<MessageResponse>(auth, 'POST', '/internal/password-resets', {
          body: req.body,
        });
        res.json(result);
      } catch (error) {
        if (error instanceof HttpError && error.code === 'invalid_reset_code') {
          await limiter.recordFailure(`reset:${username}`, address);
        }
        throw error;
      }
    }),
  );

  return router;
}
