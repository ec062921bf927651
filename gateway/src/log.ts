import type { IncomingMessage } from 'node:http';
import { type Identity, type RequestContext, runInRequestContext } from '@family/shared';
import { ArchiveLogger, logLevelsUpTo } from '@family/shared/nest';

/**
 * The gateway's log, in the services' format (docs/architecture.md "Logs"): a line written while a request is
 * handled carries its request id and, once the session is read, the signed-in person's id.
 */
export const log = new ArchiveLogger('Gateway');

export function setLogLevel(level: 'error' | 'warn' | 'log' | 'debug'): void {
  log.setLogLevels(logLevelsUpTo(level));
}

// Each request's context, for code that runs outside it: the proxy's events come from a kept-alive connection
// that an earlier request opened, in that request's context.
const contexts = new WeakMap<IncomingMessage, RequestContext>();

/** Handles the rest of `req` as the request `context` describes. */
export function enterRequest(req: IncomingMessage, context: RequestContext, next: () => void): void {
  contexts.set(req, context);
  runInRequestContext(context, next);
}

/** Names the signed-in person in the request's context, for the log lines that follow. */
export function rememberUser(req: IncomingMessage, user: Identity | undefined): void {
  const context = contexts.get(req);
  if (context && user) context.user = user;
}

/** Runs `work` (a log line, say) in the context of `req`. */
export function inRequest(req: IncomingMessage, work: () => void): void {
  const context = contexts.get(req);
  if (context) runInRequestContext(context, work);
  else work();
}

/** The sentence of whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
