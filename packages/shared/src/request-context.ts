import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Identity } from './identity-token';

/**
 * What is known about the request being handled, wherever in its handling the code runs: set once when the
 * request arrives, read by the internal client (to pass the id on) and by the logger (to write it down).
 */
export interface RequestContext {
  /** The id the gateway gave the request; every service it reaches keeps the same one. */
  readonly requestId: string;
  /** The signed-in person, once their identity token has been checked. */
  user?: Identity;
  /** The service that called an /internal route, once its service token has been checked. */
  caller?: string;
  /** The services this request came through, in order (CALL_CHAIN_HEADER); empty for the gateway's own. */
  readonly callChain?: readonly string[];
}

/** What every log line written while handling a request carries, so one request's lines can be found. */
export interface RequestLogFields {
  requestId?: string;
  userId?: number;
  caller?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

// Ids travel in headers and log lines: short and plain, or replaced by one of our own.
const REQUEST_ID_PATTERN = /^[\w-]{1,64}$/;

/** The request id a caller sent when it is well-formed, else a new one. */
export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
}

const CALL_CHAIN_PATTERN = /^[a-z-]{1,20}(,[a-z-]{1,20}){0,15}$/;

/** The services a request came through, from its CALL_CHAIN_HEADER; none when the header is missing or odd. */
export function callChainFrom(header: unknown): string[] {
  return typeof header === 'string' && CALL_CHAIN_PATTERN.test(header) ? header.split(',') : [];
}

/** Runs `work` (and everything it starts, synchronously or not) as part of the request `context` describes. */
export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request being handled, or undefined outside any request (start-up, timers of their own). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function currentCallChain(): readonly string[] {
  return storage.getStore()?.callChain ?? [];
}

export function requestLogFields(): RequestLogFields {
  const context = storage.getStore();
  if (!context) return {};
  const fields: RequestLogFields = { requestId: context.requestId };
  if (context.user) fields.userId = context.user.id;
  if (context.caller) fields.caller = context.caller;
  return fields;
}
