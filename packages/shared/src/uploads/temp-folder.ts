import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeadProcess, processOwner } from '../process-owner';

/**
 * Temporary folders of uploads and imports (a ZIP's copy can be gigabytes): named `<prefix><host>~<pid>~…`, so
 * that what a killed process left is removed when a process of the same kind starts again (docs/architecture.md
 * "ZIP uploads"); every other exit removes its own folder.
 */
export function makeTempFolder(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `${prefix}${processOwner()}~`));
}

/** Removes the folders starting with `prefix` that processes of this machine which no longer run left behind. */
export async function removeLeftTempFolders(prefix: string): Promise<void> {
  const owned = /^(.+)~(\d+)~[^~]*$/;
  for (const name of await readdir(tmpdir())) {
    const match = name.startsWith(prefix) ? owned.exec(name.slice(prefix.length)) : null;
    if (match && isDeadProcess(match[1]!, Number(match[2]))) {
      await rm(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}
