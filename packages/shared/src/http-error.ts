/**
 * Stable names for the errors a program (not a person) has to tell apart, answered as `code` beside the
 * sentence. Sentences may be reworded at any time; these never change, so callers compare these.
 */
export type ErrorCode =
  /** Signing in with an unknown username or a wrong password. */
  | 'invalid_credentials'
  /** Resetting a password with a wrong, used or expired reset code. */
  | 'invalid_reset_code'
  /** A service of the archive could not be reached, or failed. */
  | 'service_unavailable';

/** What every error answer of a service holds. */
export interface ErrorBody {
  statusCode: number;
  /** A sentence a person can act on. */
  message: string;
  code?: ErrorCode;
}

/** A sentence with its code, for Nest's exceptions: `new BadRequestException(coded('…', 'invalid_reset_code'))`. */
export function coded(message: string, code: ErrorCode): { message: string; code: ErrorCode } {
  return { message, code };
}

/**
 * An error with the status and sentence (and maybe code) to answer with. Services throw Nest's exceptions;
 * code that runs outside Nest (the internal client, the gateway) throws this, and both become `{ message }`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
