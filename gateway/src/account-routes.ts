import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  hasNonJsonBody,
  HttpError,
  inputProblem,
  InternalClient,
  NOT_JSON_MESSAGE,
  REQUEST_ID_HEADER,
  type Identity,
} from '@family/shared';
import type { LoginLimiter } from './login-limiter';
import { SESSION_COOKIE } from './session';
import type { ServiceTarget } from './services';

interface User extends Identity {
  [field: string]: unknown;
}

type Handler = (req: Request, res: Response) => Promise<void>;

const ACCOUNT_DELETION_TIMEOUT_MS = 10 * 60_000;

/** Runs an async handler and answers any error as `{ message }` with its status. */
function handle(handler: Handler) {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        res.status(error.status).json({ message: error.message });
        return;
      }
      next(error);
    });
  };
}

function requestId(res: Response): string | undefined {
  return res.getHeader(REQUEST_ID_HEADER)?.toString();
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
async function signIn(req: Request, user: User): Promise<void> {
  await regenerate(req);
  req.session.user = { id: user.id, username: user.username };
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

/** 415 for a body that is not JSON (a form, plain text): these routes take JSON only. */
function jsonOnly(req: Request, res: Response, next: NextFunction): void {
  if (hasNonJsonBody(req.headers)) {
    res.status(415).json({ message: NOT_JSON_MESSAGE });
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
  // Bodies are parsed only on these routes: everything else streams through the proxy untouched. Only JSON is
  // taken, and text no service could store (a null character, a lone surrogate) is refused here with 400.
  const json = [jsonOnly, express.json({ limit: '100kb' }), plainBody];

  router.post(
    '/api/login',
    json,
    handle(async (req, res) => {
      const username = stringField(req.body, 'username');
      const password = stringField(req.body, 'password');
      if (!username.trim() || !password) throw new HttpError(400, 'Please enter your username and password.');
      const address = req.ip ?? 'unknown';
      await limiter.check(username, address);
      let user: User;
      try {
        user = await client.call<User>(auth, 'POST', '/internal/logins', {
          body: { username: username.trim(), password },
          requestId: requestId(res),
        });
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) await limiter.recordFailure(username, address);
        throw error;
      }
      await limiter.reset(username, address);
      await signIn(req, user);
      res.json({ user });
    }),
  );

  router.post(
    '/api/register',
    json,
    handle(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const autoLogin = req.query.autoLogin !== 'false';
      const caller = req.session.user;
      if (!autoLogin && !caller) throw new HttpError(401, 'Please sign in to add a family member.');
      const user = await client.call<User>(auth, 'POST', '/internal/accounts', {
        body: {
          username: body.username,
          password: body.password,
          displayName: body.displayName,
          email: body.email,
          birthday: body.birthday,
          ...(autoLogin ? {} : { invitedBy: caller!.id }),
        },
        requestId: requestId(res),
      });
      // Adding a relative leaves the caller signed in as themselves.
      if (autoLogin) await signIn(req, user);
      res.status(201).json({ user });
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
    jsonOnly,
    handle(async (req, res) => {
      const user = req.session.user;
      if (!user) throw new HttpError(401, 'Please sign in to continue.');
      await client.call(auth, 'DELETE', `/internal/accounts/${user.id}`, {
        requestId: requestId(res),
        // Every service removes the person's things in turn, files included: this may rightly take minutes.
        timeoutMs: ACCOUNT_DELETION_TIMEOUT_MS,
      });
      await destroy(req);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Account deleted successfully' });
    }),
  );

  router.post(
    '/api/reset-password',
    json,
    handle(async (req, res) => {
      // Trimmed first, as auth does: " alice" and "alice" are one person and share one count of attempts.
      const username = stringField(req.body, 'username').trim();
      const address = req.ip ?? 'unknown';
      await limiter.check(`reset:${username}`, address);
      try {
        const result = await client.call<{ message: string }>(auth, 'POST', '/internal/password-resets', {
          body: req.body,
          requestId: requestId(res),
        });
        res.json(result);
      } catch (error) {
        if (error instanceof HttpError && error.status === 400 && error.message === 'Invalid or expired reset code') {
          await limiter.recordFailure(`reset:${username}`, address);
        }
        throw error;
      }
    }),
  );

  return router;
}
