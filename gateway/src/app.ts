import path from 'node:path';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { Redis } from 'ioredis';
import { InternalClient, REQUEST_ID_HEADER, requestIdFrom, type ServiceName } from '@family/shared';
import { allServiceClients } from '@family/shared/clients';
import { accountRoutes } from './account-routes';
import { adminRole } from './admin-role';
import { compressedJson, compressWholeJson } from './compress';
import { trustProxySetting, type GatewayConfig } from './config';
import { healthRoute } from './health';
import { enterRequest, log, messageOf } from './log';
import { LoginLimiter } from './login-limiter';
import { apiProxy } from './proxy';
import { sameOriginOnly } from './same-origin';
import { securityHeaders } from './security-headers';
import { serviceTargets } from './services';
import { sessionMiddleware, sessionStore } from './session';
import { secondFactorGate, twoStepRoutes } from './two-step-routes';
import { UserSessions } from './user-sessions';
import { webApp } from './web-app';

export interface Gateway {
  app: express.Express;
  close(): Promise<void>;
}

const DEFAULT_WEB_DIST = path.resolve(__dirname, '../../web/dist');

/** Every request gets an id (the client's when well-formed), answered in a header and passed to the services. */
const requestIds: RequestHandler = (req, res, next) => {
  const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  res.setHeader(REQUEST_ID_HEADER, requestId);
  enterRequest(req, { requestId }, next);
};

/**
 * Paths that try to climb out of their prefix (`..`, encoded or not) never reach a service, and neither does a
 * target that is not a path (the absolute form `GET http://host/api/users`, or `*`), which no browser sends here.
 */
const plainPaths: RequestHandler = (req, res, next) => {
  const raw = (req.url ?? '').split('?')[0];
  if (!raw.startsWith('/') || /(^|\/)(\.|%2e){2}(\/|$)/i.test(raw) || /%2f|%5c|\\/i.test(raw)) {
    res.status(400).json({ message: 'That address is not valid.' });
    return;
  }
  next();
};

export function createGateway(config: GatewayConfig): Gateway {
  // Fail fast: with Redis down a command fails at once instead of waiting in a queue, and with Redis paused it
  // gives up after a second; ioredis keeps reconnecting by itself, so sessions work again when Redis is back.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        commandTimeout: 1000,
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
      })
    : null;
  redis?.on('error', (error: Error) => log.error(`redis: ${error.message}`));

  const targets = serviceTargets(config);
  const client = new InternalClient('gateway', config.INTERNAL_SECRET);
  const limiter = new LoginLimiter(redis);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(config.TRUST_PROXY));

  app.use(securityHeaders());

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/ready', (_req, res) => {
    const ping = redis ? redis.ping() : Promise.resolve('PONG');
    ping.then(
      () => res.json({ status: 'ready' }),
      () => res.status(503).json({ message: 'Not ready yet: Redis is unreachable.' }),
    );
  });

  app.use(requestIds, plainPaths);
  // Public and before the session: it must answer whatever is down, and it names states only.
  const clients = allServiceClients(
    client,
    Object.fromEntries(Object.entries(targets).map(([name, target]) => [name, target.url])) as Record<
      ServiceName,
      string
    >,
  );
  app.get('/api/health', healthRoute(clients, redis));
  app.use(['/internal', '/internal/*rest'], (_req, res) => {
    res.status(404).json({ message: 'There is nothing at this address.' });
  });
  app.use('/api', sameOriginOnly((config.APP_ORIGIN ?? '').split(',')));
  app.use('/api', compressedJson, compressWholeJson);
  const store = sessionStore(redis);
  const sessions = new UserSessions(store, redis);
  app.use('/api', sessionMiddleware(config, store));
  app.use('/api', secondFactorGate);

  const accountDeps = {
    auth: targets.auth,
    authClient: clients.auth,
    limiter,
    sessions,
    internalSecret: config.INTERNAL_SECRET,
    requireSecondFactor: config.REQUIRE_2FA,
  };
  app.use(accountRoutes(accountDeps));
  app.use(twoStepRoutes(accountDeps));
  app.use('/api/admin', adminRole(clients.auth));
  // Before any body parser: bodies stream through untouched (uploads are never buffered here).
  app.use(apiProxy(targets, config.INTERNAL_SECRET));
  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'There is no such API route.' });
  });
  app.use(webApp(config.WEB_DIST ?? DEFAULT_WEB_DIST));

  const errors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const type = (error as { type?: unknown }).type;
      const message =
        type === 'entity.parse.failed' ? 'The request body is not valid JSON.' : 'The request is not valid.';
      res.status(status).json({ message });
      return;
    }
    log.error(messageOf(error), error instanceof Error ? error.stack : undefined);
    if (res.headersSent) return res.destroy();
    res.status(500).json({ message: 'Something went wrong on our side. Try again shortly.' });
  };
  app.use(errors);

  return {
    app,
    close: async () => {
      // QUIT needs Redis to answer; if it cannot, just stop reconnecting.
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
