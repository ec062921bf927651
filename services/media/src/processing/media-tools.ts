/**
 * Runs ffmpeg and ffprobe as child processes: their memory stays out of the worker's heap, a run that takes too
 * long is killed, and a failure becomes a MediaProcessingError instead of a crash. The binaries come inside the
 * npm packages (@ffmpeg-installer, @ffprobe-installer) so a fresh `npm ci` has them; FFMPEG_PATH and FFPROBE_PATH
 * point elsewhere (the Docker image uses Debian's ffmpeg).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { MediaProcessingError } from './processing-error';

export type MediaTool = 'ffmpeg' | 'ffprobe';

const ENV_NAMES: Record<MediaTool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

/**
 * The environment's choice, else the bundled binary. The bundled packages throw when loaded on a platform they
 * have no binary for, so they are loaded only when needed.
 */
export async function toolPath(tool: MediaTool): Promise<string> {
  const chosen = process.env[ENV_NAMES[tool]];
  if (chosen) return chosen;
  try {
    const bundled =
      tool === 'ffmpeg' ? await import('@ffmpeg-installer/ffmpeg') : await import('@ffprobe-installer/ffprobe');
    return (bundled as { path: string }).path;
  } catch (error) {
    throw new MediaProcessingError(
      `The server has no ${tool} to prepare videos and sound with; set ${ENV_NAMES[tool]} to one.`,
      String(error),
    );
  }
}

/** Threads for one ffmpeg run: all the cores, never more (a worker runs one job at a time). */
export function toolThreads(): number {
  return Math.max(1, availableParallelism());
}

export interface ToolRun {
  stdout: Buffer;
  /** The peak memory of the child (Linux's VmHWM, sampled), or null where /proc cannot tell. */
  peakMemoryBytes: number | null;
}

/** A tool that ran and failed: `stderr` holds the end of what it said. */
export class ToolFailure extends Error {
  constructor(
    readonly tool: MediaTool,
    readonly stderr: string,
    readonly timedOut: boolean,
  ) {
    super(`${tool} failed${timedOut ? ' (timed out)' : ''}: ${stderr}`);
  }
}

/**
 * Static builds (the bundled ones) load the system's iconv modules, made for another C library, and crash on the
 * first character set conversion (an MPEG-TS names its channel in a DVB character set). Without modules iconv
 * just fails, and ffmpeg keeps the bytes as they are.
 */
const NO_GCONV_MODULES = '/nonexistent-gconv-modules';

const STDERR_TAIL = 4000;
const STDOUT_LIMIT = 16 * 1024 * 1024;
const MEMORY_SAMPLE_MS = 100;

/**
 * Runs a tool to its end. Resolves with its output; rejects with ToolFailure when it exits non-zero or runs past
 * `timeoutMs` (then it is killed), or MediaProcessingError when it cannot be started at all.
 */
export async function runTool(tool: MediaTool, args: string[], timeoutMs: number): Promise<ToolRun> {
  const binary = await toolPath(tool);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GCONV_PATH: NO_GCONV_MODULES },
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let timedOut = false;
    let peakMemoryBytes: number | null = null;

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes <= STDOUT_LIMIT) stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });

    const sample = () =>
      void peakMemoryOf(child.pid).then((bytes) => {
        if (bytes !== null) peakMemoryBytes = Math.max(peakMemoryBytes ?? 0, bytes);
      });
    sample();
    const sampler = setInterval(sample, MEMORY_SAMPLE_MS);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const stop = () => {
      clearInterval(sampler);
      clearTimeout(timer);
    };

    child.on('error', (error: NodeJS.ErrnoException) => {
      stop();
      reject(
        new MediaProcessingError(
          `The server cannot run ${tool} (${binary}); set ${ENV_NAMES[tool]} to a working one.`,
          error.message,
        ),
      );
    });
    child.on('close', (code) => {
      stop();
      if (code === 0 && !timedOut) resolve({ stdout: Buffer.concat(stdout), peakMemoryBytes });
      else reject(new ToolFailure(tool, stderr.trim(), timedOut));
    });
  });
}

async function peakMemoryOf(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
