// Starts one archive with scripts/start.mjs, exactly as `npm start` does (embedded Postgres or DATABASE_URL, files
// in a data folder), and waits for its "ready" line. The shared test stack (global-setup.cjs) and a test that needs an
// archive of its own (own-archive.ts) both start theirs here. The build is done before.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const config = require('./stack-config.cjs');

/**
 * `ports`: {gatewayPort, servicePorts, postgresPort (the embedded one's)}; `redisUrl`: sessions in Redis, or
 * none (kept in memory); `databaseUrl`: a database to use instead of an embedded Postgres of its own; `logFile`:
 * where its output goes; `started(child, dataDir)`: told as soon as the process runs, so a run interrupted during
 * start-up can still be stopped. Answers the child process, its data folder and its environment.
 */
async function startArchive({ ports, redisUrl, databaseUrl, logFile, prefix = 'family-e2e-', started = () => {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // As root, embedded Postgres runs initdb as its own user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(ports.gatewayPort),
    SKIP_BUILD: 'true',
    TZ: 'UTC',
    // Uploads over the limit are tested with files of a test's size, not the default 10 GB.
    MAX_UPLOAD_MB: '50',
    // The shared archive runs without faces (their detector is slow on 2 cores); faces have their own tests in
    // services/media/test/faces.int-spec.ts. A test that wants them passes FACES=on in the environment.
    FACES: process.env.FACES ?? 'off',
    ...Object.fromEntries(
      Object.entries(ports.servicePorts).map(([name, port]) => [`${name.toUpperCase()}_PORT`, String(port)]),
    ),
  };
  delete env.DATABASE_URL;
  delete env.MINIO_ENDPOINT;
  delete env.REDIS_URL;
  if (redisUrl) env.REDIS_URL = redisUrl;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else env.EMBEDDED_POSTGRES_PORT = String(ports.postgresPort);

  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(config.root, 'scripts', 'start.mjs')], {
    cwd: config.root,
    env,
    stdio: ['ignore', 'pipe', log],
    detached: false,
  });
  started(child, dataDir);
  // Keep draining output so the child never blocks on a full pipe.
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    fs.writeSync(log, chunk);
    if (buffered !== null) buffered += chunk.toString();
  });
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The archive did not start within 180 s; see ${logFile}.`)),
        180_000,
      );
      const ready = () => {
        if (!buffered.includes('Family archive ready on')) return;
        clearTimeout(timer);
        child.stdout.off('data', ready);
        child.off('exit', stopped);
        buffered = null;
        resolve();
      };
      const stopped = (code) => {
        clearTimeout(timer);
        reject(new Error(`The archive stopped during start-up (exit ${code}); see ${logFile}.`));
      };
      child.stdout.on('data', ready);
      child.once('exit', stopped);
    });
  } catch (error) {
    await stopArchive(child, dataDir);
    throw error;
  }
  return { child, dataDir, env };
}

/** Stops an archive as a person would (Ctrl+C) and removes its data folder. */
async function stopArchive(child, dataDir) {
  if (child && child.exitCode === null && child.signalCode === null) {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
    });
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

module.exports = { startArchive, stopArchive };
