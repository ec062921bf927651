import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import type { QueueReport } from '@family/contract';
import type { JobQueue } from '@family/shared/jobs';
import { AdminOnly, queueReport, retryFailedJob } from '@family/shared/nest';
import { FAMILY_JOBS } from '../gedcom-archive/jobs';

/** The family queue (GEDCOM imports) on the operator's page: admins only (docs/api.md "Operator"). */
@AdminOnly()
@Controller('api/admin/queues/family')
export class AdminQueueController {
  constructor(@Inject(FAMILY_JOBS) private readonly queue: JobQueue) {}

  @Get()
  report(): Promise<QueueReport> {
    return queueReport(this.queue, 'family');
  }

  @Post('jobs/:id/retry')
  @HttpCode(204)
  retry(@Param('id') id: string): Promise<void> {
    return retryFailedJob(this.queue, id);
  }
}
