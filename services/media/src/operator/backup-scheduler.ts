import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { parseExpression } from 'cron-parser';
import type { MediaWorkerConfig } from '../worker/worker-config';
import { WORKER_CONFIG } from '../worker/worker-tokens';
import { BackupRepository } from './backup.repository';

/** The repository's scripts: the same backup and verification an operator runs by hand (README "Backup"). */
const SCRIPTS = path.resolve(__dirname, '..', '..', '..', '..', 'scripts');
/** A backup's folder is named after its time; only such folders are ever pruned. */
const DATED = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/;
const LONGEST_TIMER_MS = 2_147_483_647;
/** What is kept of a script's output for its sentence. */
const OUTPUT_KEPT = 4000;

/**
 * Scheduled backups (docs/architecture.md "Scheduled backups"): at each time of BACKUP_CRON (UTC) one media worker
 * (the one whose row for that time went in first) runs scripts/backup --local into BACKUP_DIR, then
 * scripts/verify-backup on what it wrote, records both, and after a backup that verifies keeps the newest
 * BACKUP_KEEP. A folder that cannot be written is logged and recorded as a failed run; the archive keeps running.
 */
@Injectable()
export class BackupScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BackupScheduler.name);
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: MediaWorkerConfig,
    private readonly backups: BackupRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { BACKUP_CRON: cron, BACKUP_DIR: folder } = this.config;
    if (!cron || !folder) return;
    await this.backups.failLeftRunning();
    const problem = await this.folderProblem(folder);
    if (problem) {
      this.logger.error(problem);
      const id = await this.backups.take(new Date());
      if (id !== null) await this.backups.finish(id, 'failed', null, problem);
    }
    this.scheduleNext(cron);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private scheduleNext(cron: string): void {
    if (this.stopped) return;
    const next = parseExpression(cron, { utc: true, currentDate: new Date() }).next().toDate();
    const wait = next.getTime() - Date.now();
    this.timer = setTimeout(
      () => {
        if (Date.now() < next.getTime()) return this.scheduleNext(cron);
        void this.runAt(next)
          .catch((error: Error) => this.logger.error(`Backup: ${error.message}`))
          .finally(() => this.scheduleNext(cron));
      },
      Math.min(Math.max(wait, 0), LONGEST_TIMER_MS),
    );
    this.timer.unref();
  }

  /** Runs the backup of one scheduled time, unless another worker took it. */
  async runAt(scheduledFor: Date): Promise<void> {
    const id = await this.backups.take(scheduledFor);
    if (id === null) return;
    const folder = path.resolve(this.config.BACKUP_DIR!);
    const problem = await this.folderProblem(folder);
    if (problem) {
      this.logger.error(problem);
      await this.backups.finish(id, 'failed', null, problem);
      return;
    }
    const made = await runScript('backup', ['--local', '--to', folder]);
    const written = /Backup written to (.+) \(/.exec(made.output)?.[1];
    if (made.code !== 0 || !written) {
      const sentence = `The backup failed: ${lastLine(made.output)}`;
      this.logger.error(sentence);
      await this.backups.finish(id, 'failed', null, sentence);
      return;
    }
    await this.backups.written(id, written);
    const verified = await runScript('verify-backup', ['--local', written]);
    if (verified.code !== 0) {
      const sentence = `The backup was written but does not verify: ${lastLine(verified.output)}`;
      this.logger.error(sentence);
      await this.backups.finish(id, 'failed', false, sentence);
      return;
    }
    await this.backups.finish(id, 'done', true, lastLine(verified.output));
    await this.prune(folder);
    this.logger.log(`Backup written and verified: ${written}`);
  }

  /** Keeps the newest BACKUP_KEEP dated backups (only after one verified, so a failing run never costs a good one). */
  private async prune(folder: string): Promise<void> {
    const entries = await fs.readdir(folder, { withFileTypes: true });
    const dated = entries
      .filter((entry) => entry.isDirectory() && DATED.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    for (const name of dated.slice(0, Math.max(dated.length - this.config.BACKUP_KEEP, 0))) {
      await fs.rm(path.join(folder, name), { recursive: true, force: true });
    }
  }

  /** A sentence when the folder cannot be made or written to, else null. */
  private async folderProblem(folder: string): Promise<string | null> {
    const probe = path.join(folder, `.write-check-${randomUUID()}`);
    try {
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(probe, '');
      await fs.rm(probe, { force: true });
      return null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return `The backup folder ${folder} (BACKUP_DIR) cannot be written (${code}): give the archive's user write access to it, or set BACKUP_DIR to another folder.`;
    }
  }
}

/** Runs one of the repository's scripts with the worker's environment; its output, bounded. */
function runScript(name: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(SCRIPTS, name), args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function lastLine(output: string): string {
  return (
    output
      .trim()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .at(-1) ?? 'no output'
  );
}
