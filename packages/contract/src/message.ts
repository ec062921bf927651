/** A sentence a person can act on: the answer of a deletion or a logout, and the body of every error. */
export interface MessageResponse {
  message: string;
}

/**
 * Stable names for the errors a program (not a person) has to tell apart, answered as `code` beside the
 * sentence. Sentences may be reworded at any time; these never change, so callers compare these.
 */
export type ErrorCode =
  /** Signing in with an unknown username or a wrong password. */
  | 'invalid_credentials'
  /** Resetting a password with a wrong, used or expired reset code. */
  | 'invalid_reset_code'
  /** Signing up with a wrong, used or expired invite code. */
  | 'invalid_invite_code'
  /** The second step of a sign-in, or turning it on or off, with a wrong, spent or replayed code. */
  | 'invalid_second_factor_code'
  /** The code came too long after the password (or without one): sign in from the start. */
  | 'second_step_expired'
  /** The archive requires two-step sign-in (REQUIRE_2FA) and this member has not set it up yet. */
  | 'second_factor_setup_required'
  /** A service of the archive could not be reached, or failed. */
  | 'service_unavailable';

/** What every error answer holds (the gateway's own routes leave out `statusCode`). */
export interface ErrorBody extends MessageResponse {
  statusCode: number;
  code?: ErrorCode;
}
