import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { QueueReport, StorageReport } from '@family/contract';
import { DirectoryClient, personName } from '@family/shared';
import { AdminOnly, queueReport, retryFailedJob } from '@family/shared/nest';
import { MediaJobs } from '../services/media-jobs';
import { StorageUseRepository } from './storage-use.repository';

/** The operator's page's parts that media answers: its queue and the storage (docs/api.md "Operator"). */
@AdminOnly()
@Controller('api/admin')
export class OperatorController {
  constructor(
    private readonly jobs: MediaJobs,
    private readonly storageUse: StorageUseRepository,
    private readonly directory: DirectoryClient,
  ) {}

  @Get('queues/media')
  queue(): Promise<QueueReport> {
    return queueReport(this.jobs.openQueue(), 'media');
  }

  @Post('queues/media/jobs/:id/retry')
  @HttpCode(204)
  retry(@Param('id') id: string): Promise<void> {
    return retryFailedJob(this.jobs.openQueue(), id);
  }

  /** Originals per member and kind, named through the directory in one call. */
  @Get('storage')
  async storage(): Promise<StorageReport> {
    const rows = await this.storageUse.perMemberAndKind();
    const people = await this.directory.lookup(new Set(rows.map((row) => row.userId)));
    return {
      uses: rows.map((row) => ({
        person: personName(row.userId, people),
        type: row.type,
        items: row.items,
        bytes: row.bytes,
      })),
      totalItems: rows.reduce((sum, row) => sum + row.items, 0),
      totalBytes: rows.reduce((sum, row) => sum + row.bytes, 0),
    };
  }
}
