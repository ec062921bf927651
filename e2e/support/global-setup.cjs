// Starts the archive with scripts/start.mjs, exactly as `npm start` does (embedded Postgres, files in a data
// folder), plus Redis for sessions, and waits for its "ready" line. The build is done by `npm test` before.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const config = require('./stack-config.cjs');

function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A stack left running by an interrupted earlier run holds the ports: stop it first. */
async function stopLeftoverStack() {
  if (!fs.existsSync(config.stateFile)) return;
  const { pid } = JSON.parse(fs.readFileSync(config.stateFile, 'utf8'));
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // already gone
  }
  for (let waited = 0; waited < 30_000; waited += 250) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

module.exports = async function startStack() {
  await stopLeftoverStack();
  if (!(await redisAnswers(config.redisUrl))) {
    throw new Error(
      `No Redis answers at ${config.redisUrl}. Start one (e.g. \`redis-server --daemonize yes --port 6379\`) or set E2E_REDIS_URL.`,
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-e2e-'));
  // As root, embedded Postgres runs initdb as its own user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(config.gatewayPort),
    EMBEDDED_POSTGRES_PORT: String(config.postgresPort),
    REDIS_URL: config.redisUrl,
    SKIP_BUILD: 'true',
    TZ: 'UTC',
    // Uploads over the limit are tested with files of a test's size, not the default 10 GB.
    MAX_UPLOAD_MB: '50',
    ...Object.fromEntries(
      Object.entries(config.servicePorts).map(([name, port]) => [`${name.toUpperCase()}_PORT`, String(port)]),
    ),
  };
  delete env.DATABASE_URL;
  delete env.MINIO_ENDPOINT;

  // Sessions and login counters of an earlier run must not leak into this one.
  const { Redis } = require('ioredis');
  const redis = new Redis(config.redisUrl);
  await redis.flushdb();
  await redis.quit();

  fs.mkdirSync(config.stateDir, { recursive: true });
  const logFile = path.join(config.stateDir, 'stack.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(config.root, 'scripts', 'start.mjs')], {
    cwd: config.root,
    env,
    stdio: ['ignore', 'pipe', log],
    detached: false,
  });
  fs.writeFileSync(config.stateFile, JSON.stringify({ pid: child.pid, dataDir }));

  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The stack did not start within 180 s; see ${logFile}.`)), 180_000);
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      fs.writeSync(log, chunk);
      buffered += chunk.toString();
      if (buffered.includes('Family archive ready on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The stack stopped during start-up (exit ${code}); see ${logFile}.`));
    });
  });
  // Keep draining output so the child never blocks on a full pipe.
  child.stdout.on('data', (chunk) => fs.writeSync(log, chunk));

  const state = { pid: child.pid, dataDir, baseUrl: `http://127.0.0.1:${config.gatewayPort}`, env };
  fs.writeFileSync(config.stateFile, JSON.stringify(state, null, 2));
  globalThis.__familyStack = child;
};
