import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type {
  CreateAccountRequest,
  LoginAnswer,
  LoginResponse,
  MessageResponse,
  ResetPasswordRequest,
  UserProfile,
} from '@family/contract';
import {
  currentRequestId,
  hasNonJsonBody,
  HttpError,
  IDENTITY_HEADER,
  inputProblem,
  fetchWhileAlive,
  INTERNAL_CALL_TIMEOUT_MS,
  NOT_JSON_MESSAGE,
  REQUEST_ID_HEADER,
  type ServiceAnswer,
  signIdentityToken,
  unavailableMessage,
  type Identity,
} from '@family/shared';
import type { AuthClient } from '@family/shared/clients';
import { deviceAtSignIn } from './devices';
import type { LoginLimiter } from './login-limiter';
import { SESSION_COOKIE } from './session';
import type { ServiceTarget } from './services';
import type { UserSessions } from './user-sessions';

/** What the routes the gateway answers itself work with. */
export interface AccountRouteDeps {
  auth: ServiceTarget;
  authClient: AuthClient;
  limiter: LoginLimiter;
  sessions: UserSessions;
  internalSecret: string;
  /** REQUIRE_2FA: a member without a second factor sets one up before anything else. */
  requireSecondFactor: boolean;
}

export type Handler = (req: Request, res: Response) => Promise<void>;

/** The limiter's name for sign-ups with an invite code: one count per address, whatever the username. */
const INVITE_ATTEMPTS = 'invite:';

/** Runs an async handler and answers any error as `{ message, code? }` with its status. */
export function handle(handler: Handler) {
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

export function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}
export function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
}
export function destroy(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
}

/**
 * A new session id for the signed-in person, so a session id known before login (or before its second step) is
 * worthless after; noted among the person's sessions, so a password change can end it and the person can list it.
 * `setUpSecondFactor`: REQUIRE_2FA holds every other route until the member sets up two-step sign-in.
 */
export async function signIn(
  req: Request,
  user: UserProfile,
  sessions: UserSessions,
  setUpSecondFactor = false,
): Promise<void> {
  await regenerate(req);
  // Sign-in and sign-up answer members, who always have a username.
  req.session.user = { id: user.id, username: user.username ?? '' };
  req.session.device = deviceAtSignIn(req);
  if (setUpSecondFactor) req.session.setUpSecondFactor = true;
  await save(req);
  await sessions.add(user.id, req.sessionID);
}

export function signedInUser(req: Request): Identity {
  const user = req.session.user;
  if (!user) throw new HttpError(401, 'Please sign in to continue.');
  return user;
}

/**
 * Auth's own route for a password change, asked in the person's name as the proxy would ask it, so the
 * gateway learns that it worked and can end the person's other sessions. Auth's answer is kept as it is.
 */
async function changePasswordAtAuth(deps: AccountRouteDeps, user: Identity, body: unknown): Promise<unknown> {
  const requestId = currentRequestId();
  let response: ServiceAnswer;
  try {
    response = await fetchWhileAlive(
      deps.auth.url,
      new URL('/api/user/password', deps.auth.url),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [IDENTITY_HEADER]: signIdentityToken(user, deps.internalSecret),
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
        },
        body: JSON.stringify(body ?? {}),
      },
      INTERNAL_CALL_TIMEOUT_MS,
    );
  } catch {
    throw new HttpError(503, unavailableMessage('auth'));
  }
  const answer = readJson(response.text);
  if (response.ok) return answer;
  const message = typeof answer.message === 'string' ? answer.message : unavailableMessage('auth');
  throw new HttpError(response.status >= 500 ? 503 : response.status, message);
}

function readJson(text: string): { message?: unknown } {
  try {
    return (JSON.parse(text) ?? {}) as { message?: unknown };
  } catch {
    return {};
  }
}

/**
 * Refuses a body no service could take (text with a null character, absurd nesting) with 400 here: forwarded,
 * a deeply nested one could not even be serialized, and the person would be told auth is unavailable.
 */
export function plainBody(req: Request, res: Response, next: NextFunction): void {
  const problem = inputProblem(req.body);
  if (problem) {
    res.status(400).json({ message: problem });
    return;
  }
  next();
}

/** 415 for a body that is not JSON (a form, plain text): these routes take JSON only. */
export function jsonOnly(req: Request, res: Response, next: NextFunction): void {
  if (hasNonJsonBody(req.headers)) {
    res.status(415).json({ message: NOT_JSON_MESSAGE });
    return;
  }
  next();
}

export function stringField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** The routes the gateway answers itself, because they change sessions. */
export function accountRoutes(deps: AccountRouteDeps): Router {
  const { authClient, limiter, sessions, requireSecondFactor } = deps;
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
      let answer: LoginAnswer;
      try {
        answer = await authClient.logIn({ username: username.trim(), password });
      } catch (error) {
        if (error instanceof HttpError && error.code === 'invalid_credentials') {
          await limiter.recordFailure(username, address);
        }
        throw error;
      }
      await limiter.reset(username, address);
      const { secondFactors, ...user } = answer;
      if (secondFactors.length > 0) {
        // Not signed in yet: the session only remembers whose second step to ask for (two-step-routes.ts).
        await regenerate(req);
        req.session.pendingSecondStep = { user, since: Date.now() };
        await save(req);
        res.json({ secondStep: secondFactors } satisfies LoginResponse);
        return;
      }
      await signIn(req, user, sessions, requireSecondFactor);
      res.json((requireSecondFactor ? { user, setUpSecondFactor: true } : { user }) satisfies LoginResponse);
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
      // Wrong invite codes are counted per address (a guesser tries many codes): ten misses lock it out for a while.
      const invited = body.inviteCode !== undefined;
      const address = req.ip ?? 'unknown';
      if (invited) await limiter.check(INVITE_ATTEMPTS, address);
      // The fields go on as they came: auth checks them all.
      const account = {
        username: body.username,
        password: body.password,
        displayName: body.displayName,
        email: body.email,
        birthday: body.birthday,
        inviteCode: body.inviteCode,
        ...(autoLogin ? {} : { invitedBy: caller!.id }),
      } as CreateAccountRequest;
      const user = await authClient.createAccount(account).catch(async (error: unknown) => {
        if (invited && error instanceof HttpError && error.code === 'invalid_invite_code') {
          await limiter.recordFailure(INVITE_ATTEMPTS, address);
        }
        throw error;
      });
      // Adding a relative leaves the caller signed in as themselves.
      if (autoLogin) await signIn(req, user, sessions, requireSecondFactor);
      const setUp = autoLogin && requireSecondFactor;
      res.status(201).json((setUp ? { user, setUpSecondFactor: true } : { user }) satisfies LoginResponse);
    }),
  );

  router.post(
    '/api/logout',
    json,
    handle(async (req, res) => {
      const user = req.session.user;
      const sessionId = req.sessionID;
      await destroy(req);
      if (user) await sessions.remove(user.id, sessionId);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Logged out successfully' });
    }),
  );

  router.delete(
    '/api/user',
    jsonOnly,
    handle(async (req, res) => {
      const user = signedInUser(req);
      // Every service removes the person's things in turn, files included: this may rightly take minutes.
      await authClient.deleteAccount(user.id);
      await destroy(req);
      // The account is gone: so are its sessions on every other device.
      await sessions.endAll(user.id);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Account deleted successfully' });
    }),
  );

  router.post(
    '/api/user/password',
    json,
    handle(async (req, res) => {
      const user = signedInUser(req);
      const answer = await changePasswordAtAuth(deps, user, req.body);
      // Whoever knew the old password is signed out everywhere else; this session stays.
      await sessions.endAll(user.id, req.sessionID);
      res.json(answer);
    }),
  );

  // "Sign out everywhere": every session of the person, this one included.
  router.delete(
    '/api/user/sessions',
    jsonOnly,
    handle(async (req, res) => {
      const user = signedInUser(req);
      await destroy(req);
      await sessions.endAll(user.id);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Signed out everywhere' });
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
        // The body goes on as it came: auth checks it.
        const result = await authClient.resetPassword(req.body as ResetPasswordRequest);
        // A reset means the password may be known to someone else: every session of the account ends.
        await sessions.endAll(result.userId);
        res.json({ message: result.message } satisfies MessageResponse);
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
