// The archive as the benchmark runs it: a fresh database on the machine's Postgres, the built services and the
// gateway as child processes on ports of their own, and a counting relay in front of the services that other
// services call, so the benchmark can tell how many internal calls one API request made.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..', '..');

// BENCH_PORT_BASE moves every port (services at base+1…5, relays base+12…14, gateway base+80), so that two
// checkouts can measure on one machine.
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 13400);
const SERVICES = [
  { name: 'auth', port: PORT_BASE + 1 },
  { name: 'profile', port: PORT_BASE + 2, relayPort: PORT_BASE + 12 },
  { name: 'media', port: PORT_BASE + 3, relayPort: PORT_BASE + 13 },
  { name: 'albums', port: PORT_BASE + 4, relayPort: PORT_BASE + 14 },
  { name: 'family', port: PORT_BASE + 5 },
];
const GATEWAY_PORT = process.env.BENCH_PORT_BASE ? PORT_BASE + 80 : 18480;
/** BENCH_CPU_PROF=<folder>: every process writes a V8 CPU profile there when it stops (node --cpu-prof). */
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
/** Lines of each process's output kept to explain a failure. */
const LOG_TAIL = 60;

// Settings of the caller's own archive that must not leak into the benchmark's (its own database, folder, signup).
const DROPPED_VARIABLES = /^(DATABASE_URL|REDIS_URL|MINIO_.*|STORAGE_DIR|SIGNUP|PORT|HOST|.*_PORT|.*_URL|LOG_LEVEL)$/;

export function adminDatabaseUrl() {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** Creates `family_bench_<random>` next to the admin database and answers its address. */
export async function createDatabase(adminUrl) {
  const name = `family_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Counts the internal calls made to one service by the others, then passes them on unchanged. The calling
 * service is named in its service token (a JWT; only its payload is read here, the service checks the rest).
 */
class CountingRelay {
  constructor(target, port) {
    this.target = target;
    this.port = port;
    this.calls = [];
    this.agent = new http.Agent({ keepAlive: true });
    this.server = http.createServer((req, res) => this.relay(req, res));
    this.server.keepAliveTimeout = 30_000;
  }

  listen() {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', resolve);
    });
  }

  relay(req, res) {
    const path = (req.url ?? '').split('?')[0].replace(/\/\d+(?=\/|$)/g, '/:id');
    const call = {
      from: callerOf(req.headers['x-service-token']),
      to: this.target.name,
      route: `${req.method} ${path}`,
    };
    this.calls.push(call);
    const started = performance.now();
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: this.target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: this.agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => (call.ms = performance.now() - started));
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"message":"The benchmark relay could not reach the service."}');
    });
    req.pipe(upstream);
  }

  close() {
    this.agent.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function callerOf(token) {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString('utf8')).sub ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The running archive: start(), then the gateway's address, the processes' ids, internal-call counts; stop(). */
export class BenchStack {
  constructor(databaseUrl) {
    this.databaseUrl = databaseUrl;
    this.storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-bench-objects-'));
    this.gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}`;
    this.children = new Map();
    /** How each process was started, to start it again (restart). */
    this.spawned = new Map();
    this.logs = new Map();
    this.relays = [];
    this.stopping = false;
    this.failure = null;
  }

  pid(name) {
    return this.children.get(name)?.pid;
  }

  /** Internal calls seen since the last reset, grouped `caller -> service ROUTE`: how many, how long on average. */
  internalCalls() {
    const calls = this.relays.flatMap((relay) => relay.calls);
    const byRoute = {};
    for (const call of calls) {
      const key = `${call.from} -> ${call.to} ${call.route}`;
      byRoute[key] ??= { count: 0, totalMs: 0 };
      byRoute[key].count += 1;
      byRoute[key].totalMs += call.ms ?? 0;
    }
    for (const route of Object.values(byRoute)) {
      route.averageMs = Math.round((route.totalMs / route.count) * 10) / 10;
      delete route.totalMs;
    }
    return { total: calls.length, byRoute };
  }

  resetInternalCalls() {
    for (const relay of this.relays) relay.calls = [];
  }

  async start() {
    const ports = [GATEWAY_PORT, ...SERVICES.flatMap((s) => (s.relayPort ? [s.port, s.relayPort] : [s.port]))];
    for (const port of ports) {
      if (!(await portIsFree(port))) throw new Error(`Port ${port} on 127.0.0.1 is taken; the benchmark needs it.`);
    }
    for (const service of SERVICES.filter((s) => s.relayPort)) {
      const relay = new CountingRelay(service, service.relayPort);
      await relay.listen();
      this.relays.push(relay);
    }

    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !DROPPED_VARIABLES.test(name)));
    const secret = randomBytes(32).toString('base64url');
    // Services reach each other through the relays (where there is one); the gateway reaches them directly.
    const viaRelay = Object.fromEntries(
      SERVICES.map((s) => [`${s.name.toUpperCase()}_URL`, `http://127.0.0.1:${s.relayPort ?? s.port}`]),
    );
    const direct = Object.fromEntries(
      SERVICES.map((s) => [`${s.name.toUpperCase()}_URL`, `http://127.0.0.1:${s.port}`]),
    );
    const shared = {
      ...base,
      DATABASE_URL: this.databaseUrl,
      INTERNAL_SECRET: secret,
      STORAGE_DIR: this.storageDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    // One at a time: each runs its migrations against the new database at start.
    for (const service of SERVICES) {
      this.spawn(
        service.name,
        path.join('services', service.name, 'dist', 'main.js'),
        { ...shared, ...viaRelay, PORT: String(service.port) },
        service.port,
      );
      await this.waitReady(service.name, service.port);
    }
    // The media worker prepares uploads, writes takeout exports and runs imports in the background, as `npm start`
    // runs it; exports and imports ask the other services.
    this.spawn('media-worker', path.join('services', 'media', 'dist', 'worker.js'), { ...shared, ...viaRelay });
    // The family worker runs GEDCOM imports from the queue; it has no port, and is up once its queue is open.
    // Its configuration is the family service's (PORT included, though it listens on none).
    const familyPort = String(SERVICES.find((s) => s.name === 'family').port);
    this.spawn('family-worker', path.join('services', 'family', 'dist', 'worker.js'), {
      ...shared,
      ...viaRelay,
      PORT: familyPort,
    });
    this.spawn(
      'gateway',
      path.join('gateway', 'dist', 'main.js'),
      { ...shared, ...direct, PORT: String(GATEWAY_PORT), SESSION_SECRET: randomBytes(32).toString('base64url') },
      GATEWAY_PORT,
    );
    await this.waitReady('gateway', GATEWAY_PORT);
  }

  /**
   * Stops the named processes and starts them again as they were, waiting until they answer: a section that
   * measures memory or CPU per request then starts from fresh heaps, not from what gigabytes of earlier sections
   * left in them. The gateway keeps sessions in memory here: sign in again after restarting it.
   */
  async restart(names) {
    for (const name of names) {
      const child = this.children.get(name);
      const { script, env, port } = this.spawned.get(name);
      if (child) {
        child.expectedExit = true;
        await new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        });
      }
      this.spawn(name, script, env, port);
      if (port !== null) await this.waitReady(name, port);
    }
  }

  /** Starts a process; `port` is the one it answers /ready on (null for the workers), for restart. */
  spawn(name, script, env, port = null) {
    this.spawned.set(name, { script, env, port });
    const file = path.join(root, script);
    if (!fs.existsSync(file)) throw new Error(`${script} is missing: run \`npm run build\` first.`);
    const profile = CPU_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`]
      : [];
    const child = spawn(process.execPath, [...profile, file], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = [];
    this.logs.set(name, lines);
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (lines.length > LOG_TAIL) lines.shift();
      });
    }
    child.on('exit', (code, signal) => {
      if (this.children.get(name) === child) this.children.delete(name);
      if (!this.stopping && !child.expectedExit)
        this.failure ??= new Error(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
    });
    this.children.set(name, child);
  }

  async waitReady(name, port, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.failure) throw this.failure;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${name} was not ready within ${timeoutMs / 1000} s.`);
  }

  /** Throws when a process died since the last check. */
  check() {
    if (this.failure) throw this.failure;
  }

  /** The tail of every process's output, to explain a failure. */
  logTail() {
    return [...this.logs]
      .filter(([, lines]) => lines.length > 0)
      .map(([name, lines]) => lines.map((line) => `[${name}] ${line}`).join('\n'))
      .join('\n');
  }

  async stop() {
    this.stopping = true;
    await Promise.all(
      [...this.children.values()].map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await Promise.all(this.relays.map((relay) => relay.close()));
    fs.rmSync(this.storageDir, { recursive: true, force: true });
  }
}
