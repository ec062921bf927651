import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Request } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  IDENTITY_HEADER,
  REQUEST_ID_HEADER,
  SERVICE_HEADER,
  signIdentityToken,
  unavailableMessage,
} from '@family/shared';
import { serviceForPath, type ServiceTarget } from './services';
import type { ServiceName } from '@family/shared';

// Enough for a slow phone to send a 50 MB video; a service that stops answering gives up after this.
const IDLE_TIMEOUT_MS = 120_000;

function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?')[0];
}

/**
 * Streams API requests to the service that owns them, untouched but for identity: the client's
 * cookie and any identity header it sent are dropped, and a short-lived signed token naming the
 * signed-in person is added.
 */
export function apiProxy(targets: Record<ServiceName, ServiceTarget>, internalSecret: string) {
  return createProxyMiddleware<Request, ServerResponse>({
    pathFilter: (path) => serviceForPath(path) !== null,
    router: (req) => targets[serviceForPath(pathOf(req))!].url,
    target: targets.profile.url,
    changeOrigin: false,
    xfwd: true,
    // Connections to the services are kept open and reused (Node closes an idle one before the service's
    // keep-alive timeout): a new TCP connection per request was a large part of the hop's cost.
    agent: new Agent({ keepAlive: true }),
    proxyTimeout: IDLE_TIMEOUT_MS,
    timeout: IDLE_TIMEOUT_MS,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.removeHeader(IDENTITY_HEADER);
        proxyReq.removeHeader(SERVICE_HEADER);
        proxyReq.removeHeader('cookie');
        const user = req.session?.user;
        if (user) proxyReq.setHeader(IDENTITY_HEADER, signIdentityToken(user, internalSecret));
        const id = req.res?.getHeader(REQUEST_ID_HEADER);
        if (id) proxyReq.setHeader(REQUEST_ID_HEADER, String(id));
      },
      proxyRes: (proxyRes, _req, res) => {
        // A PDF is shown by the browser's own viewer, which a page's policy can stop; like media, which sends
        // PDFs without its sandbox policy, the gateway leaves them to nosniff alone.
        if (String(proxyRes.headers['content-type'] ?? '').startsWith('application/pdf')) {
          res.removeHeader('Content-Security-Policy');
        }
      },
      error: (_error, req, res) => {
        const name = serviceForPath(pathOf(req)) ?? 'requested';
        if (!('writeHead' in res)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: unavailableMessage(name) }));
      },
    },
  });
}
