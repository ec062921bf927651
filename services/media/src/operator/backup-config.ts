import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { parseExpression } from 'cron-parser';
import { emptyToUndefined } from '@family/shared';

const KEEP_MESSAGE = 'BACKUP_KEEP must be a whole number of backups from 1 to 1000';

// A mixin's base must be typed with a single `any[]` rest parameter (TS2545).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConfigConstructor = new (...args: any[]) => object;

/** Whether `value` is a cron expression of five fields (or six, seconds first), as cron-parser reads it. */
export function isCronExpression(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const fields = value.trim().split(/\s+/).length;
  if (fields < 5 || fields > 6) return false;
  try {
    parseExpression(value, { utc: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Scheduled backups (docs/architecture.md "Scheduled backups"): the media worker runs scripts/backup on
 * BACKUP_CRON (UTC) into BACKUP_DIR, verifies each and keeps the newest BACKUP_KEEP; the media service reads the
 * same variables to show the schedule on the operator's page. A BACKUP_CRON that is no cron expression stops the
 * start with this sentence.
 */
export function WithBackupConfig<TBase extends ConfigConstructor>(Base: TBase) {
  class BackupConfig extends Base {
    @IsOptional()
    @Transform(emptyToUndefined)
    @ValidateBy(
      { name: 'isCron', validator: { validate: isCronExpression } },
      { message: 'BACKUP_CRON must be a cron expression such as "0 3 * * *" (every day at 03:00 UTC)' },
    )
    BACKUP_CRON?: string;

    @Transform(emptyToUndefined)
    @ValidateIf((config: BackupConfig) => config.BACKUP_CRON !== undefined)
    @IsString({ message: 'BACKUP_DIR must name the folder scheduled backups go to (BACKUP_CRON is set)' })
    BACKUP_DIR?: string;

    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: KEEP_MESSAGE })
    @Min(1, { message: KEEP_MESSAGE })
    @Max(1000, { message: KEEP_MESSAGE })
    BACKUP_KEEP: number = 7;
  }
  return BackupConfig;
}
