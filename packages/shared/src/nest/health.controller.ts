import { Controller, Get, Inject, Optional, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from './decorators';

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
/** Something besides the database a service needs before it can answer (object storage, say). */
export type ReadinessCheck = () => Promise<void>;

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
}
