// The media worker's rows (docs/conventions.md "Benchmarks"): upload to ready for a 12-MP iPhone HEIC and a 30-s
// 1080p HEVC clip, photos prepared per minute, the worker's memory while it converts, and a gallery page of 60
// photos just uploaded, all visible (every thumbnail answering 200) soon after the uploads finish.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { MB, multipartFrame, rss } from './measure.mjs';
import { root } from './stack.mjs';

/** Real phone files; the README of that folder says what each is. Set MEDIA_SAMPLES_DIR when they lie elsewhere. */
const SAMPLES_DIR = process.env.MEDIA_SAMPLES_DIR ?? path.resolve(root, '..', 'shared', 'media-samples');
const GALLERY_PHOTOS = 60;
const HEVC_SECONDS = 30;
const BUDGETS = { heicMs: 10_000, hevcMs: 120_000, photosPerMinute: 60, workerRssMB: 300, galleryMs: 1000 };

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function multipart(fields, file) {
  const { head, tail, contentType } = multipartFrame(fields, file.name, 'application/octet-stream');
  const body = Buffer.concat([head, file.bytes, tail]);
  return { headers: { 'content-type': contentType, 'content-length': String(body.length) }, body };
}

async function upload(session, type, title, file) {
  const { headers, body } = multipart({ type, title }, file);
  const answer = await session.post('/api/media', body, headers);
  if (answer.status !== 201) throw new Error(`Uploading "${title}" answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body.toString('utf8'));
}

async function waitReady(session, id, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const item = JSON.parse((await session.get(`/api/media/${id}`)).body.toString('utf8'));
    if (item.processing === 'ready') return item;
    if (item.processing === 'failed') throw new Error(`Media item ${id} failed: ${item.processingError}`);
    if (Date.now() > until) throw new Error(`Media item ${id} was not ready within ${timeoutMs / 1000} s.`);
    await sleep(50);
  }
}

/** Upload start to `ready`, in ms. */
async function uploadToReady(session, type, title, file, timeoutMs) {
  const started = performance.now();
  const item = await upload(session, type, title, file);
  await waitReady(session, item.id, timeoutMs);
  return performance.now() - started;
}

function bundledFfmpeg() {
  const mediaRequire = createRequire(path.join(root, 'services', 'media', 'package.json'));
  return mediaRequire('@ffmpeg-installer/ffmpeg').path;
}

/**
 * A 1080p HEVC clip in a .MOV, as an iPhone records by default (made with x265; browsers other than Safari can't
 * play it). Made without blocking: a blocked event loop misses the server closing idle keep-alive connections, and
 * the next upload is then written into a closed socket (EPIPE) on a slow machine.
 */
async function hevcClip(seconds) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-bench-hevc-'));
  const out = path.join(dir, 'IMG_1080.MOV');
  try {
    await promisify(execFile)(bundledFfmpeg(), [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=48000:duration=${seconds}`],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-y', out],
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A phone-sized JPEG (12 MP unless told), each one different: a gradient with its number written on it. */
function photo(n, width = 4032, height = 3024) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${(n * 37) % 360},60%,55%)"/><stop offset="1" stop-color="#203040"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>
    <text x="200" y="600" font-size="400" fill="#fff">${n}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** Resident memory of a process and of all its children (ffmpeg), sampled until `work` ends. */
async function peakMemory(pid, work) {
  let worker = 0;
  let children = 0;
  const sample = () => {
    try {
      worker = Math.max(worker, rss(pid));
      let sum = 0;
      for (const entry of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
          if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) sum += rss(Number(entry));
        } catch {
          // gone meanwhile
        }
      }
      children = Math.max(children, sum);
    } catch {
      // the worker itself is gone: the bench's check() reports it
    }
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    return { result, workerMB: worker / MB, childrenMB: children / MB };
  } finally {
    clearInterval(timer);
  }
}

export async function measureMediaWorker(session, stack, rows, log) {
  const workerPid = stack.pid('media-worker');
  const heicPath = path.join(SAMPLES_DIR, 'iphone-xr-portrait-grid.HEIC');
  if (fs.existsSync(heicPath)) {
    log('media worker: a 12-MP iPhone HEIC, upload to ready…');
    const ms = await uploadToReady(
      session,
      'photo',
      'iPhone HEIC',
      { bytes: fs.readFileSync(heicPath), name: 'IMG_0001.HEIC' },
      60_000,
    );
    rows.push({
      measure: 'media worker: 12-MP HEIC upload to ready',
      value: round(ms),
      display: `${round(ms)} ms`,
      target: `<= ${BUDGETS.heicMs} ms`,
      met: ms <= BUDGETS.heicMs,
    });
  } else {
    log(`media worker: no ${heicPath}; set MEDIA_SAMPLES_DIR to the media samples to time a HEIC.`);
    rows.push({
      measure: 'media worker: 12-MP HEIC upload to ready',
      display: 'not measured (no samples)',
      target: `<= ${BUDGETS.heicMs} ms`,
      met: null,
    });
  }

  log(`media worker: making a ${HEVC_SECONDS}-s 1080p HEVC clip, then upload to ready while sampling memory…`);
  const clip = await hevcClip(HEVC_SECONDS);
  const {
    result: hevcMs,
    workerMB,
    childrenMB,
  } = await peakMemory(workerPid, () =>
    uploadToReady(session, 'video', 'HEVC clip', { bytes: clip, name: 'IMG_1080.MOV' }, 600_000),
  );
  rows.push({
    measure: `media worker: ${HEVC_SECONDS}-s 1080p HEVC upload to ready (converted)`,
    value: round(hevcMs),
    display: `${round(hevcMs / 1000, 1)} s`,
    target: `<= ${BUDGETS.hevcMs / 1000} s`,
    met: hevcMs <= BUDGETS.hevcMs,
    clipMB: round(clip.length / MB),
  });
  rows.push({
    measure: 'media worker: worker RSS while converting',
    value: round(workerMB),
    display: `${round(workerMB)} MB`,
    target: `<= ${BUDGETS.workerRssMB} MB`,
    met: workerMB <= BUDGETS.workerRssMB,
    ffmpegPeakMB: round(childrenMB),
  });
  rows.push({
    measure: 'media worker: its ffmpeg child while converting',
    value: round(childrenMB),
    display: `${round(childrenMB)} MB`,
    target: 'report',
    met: null,
  });

  log(`media worker: ${GALLERY_PHOTOS} 12-MP photos uploaded one after another, then the gallery page…`);
  const photos = [];
  for (let n = 1; n <= GALLERY_PHOTOS; n++) photos.push(await photo(n));
  const started = performance.now();
  const ids = [];
  for (let n = 0; n < GALLERY_PHOTOS; n++) {
    ids.push(
      (await upload(session, 'photo', `Holiday ${n + 1}`, { bytes: photos[n], name: `IMG_${2000 + n}.JPG` })).id,
    );
  }
  const uploadsDone = performance.now();
  // What a person opening the gallery now sees: the newest page, and every thumbnail on it.
  let visibleMs = null;
  while (visibleMs === null) {
    const page = JSON.parse((await session.get(`/api/media?limit=${GALLERY_PHOTOS}`)).body.toString('utf8'));
    const mine = page.items.filter((item) => ids.includes(item.id));
    if (mine.length === GALLERY_PHOTOS && mine.every((item) => item.thumbnailUrl)) {
      const answers = await Promise.all(mine.map((item) => session.get(item.thumbnailUrl)));
      if (answers.every((answer) => answer.status === 200)) visibleMs = performance.now() - uploadsDone;
    }
    if (visibleMs === null) {
      if (performance.now() - uploadsDone > 600_000) throw new Error('The gallery page never showed every picture.');
      await sleep(50);
    }
  }
  // The thumbnails of most photos are made by the upload itself: prepared means the worker has done the rest.
  for (;;) {
    const page = JSON.parse((await session.get(`/api/media?limit=${GALLERY_PHOTOS}`)).body.toString('utf8'));
    const mine = page.items.filter((item) => ids.includes(item.id));
    if (mine.length === GALLERY_PHOTOS && mine.every((item) => item.processing === 'ready')) break;
    if (mine.some((item) => item.processing === 'failed')) throw new Error('A gallery photo failed to be prepared.');
    if (performance.now() - uploadsDone > 600_000) throw new Error('The gallery photos were never all prepared.');
    await sleep(200);
  }
  const allReady = performance.now();
  const perMinute = GALLERY_PHOTOS / ((allReady - started) / 60_000);
  rows.push({
    measure: `media worker: 12-MP photos prepared per minute (${os.cpus().length} cores)`,
    value: round(perMinute),
    display: `${round(perMinute)} / min`,
    target: `>= ${BUDGETS.photosPerMinute} / min`,
    met: perMinute >= BUDGETS.photosPerMinute,
  });
  rows.push({
    measure: `gallery: ${GALLERY_PHOTOS} just-uploaded photos all visible after the uploads end`,
    value: round(visibleMs),
    display: `${round(visibleMs)} ms`,
    target: `<= ${BUDGETS.galleryMs} ms`,
    met: visibleMs <= BUDGETS.galleryMs,
    uploadSeconds: round((uploadsDone - started) / 1000, 1),
  });
}
