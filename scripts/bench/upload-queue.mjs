// "500 photos in one batch from the web app's queue" (docs/product.md "Uploading many files"): Chromium drives the
// real web app, signed in as the bench's person: the upload dialog takes BENCH_QUEUE_PHOTOS generated photos
// (500; each a distinct JPEG of BENCH_QUEUE_PHOTO_PX pixels wide, 4:3, with noise so it does not compress: about
// what a phone sends after its own compression), then Upload, and the uploads panel is watched until it says
// "All 500 done". It reports the time from Upload to all done, photos per minute, and the peak resident memory of
// the gateway and media meanwhile (their growth at most 64 MB, as the other upload rows). The media worker runs
// beside them and prepares the photos as they arrive, as it does at home.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MB, percentile, sampleMemory } from './measure.mjs';
import { root } from './stack.mjs';

const PHOTOS = Number(process.env.BENCH_QUEUE_PHOTOS ?? 500);
const WIDTH = Number(process.env.BENCH_QUEUE_PHOTO_PX ?? 1600);
const RSS_GROWTH_MB = 64;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Writes `count` distinct photos to `folder`, a few at a time; answers their paths and their bytes together. */
async function makePhotos(folder, count) {
  const sharp = createRequire(path.join(root, 'services', 'media', 'package.json'))('sharp');
  const height = Math.round((WIDTH * 3) / 4);
  const files = [];
  let bytes = 0;
  for (let start = 0; start < count; start += 8) {
    const made = await Promise.all(
      Array.from({ length: Math.min(8, count - start) }, async (_, offset) => {
        const i = start + offset;
        const file = path.join(folder, `IMG_${String(i + 1).padStart(4, '0')}.jpg`);
        const info = await sharp({
          create: {
            width: WIDTH,
            height,
            channels: 3,
            background: { r: (i * 37) % 256, g: (i * 11) % 256, b: 140 },
            noise: { type: 'gaussian', mean: 120, sigma: 25 },
          },
        })
          .jpeg({ quality: 80 })
          .toFile(file);
        return { file, size: info.size };
      }),
    );
    for (const photo of made) {
      files.push(photo.file);
      bytes += photo.size;
    }
  }
  return { files, bytes };
}

/**
 * How long the page waited for each kind of request to /api/uploads and /api/media/exists (Chromium's own timing,
 * request start to the answer's end), to tell the browser's part from the archive's.
 */
function requestTimes(page) {
  const times = { create: [], patch: [], exists: [] };
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    const kind =
      pathname === '/api/media/exists'
        ? 'exists'
        : pathname.startsWith('/api/uploads')
          ? { POST: 'create', PATCH: 'patch' }[request.method()]
          : null;
    // Milliseconds from the request's start (Playwright's timing is relative to it).
    const { responseEnd } = request.timing();
    if (kind && responseEnd >= 0) times[kind].push(responseEnd);
  });
  return () =>
    Object.fromEntries(
      Object.entries(times).map(([kind, ms]) => [
        kind,
        { count: ms.length, medianMs: round(percentile(ms, 0.5) ?? 0), p95Ms: round(percentile(ms, 0.95) ?? 0) },
      ]),
    );
}

/** The session's cookies, as Chromium takes them. */
function cookiesOf(session) {
  return session.cookie
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: session.baseUrl };
    });
}

export async function measureUploadQueue(session, stack, rows, log) {
  const label = `web app's queue: ${PHOTOS} photos in one batch`;
  if (!fs.existsSync(CHROMIUM)) {
    rows.push({ measure: label, display: `no Chromium at ${CHROMIUM}`, met: null });
    return;
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'family-bench-queue-'));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    log(`upload queue: making ${PHOTOS} photos of ${WIDTH} px…`);
    const { files, bytes } = await makePhotos(folder, PHOTOS);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(cookiesOf(session));
    const page = await context.newPage();
    await page.goto(`${stack.gatewayUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    await dialog.getByLabel('Files').setInputFiles(files);
    const upload = dialog.getByRole('button', { name: `Upload ${PHOTOS} files` });
    await upload.waitFor();

    log(`upload queue: ${PHOTOS} photos (${round(bytes / MB)} MB) through the upload dialog…`);
    const pids = { gateway: stack.pid('gateway'), media: stack.pid('media') };
    const panel = page.getByRole('region', { name: 'Uploads' });
    const timings = requestTimes(page);
    const measured = await sampleMemory(pids, async () => {
      const started = performance.now();
      await upload.click();
      await panel.getByText(`All ${PHOTOS} done`).waitFor({ timeout: 60 * 60_000 });
      return (performance.now() - started) / 1000;
    });
    const seconds = measured.result;
    const done = await panel.getByText('Done', { exact: true }).count();
    if (done !== PHOTOS) throw new Error(`The queue said all done, but ${done} of ${PHOTOS} rows are new items.`);

    rows.push({
      measure: `${label}: Upload to all done`,
      value: round(seconds, 1),
      display: `${round(seconds, 1)} s (${round(bytes / MB / seconds)} MB/s)`,
      target: 'report',
      met: null,
      megabytes: round(bytes / MB),
      requests: timings(),
    });
    rows.push({
      measure: `${label}: photos per minute`,
      value: round((PHOTOS / seconds) * 60, 0),
      display: `${round((PHOTOS / seconds) * 60, 0)} a minute`,
      target: 'report',
      met: null,
    });
    for (const [name, usage] of Object.entries(measured.memory)) {
      const growth = usage.growth / MB;
      rows.push({
        measure: `${label}: ${name} peak memory`,
        value: round(usage.peak / MB),
        display: `${round(usage.peak / MB)} MB (grew ${round(growth)} MB)`,
        target: `growth <= ${RSS_GROWTH_MB} MB`,
        met: growth <= RSS_GROWTH_MB,
        baselineMB: round(usage.baseline / MB),
        kernelPeakUsed: usage.kernelPeak,
      });
    }
  } finally {
    await browser.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
