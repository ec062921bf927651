import { HttpError } from './http-error';
import { REQUEST_ID_HEADER, SERVICE_HEADER, signServiceToken } from './identity-token';
import { unavailableMessage } from './service-names';

export interface InternalCallOptions {
  body?: unknown;
  requestId?: string;
  /** Milliseconds before the call is given up as unavailable. */
  timeoutMs?: number;
}

/**
 * Calls another service's /internal routes with a service token. A service that cannot be reached
 * becomes a 503 with the sentence people see; an answered error keeps its status and message.
 */
export class InternalClient {
  constructor(
    private readonly callerName: string,
    private readonly secret: string,
  ) {}

  async call<T>(
    target: { name: string; url: string },
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: InternalCallOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = {
      [SERVICE_HEADER]: signServiceToken(this.callerName, this.secret),
      accept: 'application/json',
    };
    if (options.requestId) headers[REQUEST_ID_HEADER] = options.requestId;
    if (options.body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    try {
      response = await fetch(new URL(path, target.url), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        // Fail fast: a service that is paused or overwhelmed is a 503 within about 3 s, not a hanging request.
        signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
      });
    } catch {
      throw new HttpError(503, unavailableMessage(target.name));
    }

    const text = await response.text();
    if (!response.ok) {
      // 5xx from a dependency (or a proxy in front of it) is reported as that service being unavailable.
      if (response.status >= 500) throw new HttpError(503, readMessage(text) ?? unavailableMessage(target.name));
      throw new HttpError(response.status, readMessage(text) ?? `The ${target.name} service refused the request.`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

function readMessage(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}
