// `--only=uploads`: resumable uploads (tus 1.0, docs/api.md "Resumable uploads") of a 2 GB video through the
// gateway. The video is a real one: two seconds of H.264 made by the media service's ffmpeg (index first), then a
// top-level `free` box (ISO BMFF's own padding, which players and ffprobe skip) of AES-CTR bytes up to the size,
// made as they are sent: nothing is kept on disk or in memory on the client's side, and nothing can compress it.
// Measured against a plain loopback copy of the same bytes in the same run (an HTTP POST to a server that writes
// them to a file in the archive's folder): one upload at >= 80 % of its speed, four at once >= 60 % (together),
// the gateway's and media's resident memory growing <= 64 MB during them, and after a cut at half way the resume
// sending <= 52 % of the file again (bytes counted as the client writes them). Reported beside them: the CPU
// seconds per GB of each process in the loopback copy and the one upload, which say where the time goes.
import { execFile } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { cpuMs } from './concurrency.mjs';
import { MB, request, sampleMemory } from './measure.mjs';
import { root } from './stack.mjs';

const UPLOAD_BYTES = Math.round(Number(process.env.BENCH_UPLOAD_GB ?? 2) * 1024 * MB);
/** Bytes per PATCH (BENCH_TUS_CHUNK_MB): what a tus client sends in one request. */
const CHUNK_BYTES = Number(process.env.BENCH_TUS_CHUNK_MB ?? 64) * MB;
const AT_ONCE = 4;
const ONE_SHARE = 0.8;
const FOUR_SHARE = 0.6;
const RSS_GROWTH_MB = 64;
const RESUME_SHARE = 0.52;
const PIECE = MB;

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** Two seconds of H.264 in an MP4 with its index first, by the media service's own ffmpeg. */
async function shortClip() {
  const mediaRequire = createRequire(path.join(root, 'services', 'media', 'package.json'));
  const ffmpeg = process.env.FFMPEG_PATH || mediaRequire('@ffmpeg-installer/ffmpeg').path;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'family-bench-clip-'));
  const out = path.join(folder, 'clip.mp4');
  try {
    await promisify(execFile)(ffmpeg, [
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
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', out],
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** A video of `size` bytes: the clip, a `free` box header, then AES-CTR bytes of `key`, computable at any offset. */
function paddedVideo(clip, size, key) {
  const box = Buffer.alloc(8);
  box.writeUInt32BE(size - clip.length, 0);
  box.write('free', 4, 'latin1');
  const head = Buffer.concat([clip, box]);
  if (size - clip.length >= 2 ** 32) throw new Error('A free box of 4 GB or more needs a 64-bit size.');
  function bytes(offset, length) {
    const out = Buffer.alloc(length);
    let filled = 0;
    if (offset < head.length) filled = head.copy(out, 0, offset, Math.min(head.length, offset + length));
    if (filled < length) {
      const at = offset + filled - head.length;
      const block = Math.floor(at / 16);
      const iv = Buffer.alloc(16);
      iv.writeBigUInt64BE(BigInt(block), 8);
      const skip = at - block * 16;
      const cipher = createCipheriv('aes-128-ctr', key, iv);
      cipher.update(Buffer.alloc(skip)).copy(out, filled, 0, 0);
      cipher.update(Buffer.alloc(length - filled)).copy(out, filled);
    }
    return out;
  }
  return { size, bytes };
}

/**
 * Writes bytes `from`..`to` of the video as one request's body, a piece at a time, minding backpressure; counts
 * what it wrote in `counter.sent`, and destroys the request once `cutAt` bytes of the file are out (a cut).
 */
function send(url, { method, headers }, video, from, to, counter, cutAt = Infinity) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, 'content-length': String(to - from) }, agent });
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    let offset = from;
    const pump = () => {
      while (offset < to) {
        if (offset >= cutAt) {
          req.destroy(new Error('cut'));
          return;
        }
        const length = Math.min(PIECE, to - offset, cutAt - offset);
        const piece = video.bytes(offset, length);
        offset += length;
        counter.sent += length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const metadata = (fields) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** A tus client in a few lines: create, then PATCH a chunk at a time from `offset`. Answers the last response. */
class TusUpload {
  constructor(session, video, name) {
    this.session = session;
    this.video = video;
    this.name = name;
    this.location = null;
    this.counter = { sent: 0 };
    /** Seconds the last PATCH took: its bytes and making the upload an item (copied, hashed, stored). */
    this.lastPatchSeconds = 0;
  }

  async create() {
    const answer = await request(`${this.session.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: {
        cookie: this.session.cookie,
        'tus-resumable': '1.0.0',
        'upload-length': String(this.video.size),
        'upload-metadata': metadata({ filename: this.name, filetype: 'video/mp4' }),
      },
      via: agent,
    });
    if (answer.status !== 201) throw new Error(`Creating ${this.name} answered ${answer.status}: ${answer.body}`);
    this.location = answer.headers.location;
  }

  /** The offset the server holds (HEAD). */
  async offset() {
    const answer = await request(`${this.session.baseUrl}${this.location}`, {
      method: 'HEAD',
      headers: { cookie: this.session.cookie, 'tus-resumable': '1.0.0' },
      via: agent,
    });
    if (answer.status !== 200) throw new Error(`HEAD of ${this.name} answered ${answer.status}`);
    return Number(answer.headers['upload-offset']);
  }

  /** Sends from `offset` to the end, or until `cutAt` bytes of the file are out (then throws the cut). */
  async sendFrom(offset, cutAt = Infinity) {
    let last = null;
    while (offset < this.video.size) {
      const end = Math.min(this.video.size, offset + CHUNK_BYTES);
      const headers = {
        cookie: this.session.cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      };
      const started = performance.now();
      last = await send(
        `${this.session.baseUrl}${this.location}`,
        { method: 'PATCH', headers },
        this.video,
        offset,
        end,
        this.counter,
        cutAt,
      );
      this.lastPatchSeconds = (performance.now() - started) / 1000;
      if (last.status !== 204) throw new Error(`A PATCH of ${this.name} answered ${last.status}: ${last.body}`);
      offset = Number(last.headers['upload-offset']);
    }
    if (!last?.headers['upload-media-id']) throw new Error(`${this.name} ended without an item: ${last?.status}`);
    return last;
  }

  async run() {
    await this.create();
    return this.sendFrom(0);
  }
}

/** The plain loopback copy: one HTTP POST of the same bytes to a server writing them to a file beside the archive. */
async function loopbackCopy(video, folder) {
  const file = path.join(folder, `loopback-${randomBytes(4).toString('hex')}`);
  const server = http.createServer((req, res) => {
    const out = fs.createWriteStream(file);
    req.pipe(out);
    out.on('finish', () => res.end('done'));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const started = performance.now();
    const answer = await send(
      `http://127.0.0.1:${server.address().port}/`,
      { method: 'POST', headers: {} },
      video,
      0,
      video.size,
      { sent: 0 },
    );
    const seconds = (performance.now() - started) / 1000;
    if (answer.status !== 200 || fs.statSync(file).size !== video.size) throw new Error('The loopback copy failed.');
    return seconds;
  } finally {
    fs.rmSync(file, { force: true });
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * CPU seconds per GB each process spent while `work` ran (user + system, all threads, from /proc/<pid>/stat); the
 * benchmark's own process is the client (and, for the loopback copy, the server too).
 */
async function cpuPerGb(pids, bytes, work) {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const result = await work();
  const perGb = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [
      name,
      round((cpuMs(pid) - before[name]) / 1000 / (bytes / 1024 / MB), 2),
    ]),
  );
  return { result, perGb };
}

function cpuRow(rows, label, perGb) {
  rows.push({
    measure: `uploads: ${label}: CPU seconds per GB`,
    value: round(
      Object.values(perGb).reduce((sum, seconds) => sum + seconds, 0),
      2,
    ),
    display: Object.entries(perGb)
      .map(([name, seconds]) => `${name} ${seconds}`)
      .join(', '),
    target: 'report',
    met: null,
    ...perGb,
  });
}

function memoryRows(rows, label, memory) {
  for (const [name, usage] of Object.entries(memory)) {
    const growth = usage.growth / MB;
    rows.push({
      measure: `${label}: ${name} RSS growth`,
      value: round(growth),
      display: `${round(growth)} MB`,
      target: `<= ${RSS_GROWTH_MB} MB`,
      met: growth <= RSS_GROWTH_MB,
      baselineMB: round(usage.baseline / MB),
      peakMB: round(usage.peak / MB),
      kernelPeakUsed: usage.kernelPeak,
    });
  }
}

export async function measureUploads(session, stack, rows, log) {
  const gb = round(UPLOAD_BYTES / 1024 / MB, 2);
  const clip = await shortClip();
  const video = (key = randomBytes(16)) => paddedVideo(clip, UPLOAD_BYTES, key);
  const mbps = (bytes, seconds) => bytes / MB / seconds;

  log(`uploads: a warm-up upload of 64 MB, then a loopback copy of ${gb} GB for the yardstick…`);
  await new TusUpload(session, paddedVideo(clip, 64 * MB, randomBytes(16)), 'warm-up.mp4').run();
  const loopbackCpu = await cpuPerGb({ 'client and server': process.pid }, UPLOAD_BYTES, () =>
    loopbackCopy(video(), stack.storageDir),
  );
  const loopbackSeconds = loopbackCpu.result;
  const loopback = mbps(UPLOAD_BYTES, loopbackSeconds);
  rows.push({
    measure: `uploads: loopback copy of ${gb} GB to disk (the yardstick)`,
    value: round(loopback),
    display: `${round(loopback)} MB/s`,
    target: 'report',
    met: null,
    seconds: round(loopbackSeconds, 2),
  });
  cpuRow(rows, 'loopback copy', loopbackCpu.perGb);

  const pids = { gateway: stack.pid('gateway'), media: stack.pid('media') };
  log(`uploads: one ${gb} GB video through the gateway by tus, ${CHUNK_BYTES / MB} MB a PATCH…`);
  const one = new TusUpload(session, video(), 'One video.mp4');
  const singleCpu = await cpuPerGb({ client: process.pid, ...pids }, UPLOAD_BYTES, () =>
    sampleMemory(pids, async () => {
      const started = performance.now();
      await one.run();
      return (performance.now() - started) / 1000;
    }),
  );
  const single = singleCpu.result;
  const oneSpeed = mbps(UPLOAD_BYTES, single.result);
  rows.push({
    measure: `uploads: one ${gb} GB video by tus (share of the loopback copy)`,
    value: round(oneSpeed / loopback, 3),
    display: `${round(oneSpeed)} MB/s = ${Math.round((oneSpeed / loopback) * 100)} % (last PATCH ${round(one.lastPatchSeconds)} s)`,
    target: `>= ${ONE_SHARE * 100} %`,
    met: oneSpeed / loopback >= ONE_SHARE,
    seconds: round(single.result, 2),
    lastPatchSeconds: round(one.lastPatchSeconds, 2),
    chunkMB: CHUNK_BYTES / MB,
  });
  cpuRow(rows, `one ${gb} GB by tus`, singleCpu.perGb);
  memoryRows(rows, `uploads: one ${gb} GB`, single.memory);

  log(`uploads: ${AT_ONCE} videos of ${gb} GB at once…`);
  const four = await sampleMemory(pids, async () => {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => new TusUpload(session, video(), `At once ${i + 1}.mp4`).run()),
    );
    return (performance.now() - started) / 1000;
  });
  const fourSpeed = mbps(AT_ONCE * UPLOAD_BYTES, four.result);
  rows.push({
    measure: `uploads: ${AT_ONCE} x ${gb} GB at once by tus (together, share of the loopback copy)`,
    value: round(fourSpeed / loopback, 3),
    display: `${round(fourSpeed)} MB/s = ${Math.round((fourSpeed / loopback) * 100)} %`,
    target: `>= ${FOUR_SHARE * 100} %`,
    met: fourSpeed / loopback >= FOUR_SHARE,
    seconds: round(four.result, 2),
  });
  memoryRows(rows, `uploads: ${AT_ONCE} x ${gb} GB at once`, four.memory);

  log(`uploads: a ${gb} GB video cut at half way, then resumed from the offset HEAD gives…`);
  const cut = new TusUpload(session, video(), 'Cut at half.mp4');
  await cut.create();
  await cut.sendFrom(0, Math.floor(UPLOAD_BYTES / 2)).then(
    () => {
      throw new Error('The cut upload finished.');
    },
    (error) => {
      if (error.message !== 'cut') throw error;
    },
  );
  const sentBefore = cut.counter.sent;
  // The service sees the end of the cut request a moment later: ask until the offset stops moving.
  let held = await cut.offset();
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await cut.offset();
    if (now === held) break;
    held = now;
  }
  cut.counter.sent = 0;
  await cut.sendFrom(held);
  const resent = cut.counter.sent / UPLOAD_BYTES;
  rows.push({
    measure: `uploads: resume of ${gb} GB cut at 50 % (share of the file sent again)`,
    value: round(resent, 4),
    display: `${round(resent * 100, 2)} % (server held ${round((held / UPLOAD_BYTES) * 100, 2)} %)`,
    target: `<= ${RESUME_SHARE * 100} %`,
    met: resent <= RESUME_SHARE,
    sentBeforeCut: sentBefore,
    heldAfterCut: held,
    sentAfterResume: cut.counter.sent,
  });
  agent.destroy();
}
