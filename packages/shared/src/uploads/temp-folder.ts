import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeadProcess, processOwner } from '../process-owner';

/**
 * Temporary folders of uploads and imports (a ZIP's copy can be gigabytes): named `<prefix><host>~<pid>~<run>-…`,
 * so that what a killed process left is removed when a process of the same kind starts again (docs/architecture.md
 * "ZIP uploads"); every other exit removes its own folder. `<run>` tells this run from an earlier one with the same
 * pid: a restarted container's process usually gets the pid its previous run had.
 */
const RUN = randomBytes(4).toString('hex');
const OWNED = /^(.+)~(\d+)~([0-9a-f]{8})-/;

export function makeTempFolder(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `${prefix}${processOwner()}~${RUN}-`));
}

/** Whether a folder was left by a process of this machine that no longer runs (or by this pid's earlier run). */
function leftBehind(owner: string): boolean {
  const match = OWNED.exec(owner);
  if (!match) return false;
  const [, host, pid, run] = match;
  if (host === hostname() && Number(pid) === process.pid) return run !== RUN;
  return isDeadProcess(host!, Number(pid));
}

/** Removes the folders starting with `prefix` that processes of this machine which no longer run left behind. */
export async function removeLeftTempFolders(prefix: string): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    if (name.startsWith(prefix) && leftBehind(name.slice(prefix.length))) {
      await rm(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}
