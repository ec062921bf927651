import fs from 'node:fs';
import path from 'node:path';
// The global setup (plain Node) and the tests share one description of the fault stack.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import stack = require('./fault-stack.cjs');

export type ProcessName = 'auth' | 'profile' | 'media' | 'albums' | 'family' | 'gateway';

export const faults = stack;

/** The state the global setup wrote (read again each time: restarting Redis changes its pid). */
export function state(): Parameters<typeof stack.startPostgres>[0] {
  return JSON.parse(fs.readFileSync(stack.config.stateFile, 'utf8'));
}

export const baseUrl = `http://127.0.0.1:${stack.config.gatewayPort}`;

/** The pids `npm start` keeps current in run.json, restarted processes included. */
export function pids(): Record<ProcessName, number> {
  return JSON.parse(fs.readFileSync(path.join(state().dataDir, 'run.json'), 'utf8')).pids;
}

export interface Answer {
  status: number;
  body: any;
  ms: number;
}

/** One request through the gateway, timed; a request that gets no answer at all counts as status 0. */
export async function call(method: string, pathname: string, options: { cookie?: string; body?: unknown } = {}) {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    return { status: response.status, body, ms: Date.now() - started, cookie } as Answer & { cookie?: string };
  } catch {
    return { status: 0, body: undefined, ms: Date.now() - started } as Answer & { cookie?: string };
  }
}

/** Signs up a new person and answers their session cookie. */
export async function signUp(prefix: string): Promise<{ cookie: string; id: number; username: string }> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 40);
  const answer = await call('POST', '/api/register', { body: { username, password: 'secret-pw' } });
  if (answer.status !== 201 || !answer.cookie) throw new Error(`sign-up failed: ${answer.status}`);
  return { cookie: answer.cookie, id: answer.body.user.id, username };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
