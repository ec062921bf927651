import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type {
  AccountResponse,
  PasskeySummary,
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

/**
 * Where a passkey belongs and is used: the archive's host name as the browser reached it, and its origin (behind
 * a reverse proxy with TRUST_PROXY, the address the person typed).
 */
function relyingParty(req: Request): { rpId: string; expectedOrigin: string } {
  return { rpId: req.hostname, expectedOrigin: `${req.protocol}://${req.get('host') ?? req.hostname}` };
}

/** The browser's WebAuthn answer from the body, with the challenge this session was given for `purpose`. */
function passkeyCeremony(req: Request, purpose: 'add' | 'sign-in') {
  const response = (req.body as Record<string, unknown> | undefined)?.response;
  if (!response || typeof response !== 'object' || Array.isArray(response)) {
    throw new HttpError(400, 'The passkey answer is missing. Try again.');
  }
  const kept = req.session.passkeyChallenge;
  delete req.session.passkeyChallenge;
  if (!kept || kept.purpose !== purpose) {
    throw new HttpError(400, 'This passkey request has ended. Try again.');
  }
  return { response: response as Record<string, unknown>, expectedChallenge: kept.challenge, ...relyingParty(req) };
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

  /** The pending sign-in, or 401 `second_step_expired` when there is none or it came too late. */
  const pendingSignIn = (req: Request) => {
    const pending = req.session.pendingSecondStep;
    if (!pending || Date.now() - pending.since > SECOND_STEP_MS) {
      delete req.session.pendingSecondStep;
      throw new HttpError(
        401,
        'Your sign-in took too long or was not started. Enter your username and password again.',
        'second_step_expired',
      );
    }
    return pending;
  };

  router.post(
    '/api/login/code',
    json,
    handle(async (req, res) => {
      const pending = pendingSignIn(req);
      const code = codeFrom(req);
      const username = pending.user.username ?? '';
      await countedCode(req, username, () => authClient.verifySecondFactor(pending.user.id, code));
      // A new session id: one known before the second step is worthless after it.
      await signIn(req, pending.user, sessions);
      res.json({ user: pending.user } satisfies AccountResponse);
    }),
  );

  router.post(
    '/api/login/passkey/options',
    json,
    handle(async (req, res) => {
      const pending = pendingSignIn(req);
      const options = await authClient.passkeyAuthenticationOptions(pending.user.id, relyingParty(req).rpId);
      req.session.passkeyChallenge = { challenge: options.challenge, purpose: 'sign-in' };
      await save(req);
      res.json(options);
    }),
  );

  router.post(
    '/api/login/passkey',
    json,
    handle(async (req, res) => {
      const pending = pendingSignIn(req);
      const ceremony = passkeyCeremony(req, 'sign-in');
      await countedCode(req, pending.user.username ?? '', () => authClient.verifyPasskey(pending.user.id, ceremony));
      await signIn(req, pending.user, sessions);
      res.json({ user: pending.user } satisfies AccountResponse);
    }),
  );

  router.post(
    '/api/user/two-step/passkeys/options',
    json,
    handle(async (req, res) => {
      const user = signedInUser(req);
      const options = await authClient.passkeyRegistrationOptions(user.id, user.username, relyingParty(req).rpId);
      req.session.passkeyChallenge = { challenge: options.challenge, purpose: 'add' };
      await save(req);
      res.json(options);
    }),
  );

  router.post(
    '/api/user/two-step/passkeys',
    json,
    handle(async (req, res) => {
      const user = signedInUser(req);
      const ceremony = passkeyCeremony(req, 'add');
      const name = stringField(req.body, 'name') || undefined;
      const added = await authClient.addPasskey(user.id, { ...ceremony, ...(name ? { name } : {}) });
      delete req.session.setUpSecondFactor;
      await save(req);
      res.status(201).json(added satisfies PasskeySummary);
    }),
  );

  router.delete(
    '/api/user/two-step/passkeys/:passkey',
    jsonOnly,
    handle(async (req, res) => {
      const user = signedInUser(req);
      const passkeyId = Number(req.params.passkey);
      if (!Number.isSafeInteger(passkeyId) || passkeyId < 1 || passkeyId > 2_147_483_647) {
        throw new HttpError(404, 'That passkey is not on your account.');
      }
      await authClient.removePasskey(user.id, passkeyId);
      if (requireSecondFactor) {
        const left = await authClient.secondFactors(user.id);
        if (!left.totp && left.passkeys.length === 0) {
          req.session.setUpSecondFactor = true;
          await save(req);
        }
      }
      res.json({ message: 'The passkey is removed.' } satisfies MessageResponse);
    }),
  );

  router.get(
    '/api/user/two-step',
    handle(async (req, res) => {
      const user = signedInUser(req);
      const factors = await authClient.secondFactors(user.id);
      // Set up from another browser meanwhile: this one is let through too.
      if (req.session.setUpSecondFactor && (factors.totp || factors.passkeys.length > 0)) {
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
      // Where it is required, turning it off without a passkey left means setting it up again (a new phone).
      if (requireSecondFactor && (await authClient.secondFactors(user.id)).passkeys.length === 0) {
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
