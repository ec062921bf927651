import type { AccountResponse, RegisterRequest, UserProfile } from '@family/contract';
import { baseUrl } from './stack';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A person using the API through the gateway, keeping their session cookie like a browser would. */
export class ApiClient {
  cookie = '';

  constructor(readonly base = baseUrl) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(`${this.base}${path}`, init);
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0];
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

let counter = 0;
/** A fresh, unique username for a test run. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 40);
}

/** Registers a fresh username through the gateway; the client keeps the new session. */
async function register(prefix: string, password: string, displayName: string, base = baseUrl) {
  const client = new ApiClient(base);
  const username = uniqueName(prefix);
  const response = await client.post<AccountResponse>('/api/register', {
    username,
    password,
    displayName,
  } satisfies RegisterRequest);
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { client, user: response.body.user, username };
}

/** Signs up a new person and returns their signed-in client and user. */
export async function signUp(
  prefix = 'user',
  password = 'secret-pw',
): Promise<{ client: ApiClient; user: UserProfile; username: string; password: string }> {
  const { client, user, username } = await register(prefix, password, `${prefix} Person`);
  return { client, user, username, password };
}

/** Someone signed up by `signUp`. */
export type SignedUp = Awaited<ReturnType<typeof signUp>>;

/** A signed-up person with a chosen display name, who can also sign in through a browser. */
export interface Person {
  id: number;
  username: string;
  displayName: string;
  password: string;
  client: ApiClient;
}

/**
 * Signs up a new person called `displayName` (password `secret-pw`), signed in on their client; in the shared
 * test archive, or the one at `base`.
 */
export async function registerPerson(prefix: string, displayName: string, base = baseUrl): Promise<Person> {
  const password = 'secret-pw';
  const { client, user, username } = await register(prefix, password, displayName, base);
  return { id: user.id, username, displayName, password, client };
}
