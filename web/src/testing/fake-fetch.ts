/**
 * jsdom has no fetch or Response. A test that needs the network stubs global fetch with these
 * tiny stand-ins (only what lib/api.ts reads: ok, status, statusText, text()).
 */
export function fakeResponse(status: number, body?: unknown, statusText = ''): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

export type FetchCall = { url: string; method: string; body: unknown };

type Handler = (call: FetchCall) => Response | Promise<Response>;

const originalFetch = globalThis.fetch;

/** Replaces global fetch for the current test; `restoreFetch` in afterEach puts it back. */
export function stubFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = init?.body;
    const call: FetchCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    return handler(call);
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return { mock, calls };
}

export function restoreFetch() {
  globalThis.fetch = originalFetch;
}

/** A promise one can settle from the test, for "while busy" states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
