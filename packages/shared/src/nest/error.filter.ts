import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { type ErrorBody, type ErrorCode, HttpError } from '../http-error';

const UNKNOWN_ERROR =
  'Something went wrong on our side. Try again, and tell whoever runs the archive if it keeps happening.';

/**
 * Turns every error into `{ statusCode, message, code? }`: a sentence a person can act on, and the code of errors
 * that have one. Logs unknown ones once.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message, code } = this.describe(error);
    if (response.headersSent) {
      response.destroy();
      return;
    }
    // Errors without a code answer without the field.
    const body: ErrorBody = code ? { statusCode: status, message, code } : { statusCode: status, message };
    response.status(status).json(body);
  }

  private describe(error: unknown): { status: number; message: string; code?: ErrorCode } {
    if (error instanceof HttpException) {
      // Nest wraps body-parser's errors; their own wording ("Unexpected end of JSON input") helps nobody.
      const cause = (error as { cause?: { type?: unknown } }).cause;
      if (cause?.type === 'entity.parse.failed') return { status: 400, message: 'The request body is not valid JSON.' };
      if (cause?.type === 'entity.too.large') return { status: 413, message: 'The request is too large.' };
      const answer = error.getResponse();
      return { status: error.getStatus(), message: messageOf(answer, error.message), code: codeOf(answer) };
    }
    if (error instanceof HttpError) return { status: error.status, message: error.message, code: error.code };
    // Errors raised by express's body parser carry a status (400 bad JSON, 413 too large).
    const status = (error as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const type = (error as { type?: unknown }).type;
      if (type === 'entity.parse.failed') return { status, message: 'The request body is not valid JSON.' };
      if (type === 'entity.too.large') return { status, message: 'The request is too large.' };
      return { status, message: (error as Error).message };
    }
    // The sentence first (the request's fields follow it on the same line), then the stack.
    if (error instanceof Error) this.logger.error(error.message, error.stack);
    else this.logger.error(String(error));
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: UNKNOWN_ERROR };
  }
}

/** The code given with a Nest exception's sentence (see `coded`), if any. */
function codeOf(body: string | object): ErrorCode | undefined {
  const code = typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
}

function messageOf(body: string | object, fallback: string): string {
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  if (typeof message === 'string') return message;
  return fallback;
}
