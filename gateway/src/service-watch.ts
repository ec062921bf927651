import type { ClientRequest } from 'node:http';
import type { ServiceTarget } from './services';

/** How often a request still waiting for its answer asks whether the service is alive. */
export const CHECK_EVERY_MS = 1500;
/** A live service answers its /health at once, even while busy: it is asked with this patience. */
const HEALTH_TIMEOUT_MS = 1000;

/** The error a proxied request is ended with when its service has stopped answering. */
export class ServiceStalledError extends Error {
  readonly code = 'SERVICE_STALLED';

  constructor(readonly service: string) {
    super(`The ${service} service stopped answering.`);
  }
}

// Requests waiting on the same service share one question to it.
const recentChecks = new Map<string, { at: number; alive: Promise<boolean> }>();

function isAlive(target: ServiceTarget): Promise<boolean> {
  const recent = recentChecks.get(target.url);
  if (recent && Date.now() - recent.at < HEALTH_TIMEOUT_MS) return recent.alive;
  const alive = fetch(new URL('/health', target.url), { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) }).then(
    (answer) => answer.ok,
    () => false,
  );
  recentChecks.set(target.url, { at: Date.now(), alive });
  return alive;
}

/**
 * Ends a proxied request with ServiceStalledError when its service stops answering (paused with SIGSTOP, say),
 * so the person gets a 503 within about 3 s instead of waiting for the idle timeout. No limit is put on how long
 * an answer may take or a transfer may last: while the service owes the next step (the request is all sent, or
 * it takes no more bytes) and the answer has not started, the service is asked every CHECK_EVERY_MS whether it
 * is alive, and only a service that does not answer that is given up on.
 */
export function watchForAnswer(proxyReq: ClientRequest, target: ServiceTarget): void {
  let checking = false;
  let settled = false;
  const timer = setInterval(() => {
    const waitingOnService = proxyReq.writableFinished || proxyReq.writableNeedDrain;
    if (checking || !waitingOnService) return;
    checking = true;
    void isAlive(target).then((alive) => {
      checking = false;
      if (alive || settled) return;
      stop();
      proxyReq.destroy(new ServiceStalledError(target.name));
    });
  }, CHECK_EVERY_MS);
  const stop = () => {
    settled = true;
    clearInterval(timer);
  };
  proxyReq.once('response', stop);
  proxyReq.once('close', stop);
}
