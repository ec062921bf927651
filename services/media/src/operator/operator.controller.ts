import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import type {
  BackupsReport,
  IntegrityFindingPage,
  IntegrityReport,
  QueueReport,
  StorageReport,
} from '@family/contract';
import { DirectoryClient, personName, type Identity } from '@family/shared';
import { AdminOnly, CurrentUser, ParseIdPipe, queueReport, retryFailedJob } from '@family/shared/nest';
import type { MediaConfig } from '../config';
import { MediaJobs } from '../services/media-jobs';
import { MEDIA_CONFIG } from '../services/tokens';
import { BackupRepository } from './backup.repository';
import { FindingPageQuery, StartIntegrityCheckDto } from './integrity.dto';
import { IntegrityService } from './integrity.service';
import { StorageUseRepository } from './storage-use.repository';

/** The operator's page's parts that media answers: its queue, the storage and integrity (docs/api.md "Operator"). */
@AdminOnly()
@Controller('api/admin')
export class OperatorController {
  constructor(
    private readonly jobs: MediaJobs,
    private readonly storageUse: StorageUseRepository,
    private readonly directory: DirectoryClient,
    private readonly integrity: IntegrityService,
    private readonly backups: BackupRepository,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
  ) {}

  /** The backup schedule and the newest runs with their verification. */
  @Get('backups')
  async backupRuns(): Promise<BackupsReport> {
    const { BACKUP_CRON: cron, BACKUP_DIR: folder, BACKUP_KEEP: keep } = this.config;
    const rows = await this.backups.newest(10);
    return {
      schedule: cron && folder ? { cron, folder, keep } : null,
      runs: rows.map((row) => ({
        scheduledFor: row.scheduled_for.toISOString(),
        status: row.status,
        finishedAt: row.finished_at?.toISOString() ?? null,
        folder: row.folder,
        verified: row.verified,
        message: row.message,
      })),
    };
  }

  /** The newest integrity report (null before the first check). */
  @Get('integrity')
  integrityReport(): Promise<IntegrityReport | null> {
    return this.integrity.newest();
  }

  @Get('integrity/:id/findings')
  integrityFindings(
    @Param('id', ParseIdPipe) id: number,
    @Query() query: FindingPageQuery,
  ): Promise<IntegrityFindingPage> {
    return this.integrity.findings(id, query.after ?? 0);
  }

  /** Runs a check now (the button); 202 with the report's id, 409 while one waits or runs. */
  @Post('integrity')
  @HttpCode(202)
  checkIntegrity(@CurrentUser() user: Identity, @Body() dto: StartIntegrityCheckDto): Promise<{ id: number }> {
    return this.integrity.start(dto.deep === true, user.id);
  }

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
