import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './stack';

/** Real phone and camera files (their SOURCES.md says what each is), and the small fixtures made by Debian's tools. */
export const SAMPLES_DIR = path.resolve(repoRoot, '..', 'shared', 'media-samples');
export const FIXTURES_DIR = path.join(repoRoot, 'services', 'media', 'test', 'fixtures');

export function sampleFile(dir: string, name: string): { bytes: Buffer; name: string; type: string } {
  return { bytes: fs.readFileSync(path.join(dir, name)), name, type: 'application/octet-stream' };
}

/** The ffmpeg bundled with the media service (the one `npm start` uses). */
function bundledFfmpeg(): string {
  const mediaRequire = createRequire(path.join(repoRoot, 'services', 'media', 'package.json'));
  return (mediaRequire('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/**
 * An iPhone-like HEVC clip in a .MOV (hvc1, AAC), made with x265 for the test: browsers other than Safari cannot play
 * it, so the worker converts it, which takes a while for a long 1080p one.
 */
export async function hevcMov(seconds: number, size = '1920x1080'): Promise<Buffer> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'family-hevc-')), 'clip.mov');
  // Not execFileSync: a blocked event loop keeps kept-alive sockets the gateway has closed, and the next request fails.
  await promisify(execFile)(bundledFfmpeg(), [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:sample_rate=44100:duration=${seconds}`,
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error',
    '-tag:v',
    'hvc1',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-y',
    out,
  ]);
  const bytes = fs.readFileSync(out);
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return bytes;
}

/** The pids of the processes whose parent is `pid`, with their program names (Linux /proc). */
export function childProcesses(pid: number): Array<{ pid: number; name: string }> {
  const children: Array<{ pid: number; name: string }> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (name) state ppid ...": the name may hold spaces, so read around its parentheses.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push({ pid: Number(entry), name });
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** Whether any process runs a program with this name whose command line mentions `text`. */
export function processesMentioning(text: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The streams ffprobe (the one bundled with the media service) finds in these bytes. */
export async function probeStreams(bytes: Uint8Array): Promise<Array<{ codec_type: string; codec_name: string }>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-probe-'));
  try {
    const file = path.join(dir, 'probed');
    fs.writeFileSync(file, bytes);
    const mediaRequire = createRequire(path.join(repoRoot, 'services', 'media', 'package.json'));
    const ffprobe = (mediaRequire('@ffprobe-installer/ffprobe') as { path: string }).path;
    const { stdout } = await promisify(execFile)(ffprobe, [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_streams',
      file,
    ]);
    return (JSON.parse(stdout) as { streams: Array<{ codec_type: string; codec_name: string }> }).streams;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A real, playable MP4 of exactly `size` bytes written to a temporary file, never held in memory: two seconds of
 * H.264 made by ffmpeg with its index (moov) first, then a top-level `free` box of random bytes up to the size. A
 * `free` box is ISO BMFF's own padding (players and ffprobe skip it), so the file stays a valid video while its
 * size costs no encoding time. Random bytes, so nothing on the way can compress them. Remove its folder after use.
 */
export async function paddedMp4(size: number): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'family-padded-mp4-'));
  const clip = path.join(folder, 'clip.mp4');
  await promisify(execFile)(bundledFfmpeg(), [
    ...[
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=30:duration=2',
    ],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', clip],
  ]);
  const head = fs.readFileSync(clip);
  const padding = size - head.length;
  if (padding < 8 || padding >= 2 ** 32) throw new Error(`paddedMp4: ${size} bytes cannot hold the clip and a box.`);
  const file = path.join(folder, 'video.mp4');
  const out = fs.createWriteStream(file);
  const box = Buffer.alloc(8);
  box.writeUInt32BE(padding, 0);
  box.write('free', 4, 'latin1');
  const write = (bytes: Buffer) =>
    out.write(bytes) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write(Buffer.concat([head, box]));
  for (let left = padding - 8; left > 0; left -= 1024 * 1024) await write(randomBytes(Math.min(left, 1024 * 1024)));
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  fs.rmSync(clip);
  return file;
}
