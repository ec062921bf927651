import type { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import { isServiceAlive, LIVENESS_CHECK_EVERY_MS } from '@family/shared';
import type { ServiceTarget } from './services';

/** The error a proxied request is ended with when its service has stopped answering. */
export class ServiceStalledError extends Error {
  readonly code = 'SERVICE_STALLED';

  constructor(readonly service: string) {
    super(`The ${service} service stopped answering.`);
  }
}

/** Starts a socket's idle timer again, as traffic on it would: a live service's silence is not idleness. */
function rearmIdleTimer(socket: Socket | null | undefined): void {
  if (socket && !socket.destroyed && socket.timeout) socket.setTimeout(socket.timeout);
}

/**
 * Ends a proxied request with ServiceStalledError when its service stops answering (paused with SIGSTOP, say),
 * so the person gets a 503 within about 3 s instead of waiting for the idle timeout. No limit is put on how long
 * an answer may take or a transfer may last: while the service owes the next step (the request is all sent, or
 * it takes no more bytes) and the answer has not started, the service is asked every 0.5 s whether it is alive (2 s to answer)
 * (isServiceAlive), and only a service that does not answer that is given up on. While it is alive, the idle
 * timers of both connections (to the service, and the client's `clientSocket`) start again, so an answer that
 * takes long to start (a resumable upload's last PATCH making a 10 GB file an item) is not cut as idle.
 */
export function watchForAnswer(proxyReq: ClientRequest, target: ServiceTarget, clientSocket?: Socket): void {
  let checking = false;
  let settled = false;
  const timer = setInterval(() => {
    const waitingOnService = proxyReq.writableFinished || proxyReq.writableNeedDrain;
    if (checking || !waitingOnService) return;
    checking = true;
    void isServiceAlive(target.url).then((alive) => {
      checking = false;
      if (settled) return;
      if (alive) {
        rearmIdleTimer(proxyReq.socket);
        rearmIdleTimer(clientSocket);
        return;
      }
      stop();
      proxyReq.destroy(new ServiceStalledError(target.name));
    });
  }, LIVENESS_CHECK_EVERY_MS);
  const stop = () => {
    settled = true;
    clearInterval(timer);
  };
  proxyReq.once('response', stop);
  proxyReq.once('close', stop);
}
