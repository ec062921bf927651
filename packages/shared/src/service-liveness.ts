/**
 * Telling a service that stopped answering (paused with SIGSTOP, stuck) from one that is only slow, so callers
 * can answer 503 within 3 s for the first without cutting the second short (docs/architecture.md "Internal
 * calls"): a live service answers its public `/health` at once, even while busy with the request.
 */

/**
 * How often a call still waiting for its answer asks whether the service is alive. Asking early and giving the
 * answer long keeps the 503 within about 2.5 s while a live service under heavy load (the bad-input suite on two
 * cores) still has 2 s to answer its /health.
 */
export const LIVENESS_CHECK_EVERY_MS = 500;
/** How long a live service may take to answer its /health. */
const HEALTH_TIMEOUT_MS = 2000;

// Calls waiting on the same service share one question to it.
const recentChecks = new Map<string, { at: number; alive: Promise<boolean> }>();

/** Whether the service at `baseUrl` answers its /health within 2 s. */
export function isServiceAlive(baseUrl: string): Promise<boolean> {
  const recent = recentChecks.get(baseUrl);
  if (recent && Date.now() - recent.at < HEALTH_TIMEOUT_MS) return recent.alive;
  const alive = fetch(new URL('/health', baseUrl), { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) }).then(
    async (answer) => {
      await answer.arrayBuffer().catch(() => undefined);
      return answer.ok;
    },
    () => false,
  );
  recentChecks.set(baseUrl, { at: Date.now(), alive });
  return alive;
}

/** A whole answer of a service: its bytes, and the same as text. */
export interface ServiceAnswer {
  status: number;
  ok: boolean;
  body: Buffer;
  text: string;
}

/**
 * fetch to a service, body read whole. Rejects when the service stops answering (it is asked every
 * LIVENESS_CHECK_EVERY_MS while the answer has not come) or after `limitMs` in all, whichever is first.
 */
export async function fetchWhileAlive(baseUrl: string, input: URL, init: RequestInit, limitMs: number) {
  const controller = new AbortController();
  const limit = setTimeout(() => controller.abort(new Error('The service took too long.')), limitMs);
  const watch = setInterval(() => {
    void isServiceAlive(baseUrl).then((alive) => {
      if (!alive) controller.abort(new Error('The service stopped answering.'));
    });
  }, LIVENESS_CHECK_EVERY_MS);
  try {
    const response = await fetch(input, { ...init, signal: controller.signal });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, ok: response.ok, body, text: body.toString('utf8') } satisfies ServiceAnswer;
  } finally {
    clearTimeout(limit);
    clearInterval(watch);
  }
}
