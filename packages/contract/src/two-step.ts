import type { UserProfile } from './person';

/** A code from an authenticator app (6 digits) or one of the ten recovery codes (`ABCDE-FGHJK`). */
export const SECOND_FACTOR_CODE_MAX = 40;
export const RECOVERY_CODE_COUNT = 10;

/** What can be the second step of a sign-in: a code from an authenticator app, or a passkey. */
export type SecondFactorKind = 'totp' | 'passkey';

export const PASSKEY_NAME_MAX = 60;

/**
 * POST /api/login: either signed in (`user`), or the password was right and the account asks for a second step
 * next (`secondStep`: a code, POST /api/login/code, or a passkey, POST /api/login/passkey). `setUpSecondFactor`: signed in, but the archive requires two-step
 * sign-in and this member has none yet, so nothing else answers until it is set up (docs/rights.md "Two-step sign-in").
 */
export type LoginResponse = { user: UserProfile; setUpSecondFactor?: boolean } | { secondStep: SecondFactorKind[] };

/** POST /api/login/code, POST /api/user/two-step/totp/confirm, POST /api/user/two-step/disable. */
export interface SecondFactorCodeRequest {
  code: string;
}

/** GET /api/user/two-step: what guards the signed-in member's account. */
export interface TwoStepStatus {
  totp: boolean;
  passkeys: PasskeySummary[];
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
  /** The archive requires a second factor (REQUIRE_2FA) and this member has none yet. */
  setupRequired: boolean;
}

/** POST /api/user/two-step/totp: a new secret to put in an authenticator app, shown only until it is confirmed. */
export interface TotpEnrolment {
  /** Base32, for typing in by hand. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  uri: string;
}

/** POST /api/user/two-step/totp/confirm: the recovery codes, shown this once (only their hashes are kept). */
export interface RecoveryCodesResponse {
  recoveryCodes: string[];
}

/** POST /internal/logins (auth): the person, and whether their account asks for a second step. */
export type LoginAnswer = UserProfile & { secondFactors: SecondFactorKind[] };

/** A member's passkey as the profile lists it. */
export interface PasskeySummary {
  id: number;
  name: string;
  /** ISO times. */
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * POST /api/user/two-step/passkeys: the browser's answer to the options of POST /api/user/two-step/passkeys/options
 * (`RegistrationResponseJSON` of WebAuthn), and a name to tell it by.
 */
export interface AddPasskeyRequest {
  response: Record<string, unknown>;
  name?: string;
}

/** POST /api/login/passkey: the browser's answer to the options of POST /api/login/passkey/options. */
export interface PasskeySignInRequest {
  response: Record<string, unknown>;
}

/** What auth needs to check a browser's WebAuthn answer: the challenge the gateway kept, and where it was asked. */
export interface PasskeyCeremony {
  response: Record<string, unknown>;
  expectedChallenge: string;
  expectedOrigin: string;
  rpId: string;
}

/** GET /api/user/sessions: one signed-in browser of the member. */
export interface SignedInDevice {
  /** Stands for the session without being its id (docs/rights.md "Signed-in devices"). */
  id: string;
  /** 'Chrome on Android', from the browser's user agent; 'Unknown browser' when it says nothing useful. */
  browser: string;
  /** ISO times. */
  signedInAt: string;
  lastSeenAt: string;
  /** The address it last came from, as the gateway sees it (behind TRUST_PROXY, the client's). */
  address: string;
  /** The browser asking. */
  current: boolean;
}
