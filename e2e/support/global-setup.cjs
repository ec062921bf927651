// Starts the shared test archive (start-archive.cjs: scripts/start.mjs, exactly as `npm start` does), plus Redis
// for sessions, and waits for its "ready" line. The build is done by `npm test` before.
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');
const config = require('./stack-config.cjs');
const { startArchive } = require('./start-archive.cjs');

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
  // Sessions and login counters of an earlier run must not leak into this one.
  const { Redis } = require('ioredis');
  const redis = new Redis(config.redisUrl);
  await redis.flushdb();
  await redis.quit();

  fs.mkdirSync(config.stateDir, { recursive: true });
  const { child, dataDir, env } = await startArchive({
    ports: config,
    redisUrl: config.redisUrl,
    logFile: path.join(config.stateDir, 'stack.log'),
    started: (process, folder) =>
      fs.writeFileSync(config.stateFile, JSON.stringify({ pid: process.pid, dataDir: folder })),
  });
  const state = { pid: child.pid, dataDir, baseUrl: `http://127.0.0.1:${config.gatewayPort}`, env };
  fs.writeFileSync(config.stateFile, JSON.stringify(state, null, 2));
  globalThis.__familyStack = child;
};
