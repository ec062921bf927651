import type { ErrorBody, ErrorCode } from '@family/contract';

// The error shapes are part of the API contract; they are re-exported here for the services.
export type { ErrorBody, ErrorCode };

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
