/**
 * The one way the web app talks to /api: same origin, session cookie included, JSON in and out.
 * Errors follow docs/api.md "Errors"; `errorMessage` turns any of them into a sentence for a toast.
 */

export class ApiError extends Error {
  readonly status: number;
  /** The raw response body; the server sends JSON `{ message }`. */
  readonly body: string;

  constructor(message: string, status: number, body: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function send(method: Method, path: string, body?: unknown): Promise<Response> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return fetch(path, init);
}

function parseBody<T>(text: string): T {
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Query: GET and read JSON. A failure raises 'status: statusText' (≥ 500) or 'status: body text'. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await send('GET', path);
  const text = await response.text();
  if (!response.ok) {
    const detail = response.status >= 500 ? response.statusText : text;
    throw new ApiError(`${response.status}: ${detail}`, response.status, text);
  }
  return parseBody<T>(text);
}

/** Mutation: send JSON (or FormData) and read JSON back. A failure raises the body text. */
export async function sendJson<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body);
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(text || `${response.status}: ${response.statusText}`, response.status, text);
  }
  return parseBody<T>(text);
}

/** SWR's fetcher: the key is the path. */
export const fetcher = <T>(path: string): Promise<T> => getJson<T>(path);

const NETWORK_TROUBLE = 'Could not reach the archive. Check your connection and try again.';
const UNKNOWN_TROUBLE = 'Something went wrong. Please try again.';

function messageFromBody(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
      if (Array.isArray(message)) {
        const sentences = message.filter((m): m is string => typeof m === 'string' && !!m.trim());
        if (sentences.length) return sentences.join(' ');
      }
    }
  } catch {
    // Not JSON: fall through.
  }
  return undefined;
}

/** The short stable word of an error answer (`invalid_second_factor_code`, ...), for code to compare. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    const code = parsed && typeof parsed === 'object' && 'code' in parsed ? parsed.code : undefined;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A sentence a person can act on: the server's `message` when the body carries one, otherwise
 * `fallback` (or a generic sentence). Never raw JSON, never an HTML error page.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    const fromBody = messageFromBody(error.body);
    if (fromBody) return fromBody;
    const plain = error.body.trim();
    if (plain && plain.length <= 200 && !plain.startsWith('<') && !plain.startsWith('{')) {
      return plain;
    }
    if (error.status === 503 || error.status === 502 || error.status === 504) {
      return fallback ?? 'The archive is not available right now. Please try again in a minute.';
    }
    return fallback ?? UNKNOWN_TROUBLE;
  }
  // fetch rejects with a TypeError when the network or the server cannot be reached.
  if (error instanceof TypeError) return fallback ?? NETWORK_TROUBLE;
  if (error instanceof Error && error.message) return fallback ?? error.message;
  return fallback ?? UNKNOWN_TROUBLE;
}
