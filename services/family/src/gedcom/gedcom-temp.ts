import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

/**
 * Uploads and import jobs work in temporary folders named after the process that made them
 * (`family-gedcom-<pid>-…`, `family-gedcom-job-<pid>-…`). Each removes its own on every way out; a process that
 * was killed cannot, so every start of the family service or its worker removes the folders of processes of this
 * machine that no longer run, as the media worker does with its work folders.
 */
export const uploadTempPrefix = () => `family-gedcom-${process.pid}-`;
export const jobTempPrefix = () => `family-gedcom-job-${process.pid}-`;

const NAMED_BY_PID = /^family-gedcom-(?:job-)?(\d+)-/;
/** Folders named before the pid was part of the name: left-overs once they are a day old. */
const UNNAMED = /^family-gedcom-(?:job-)?[A-Za-z0-9]{6}$/;
const UNNAMED_AGE_MS = 24 * 60 * 60 * 1000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function abandoned(root: string, name: string): Promise<boolean> {
  const pid = NAMED_BY_PID.exec(name)?.[1];
  if (pid) return Number(pid) !== process.pid && !isRunning(Number(pid));
  if (!UNNAMED.test(name)) return false;
  const stats = await stat(join(root, name)).catch(() => null);
  return stats !== null && Date.now() - stats.mtimeMs > UNNAMED_AGE_MS;
}

@Injectable()
export class GedcomTempCleaner implements OnApplicationBootstrap {
  private readonly logger = new Logger(GedcomTempCleaner.name);

  async onApplicationBootstrap(): Promise<void> {
    const root = tmpdir();
    for (const name of await readdir(root).catch(() => [] as string[])) {
      if (!name.startsWith('family-gedcom-') || !(await abandoned(root, name))) continue;
      await rm(join(root, name), { recursive: true, force: true });
      this.logger.log(`Removed ${name}, left by a GEDCOM import that stopped`);
    }
  }
}
