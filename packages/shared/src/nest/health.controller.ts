import { Controller, Get, Inject, Optional, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MigrationState } from '../clients/service-client';
import { Internal, Public } from './decorators';

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
/** The object storage a service needs before it can answer; /internal/health reports these as `storage`. */
export type ReadinessCheck = () => Promise<void>;

/** How one data store of a service is doing, as the archive's health report words it. */
export type StoreHealth = 'ok' | 'unavailable';

/** What a service says about its data stores; `storage` only for services that keep files. */
export interface ServiceHealth {
  database: StoreHealth;
  storage?: StoreHealth;
}

// A store that does not answer within this is unavailable: health answers quickly even with a store paused.
const CHECK_TIMEOUT_MS = 2000;

function withinTime(check: () => Promise<unknown>): Promise<StoreHealth> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), late])
    .then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    )
    .finally(() => clearTimeout(timer));
}

/** The service's migrations: those its code knows, how many its database has run, and those it has not. */
export async function migrationState(dataSource: DataSource): Promise<MigrationState> {
  const rows: Array<{ name: string }> = await dataSource.query('SELECT name FROM migrations ORDER BY id');
  const applied = new Set(rows.map((row) => row.name));
  const known = dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name);
  return {
    known: known.length,
    applied: rows.length,
    last: rows.at(-1)?.name ?? null,
    pending: known.filter((name) => !applied.has(name)),
  };
}

@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[] = [],
  ) {}

  /** The process is up. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** The process can do its work: database reachable (and whatever else the service registered). */
  @Get('ready')
  async ready() {
    try {
      await this.dataSource.query('SELECT 1');
      for (const check of this.checks ?? []) await check();
    } catch {
      throw new ServiceUnavailableException('Not ready yet: a data store is unreachable.');
    }
    return { status: 'ready' };
  }

  /** The database's migration state of this service, for the operator's page (docs/architecture.md "Operator"). */
  @Internal()
  @Get('internal/migrations')
  migrations(): Promise<MigrationState> {
    return migrationState(this.dataSource);
  }

  /** Each data store by name, for the gateway's GET /api/health. */
  @Internal()
  @Get('internal/health')
  async details(): Promise<ServiceHealth> {
    const checks = this.checks ?? [];
    const [database, storage] = await Promise.all([
      withinTime(() => this.dataSource.query('SELECT 1')),
      checks.length > 0 ? withinTime(async () => Promise.all(checks.map((check) => check()))) : undefined,
    ]);
    return storage ? { database, storage } : { database };
  }
}
