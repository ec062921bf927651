import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  IDENTITY_HEADER,
  CALL_CHAIN_HEADER,
  REQUEST_ID_HEADER,
  SERVICE_HEADER,
  signIdentityToken,
  unavailableMessage,
} from '@family/shared';
import { isCheckedAdmin } from './admin-role';
import { inRequest, log, messageOf } from './log';
import { watchForAnswer } from './service-watch';
import { serviceFor, type ServiceTarget } from './services';
import type { ServiceName } from '@family/shared';

// A connection on which nothing moves for this long is given up (a slow phone's upload keeps moving).
const IDLE_TIMEOUT_MS = 120_000;

/**
 * Kept-alive connections to the services. Without an agent the proxy asks for `Connection: close`, and a service
 * that refuses an upload early (413, 415) then closes the connection as soon as it has answered, while the rest
 * of the upload is still on its way: the gateway's next write fails (EPIPE), usually before it has read the
 * answer, and the person got 503 instead of the refusal. Kept alive, the service reads and drops the rest of
 * the body (drainRequest in the shared upload toolkit) and the answer comes through.
 */
const agent = new Agent({ keepAlive: true });

/**
 * Headers about the browser's own connection to the gateway, which must not reach a service: `Connection: close`
 * would make the service close the kept-alive connection right after an early refusal (413, 415) while the
 * gateway is still sending the upload, and the person would get 503; `Expect: 100-continue` (curl sends it with
 * bodies over 1 MB) is already answered by the gateway's own server, and would make the request's headers go out
 * before the identity token is put in.
 */
const CLIENT_CONNECTION_HEADERS = ['connection', 'keep-alive', 'expect'];

function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?')[0];
}

function serviceOf(req: IncomingMessage): ServiceName | null {
  return serviceFor(req.method, pathOf(req));
}

/**
 * Streams API requests to the service that owns them, untouched but for identity: the client's
 * cookie and any identity header it sent are dropped, and a short-lived signed token naming the
 * signed-in person is added.
 */
export function apiProxy(targets: Record<ServiceName, ServiceTarget>, internalSecret: string) {
  const ownConnection: RequestHandler = (req, _res, next) => {
    for (const name of CLIENT_CONNECTION_HEADERS) delete req.headers[name];
    next();
  };
  const proxy = createProxyMiddleware<Request, ServerResponse>({
    pathFilter: (path, req) => serviceFor(req.method, path) !== null,
    router: (req) => targets[serviceOf(req)!].url,
    target: targets.profile.url,
    changeOrigin: false,
    xfwd: true,
    agent,
    proxyTimeout: IDLE_TIMEOUT_MS,
    timeout: IDLE_TIMEOUT_MS,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.removeHeader(IDENTITY_HEADER);
        proxyReq.removeHeader(SERVICE_HEADER);
        proxyReq.removeHeader('cookie');
        // The person's request starts its way through the services here, whatever the browser sent.
        proxyReq.setHeader(CALL_CHAIN_HEADER, 'gateway');
        const user = req.session?.user;
        if (user) {
          const identity = isCheckedAdmin(req) ? { ...user, admin: true as const } : user;
          proxyReq.setHeader(IDENTITY_HEADER, signIdentityToken(identity, internalSecret));
        }
        const id = req.res?.getHeader(REQUEST_ID_HEADER);
        if (id) proxyReq.setHeader(REQUEST_ID_HEADER, String(id));
        watchForAnswer(proxyReq, targets[serviceOf(req)!], req.socket);
      },
      proxyRes: (proxyRes, _req, res) => {
        // A PDF is shown by the browser's own viewer, which a page's policy can stop; like media, which sends
        // PDFs without its sandbox policy, the gateway leaves them to nosniff alone.
        if (String(proxyRes.headers['content-type'] ?? '').startsWith('application/pdf')) {
          res.removeHeader('Content-Security-Policy');
        }
      },
      error: (error, req, res) => {
        const name = serviceOf(req) ?? 'requested';
        inRequest(req, () => log.warn(`${name} service: ${messageOf(error)}`));
        if (!('writeHead' in res)) {
          res.destroy();
          return;
        }
        // The service's whole answer is already on its way: a late failure of the connection changes nothing.
        if (res.writableEnded) return;
        // Cut off in the middle of an answer: the person's browser must see that it is incomplete.
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: unavailableMessage(name) }));
        // The client may still be sending (an upload): the rest is read and dropped so that it reads the answer.
        req.unpipe();
        req.resume();
      },
    },
  });
  return [ownConnection, proxy];
}
