import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { SERVICE_NAMES, type ServiceName } from '@family/shared';
import type { ServiceClient } from '@family/shared/clients';

type Health = 'ok' | 'unavailable';

/** The archive's health as operators and monitors read it: names and states only, never addresses or errors. */
export interface HealthReport {
  status: 'ok' | 'degraded';
  gateway: 'ok';
  /** 'memory' when sessions are kept in the gateway's memory (no REDIS_URL). */
  redis: Health | 'memory';
  services: Record<ServiceName, Health>;
  /** As the services see it; 'unknown' when no service could be asked. */
  postgres: Health | 'unknown';
  /** The object storage of media and profile pictures. */
  storage: Health | 'unknown';
}

// Each service answers within 2 s even with a store paused (its own checks give up then).
const SERVICE_TIMEOUT_MS = 2500;

/** Worst first: one service seeing a store down makes it down. */
function combine(states: Array<Health | undefined>): Health | 'unknown' {
  const known = states.filter((state): state is Health => state !== undefined);
  if (known.length === 0) return 'unknown';
  return known.includes('unavailable') ? 'unavailable' : 'ok';
}

/** GET /api/health: every service, Postgres, Redis and storage, answered 200 when all is well and 503 when not. */
export function healthRoute(clients: Record<ServiceName, ServiceClient>, redis: Redis | null) {
  return async (_req: Request, res: Response): Promise<void> => {
    const [redisHealth, ...answers] = await Promise.all([
      redis
        ? redis.ping().then(
            () => 'ok' as const,
            () => 'unavailable' as const,
          )
        : Promise.resolve('memory' as const),
      ...SERVICE_NAMES.map((name) => clients[name].health(SERVICE_TIMEOUT_MS).catch(() => null)),
    ]);
    const services = Object.fromEntries(
      SERVICE_NAMES.map((name, index) => [name, answers[index] ? 'ok' : 'unavailable']),
    ) as Record<ServiceName, Health>;
    const report: Omit<HealthReport, 'status'> = {
      gateway: 'ok',
      redis: redisHealth,
      services,
      postgres: combine(answers.map((answer) => answer?.database)),
      storage: combine(answers.map((answer) => answer?.storage)),
    };
    const healthy =
      report.redis !== 'unavailable' &&
      Object.values(services).every((state) => state === 'ok') &&
      report.postgres === 'ok' &&
      report.storage === 'ok';
    res.setHeader('Cache-Control', 'no-store');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'degraded', ...report } satisfies HealthReport);
  };
}
