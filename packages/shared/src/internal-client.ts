import { type ErrorCode, HttpError } from './http-error';
import { CALL_CHAIN_HEADER, REQUEST_ID_HEADER, SERVICE_HEADER, signServiceToken } from './identity-token';
import { currentCallChain, currentRequestId } from './request-context';
import { fetchWhileAlive, type ServiceAnswer } from './service-liveness';
import { unavailableMessage } from './service-names';

/**
 * The most a call may take. A service that stops answering is given up on much sooner, within about 2.5 s (see
 * fetchWhileAlive), so the person's 503 comes within 3 s; a live one that is slow (busy hashing passwords, say)
 * is waited for up to this.
 */
export const INTERNAL_CALL_TIMEOUT_MS = 10_000;

export interface InternalCallOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart instead of JSON: a file one service hands another (an import's photo, a family.ged). */
  form?: FormData;
  /** Milliseconds before the call is given up as unavailable. */
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls another service's /internal routes with a service token and the id of the request being handled.
 * A service that cannot be reached becomes a 503 with the sentence people see; an answered error keeps its
 * status, message and code.
 */
export class InternalClient {
  constructor(
    private readonly callerName: string,
    private readonly secret: string,
    /** The caller on a request's way (CALL_CHAIN_HEADER): the service, or a worker of it. */
    private readonly processName = callerName,
  ) {}

  /** A JSON answer (or none). */
  async call<T>(
    target: { name: string; url: string },
    method: Method,
    path: string,
    options: InternalCallOptions = {},
  ): Promise<T> {
    const { text } = await this.exchange(target, method, path, options);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The answer's bytes (a stored picture), or null when the service answers 404. */
  async bytes(target: { name: string; url: string }, path: string, options: InternalCallOptions = {}) {
    try {
      return (await this.exchange(target, 'GET', path, options)).body;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** The services the call to `target` passes through; refused when `target` is one of them already. */
  private chainTo(target: string): string[] {
    const chain = [...currentCallChain(), this.processName];
    if (chain.includes(target)) throw new CallCircleError([...chain, target]);
    return chain;
  }

  private async exchange(
    target: { name: string; url: string },
    method: Method,
    path: string,
    options: InternalCallOptions,
  ): Promise<ServiceAnswer> {
    const headers: Record<string, string> = {
      [SERVICE_HEADER]: signServiceToken(this.callerName, this.secret),
      accept: 'application/json',
    };
    const requestId = currentRequestId();
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    headers[CALL_CHAIN_HEADER] = this.chainTo(target.name).join(',');
    // A form sets its own content type, with its boundary.
    if (options.body !== undefined && !options.form) headers['content-type'] = 'application/json';
    const body = options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body));

    let response: ServiceAnswer;
    try {
      response = await fetchWhileAlive(
        target.url,
        new URL(path, target.url),
        { method, headers, body },
        options.timeoutMs ?? INTERNAL_CALL_TIMEOUT_MS,
      );
    } catch {
      throw new HttpError(503, unavailableMessage(target.name), 'service_unavailable');
    }

    if (!response.ok) {
      const { message, code } = readError(response.text);
      // 5xx from a dependency (or a proxy in front of it) is reported as that service being unavailable.
      if (response.status >= 500)
        throw new HttpError(503, message ?? unavailableMessage(target.name), 'service_unavailable');
      throw new HttpError(response.status, message ?? `The ${target.name} service refused the request.`, code);
    }
    return response;
  }
}

/**
 * A request's calls go one way (docs/architecture.md "Who calls whom"): a call back to a service the request has
 * already passed through is refused before it is made, as a fault of the code, so that a circle brought in by a
 * change fails its tests instead of waiting on itself under load.
 */
export class CallCircleError extends HttpError {
  constructor(chain: readonly string[]) {
    super(500, `An internal call would go round in a circle: ${chain.join(' → ')}.`);
  }
}

/** The sentence and code of an error answer, where it has them. */
function readError(text: string): { message?: string; code?: ErrorCode } {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    return {
      message: typeof body.message === 'string' ? body.message : undefined,
      code: typeof body.code === 'string' ? (body.code as ErrorCode) : undefined,
    };
  } catch {
    return {};
  }
}
