/**
 * An error with the status and sentence to answer with. Services throw Nest's exceptions; code that
 * runs outside Nest (the internal client, the gateway) throws this, and both become `{ message }`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
