import { hostname } from 'node:os';

/**
 * Files and folders a process leaves while it works (a temp file, an upload's copy) carry `<host>~<pid>` in their
 * name, so a process starting after a crash removes what a dead process of its machine left, and leaves alone what
 * live ones sharing the folder are still writing.
 */
export const processOwner = () => `${hostname()}~${process.pid}`;

const errorCode = (error: unknown) => (error as { code?: string } | null)?.code;

/** Whether `host`/`pid` (from such a name) is a process of this machine that no longer runs. */
export function isDeadProcess(host: string, pid: number): boolean {
  if (host !== hostname() || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return errorCode(error) === 'ESRCH';
  }
}
