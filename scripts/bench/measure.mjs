// Timing, memory sampling and the results table.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * One HTTP request read to its end: status, headers, body (a Buffer) and milliseconds to the last byte. `via` is
 * the agent (connections) to use: by default at most 4 kept-alive ones.
 */
export function request(url, { method = 'GET', headers = {}, body, via = agent } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, { method, headers, agent: via }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body && typeof body.pipe === 'function') body.pipe(req);
    else req.end(body);
  });
}

export function closeConnections() {
  agent.destroy();
}

/** The value below which `p` of the samples lie (nearest rank). */
export function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/**
 * Times `run` `times` times after `warmup` untimed runs, one after another. `run` answers the response;
 * a status other than `expect` fails the benchmark (a fast error is no result).
 */
export async function timeRequests(run, { times = 30, warmup = 3, expect = 200, check } = {}) {
  const samples = [];
  let last;
  for (let i = 0; i < warmup + times; i++) {
    last = await run(i);
    if (last.status !== expect) {
      throw new Error(`Expected ${expect} but got ${last.status}: ${last.body.toString('utf8').slice(0, 300)}`);
    }
    check?.(last);
    if (i >= warmup) samples.push(last.ms);
  }
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95), samples: samples.length, last };
}

/** A process's resident memory in bytes, from /proc/<pid>/status. */
function statusField(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

export function rss(pid) {
  return statusField(pid, 'VmRSS');
}

/**
 * Samples the resident memory of some processes every `everyMs` while `work` runs. The kernel's peak (VmHWM)
 * is reset first where allowed, so a peak between two samples is not missed either.
 */
export async function sampleMemory(pids, work, everyMs = 50) {
  const baseline = {};
  const peak = {};
  const kernelPeak = {};
  for (const [name, pid] of Object.entries(pids)) {
    const readings = [];
    for (let i = 0; i < 5; i++) {
      readings.push(rss(pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    baseline[name] = percentile(readings, 0.5);
    peak[name] = baseline[name];
    try {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      kernelPeak[name] = true;
    } catch {
      kernelPeak[name] = false;
    }
  }
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) peak[name] = Math.max(peak[name], rss(pid));
  };
  const timer = setInterval(sample, everyMs);
  let result;
  try {
    result = await work();
  } finally {
    clearInterval(timer);
    sample();
  }
  const memory = {};
  for (const [name, pid] of Object.entries(pids)) {
    const hwm = kernelPeak[name] ? statusField(pid, 'VmHWM') : NaN;
    const top = Number.isFinite(hwm) ? Math.max(peak[name], hwm) : peak[name];
    memory[name] = { baseline: baseline[name], peak: top, growth: top - baseline[name], kernelPeak: kernelPeak[name] };
  }
  return { result, memory };
}

export const MB = 1024 * 1024;

const formatMs = (ms) => (ms === undefined || ms === null ? '' : `${ms < 10 ? ms.toFixed(1) : ms.toFixed(0)} ms`);

/** A result row as the table shows it. */
function cells(row) {
  const value = row.p95 !== undefined ? formatMs(row.p95) : (row.display ?? String(row.value ?? ''));
  const met = row.met === null || row.met === undefined ? '-' : row.met ? 'yes' : 'MISSED';
  return [row.measure, row.median !== undefined ? formatMs(row.median) : '', value, row.target ?? '', met];
}

export function printTable(rows) {
  const header = ['measure', 'median', 'p95 / value', 'target', 'met'];
  const lines = [header, ...rows.map(cells)];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  const right = new Set([1, 2]);
  const format = (line) =>
    line
      .map((cell, column) => (right.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines.slice(1)) console.log(format(line));
}

/**
 * The parts of a multipart/form-data upload around one file: its fields and the file's part header, then the
 * closing line. The caller sends the file's bytes between them, as a stream or a buffer.
 */
export function multipartFrame(fields, fileName, contentType) {
  const boundary = `----family-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A file on disk as a multipart upload named `fileName`, streamed from the disk with its exact length. */
export function multipartFile(file, size, fileName, contentType) {
  const { head, tail, contentType: type } = multipartFrame({}, fileName, contentType);
  async function* parts() {
    yield head;
    yield* fs.createReadStream(file, { highWaterMark: MB });
    yield tail;
  }
  return {
    headers: { 'content-type': type, 'content-length': String(head.length + size + tail.length) },
    body: Readable.from(parts()),
  };
}
