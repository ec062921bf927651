import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type {
  AccountResponse,
  MessageResponse,
  RecoveryCodesResponse,
  SignedInDevice,
  TotpEnrolment,
  TwoStepStatus,
} from '@family/contract';
import { SECOND_FACTOR_CODE_MAX } from '@family/contract';
import { HttpError, type Identity } from '@family/shared';
import {
  type AccountRouteDeps,
  destroy,
  handle,
  jsonOnly,
  plainBody,
  save,
  signedInUser,
  signIn,
  stringField,
} from './account-routes';
import { deviceId } from './devices';
import { SESSION_COOKIE } from './session';

/** How long the code may come after the password: then the sign-in starts again. */
const SECOND_STEP_MS = 5 * 60 * 1000;
/** The limiter's name for codes: counted per member and address like passwords (docs/rights.md "Accounts"). */
const CODE_ATTEMPTS = 'code:';

const SETUP_REQUIRED = 'This archive asks every member to set up two-step sign-in first. Set it up to go on.';

/**
 * With REQUIRE_2FA, a member signed in without a second factor reaches only the two-step setup and Logout until
 * one is set up; everything else answers 403 `second_factor_setup_required`, which the web app reads to show the
 * setup screen.
 */
export function secondFactorGate(req: Request, res: Response, next: NextFunction): void {
  if (!req.session?.setUpSecondFactor) return next();
  const path = (req.originalUrl ?? '').split('?')[0] ?? '';
  if (path.startsWith('/api/user/two-step') || path === '/api/logout') return next();
  res.status(403).json({ message: SETUP_REQUIRED, code: 'second_factor_setup_required' });
}

/** A code from the body: refused with a sentence when missing or longer than any code could be. */
function codeFrom(req: Request): string {
  const code = stringField(req.body, 'code').trim();
  if (!code)
    throw new HttpError(400, 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
  if (code.length > SECOND_FACTOR_CODE_MAX) {
    throw new HttpError(400, 'That code is too long to be a code of this archive.');
  }
  return code;
}

/**
 * Two-step sign-in (the code after the password, setting it up and turning it off) and the member's signed-in
 * devices: the routes that read or change sessions, so the gateway answers them (docs/rights.md).
 */
export function twoStepRoutes(deps: AccountRouteDeps): Router {
  const { authClient, limiter, sessions, requireSecondFactor } = deps;
  const router = express.Router();
  const json = [jsonOnly, express.json({ limit: '100kb' }), plainBody];

  /** Runs `check` with wrong codes counted like wrong passwords: ten for one member from one address. */
  const countedCode = async <T>(req: Request, username: string, check: () => Promise<T>): Promise<T> => {
    const address = req.ip ?? 'unknown';
    await limiter.check(`${CODE_ATTEMPTS}${username}`, address);
    try {
      const result = await check();
      await limiter.reset(`${CODE_ATTEMPTS}${username}`, address);
      return result;
    } catch (error) {
      if (error instanceof HttpError && error.code === 'invalid_second_factor_code') {
        await limiter.recordFailure(`${CODE_ATTEMPTS}${username}`, address);
      }
      throw error;
    }
  };

  router.post(
    '/api/login/code',
    json,
    handle(async (req, res) => {
      const pending = req.session.pendingSecondStep;
      if (!pending || Date.now() - pending.since > SECOND_STEP_MS) {
        delete req.session.pendingSecondStep;
        throw new HttpError(
          401,
          'Your sign-in took too long or was not started. Enter your username and password again.',
          'second_step_expired',
        );
      }
      const code = codeFrom(req);
      const username = pending.user.username ?? '';
      await countedCode(req, username, () => authClient.verifySecondFactor(pending.user.id, code));
      // A new session id: one known before the second step is worthless after it.
      await signIn(req, pending.user, sessions);
      res.json({ user: pending.user } satisfies AccountResponse);
    }),
  );

  router.get(
    '/api/user/two-step',
    handle(async (req, res) => {
      const user = signedInUser(req);
      const factors = await authClient.secondFactors(user.id);
      // Set up from another browser meanwhile: this one is let through too.
      if (req.session.setUpSecondFactor && factors.totp) {
        delete req.session.setUpSecondFactor;
        await save(req);
      }
      res.json({ ...factors, setupRequired: !!req.session.setUpSecondFactor } satisfies TwoStepStatus);
    }),
  );

  router.post(
    '/api/user/two-step/totp',
    json,
    handle(async (req, res) => {
      const user = signedInUser(req);
      res.status(201).json((await authClient.startTotp(user.id, user.username)) satisfies TotpEnrolment);
    }),
  );

  router.post(
    '/api/user/two-step/totp/confirm',
    json,
    handle(async (req, res) => {
      const user = signedInUser(req);
      const code = codeFrom(req);
      const answer = await countedCode(req, user.username, () => authClient.confirmTotp(user.id, code));
      if (req.session.setUpSecondFactor) {
        delete req.session.setUpSecondFactor;
        await save(req);
      }
      res.json(answer satisfies RecoveryCodesResponse);
    }),
  );

  router.post(
    '/api/user/two-step/disable',
    json,
    handle(async (req, res) => {
      const user: Identity = signedInUser(req);
      const code = codeFrom(req);
      await countedCode(req, user.username, () => authClient.disableTotp(user.id, code));
      // Where it is required, turning it off means setting it up again (a new phone) before going on.
      if (requireSecondFactor) {
        req.session.setUpSecondFactor = true;
        await save(req);
      }
      res.json({ message: 'Two-step sign-in is off.' } satisfies MessageResponse);
    }),
  );

  router.get(
    '/api/user/sessions',
    handle(async (req, res) => {
      const user = signedInUser(req);
      res.json((await sessions.list(user.id, req.sessionID)) satisfies SignedInDevice[]);
    }),
  );

  router.delete(
    '/api/user/sessions/:device',
    jsonOnly,
    handle(async (req, res) => {
      const user = signedInUser(req);
      const device = String(req.params.device ?? '');
      if (device === deviceId(req.sessionID)) {
        await destroy(req);
        await sessions.remove(user.id, req.sessionID);
        res.clearCookie(SESSION_COOKIE, { path: '/' });
        res.json({ message: 'Signed out on this device.' } satisfies MessageResponse);
        return;
      }
      if (!(await sessions.end(user.id, device))) {
        throw new HttpError(404, 'That device is no longer signed in. Look at the list again.');
      }
      res.json({ message: 'That device is signed out.' } satisfies MessageResponse);
    }),
  );

  return router;
}
