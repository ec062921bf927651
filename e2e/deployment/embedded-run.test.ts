import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// `npm start` as a person uses it: start, use, Ctrl+C, start again on the same data.
const root = path.resolve(__dirname, '..', '..');
const PORT = 18180;
const POSTGRES_PORT = 15533;
const SERVICE_PORTS = {
  AUTH_PORT: 13301,
  PROFILE_PORT: 13302,
  MEDIA_PORT: 13303,
  ALBUMS_PORT: 13304,
  FAMILY_PORT: 13305,
};
const base = `http://127.0.0.1:${PORT}`;

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function start(dataDir: string): Promise<{ child: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(Object.entries(SERVICE_PORTS).map(([name, port]) => [name, String(port)])),
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    EMBEDDED_POSTGRES_PORT: String(POSTGRES_PORT),
    SKIP_BUILD: 'true',
  };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'MINIO_ENDPOINT',
    'STORAGE_DIR',
    'SESSION_SECRET',
    'INTERNAL_SECRET',
    'FACES',
  ])
    delete env[name];
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in 120 s:\n${output}`)), 120_000);
    const check = () => {
      if (output.includes(`Family archive ready on http://localhost:${PORT}`)) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start stopped (exit ${code}):\n${output}`));
    });
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

async function call(method: string, pathname: string, body?: unknown, cookie = '') {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json(),
    cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '',
  };
}

describe('the embedded run (npm start)', () => {
  let dataDir: string;
  let running: ChildProcess | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-embedded-'));
    fs.chmodSync(dataDir, 0o755); // as root, embedded Postgres runs initdb as its own user
  });

  afterAll(async () => {
    if (running && running.exitCode === null && running.signalCode === null) await stop(running);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops everything on Ctrl+C, Postgres included, and a second start keeps the data', async () => {
    const first = await start(dataDir);
    running = first.child;
    expect(first.output()).toContain('sessions are kept in memory');
    const signedUp = await call('POST', '/api/register', {
      username: 'grandma',
      password: 'roses-are-red',
      displayName: 'Grandma',
    });
    expect(signedUp.status).toBe(201);
    expect(
      (await call('POST', '/api/memories', { title: 'Wedding', content: 'June 1961.' }, signedUp.cookie)).status,
    ).toBe(201);

    const { pids } = JSON.parse(fs.readFileSync(path.join(dataDir, 'run.json'), 'utf8')) as {
      pids: Record<string, number>;
    };
    expect(Object.keys(pids).sort()).toEqual([
      'albums',
      'auth',
      // Faces are on by default (README "Configuration"), in a worker of their own.
      'faces-worker',
      'family',
      'family-worker',
      'gateway',
      'media',
      'media-worker',
      'profile',
    ]);
    const secrets = fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8');

    expect(await stop(first.child)).toBe(0);
    expect(Object.values(pids).filter(alive)).toEqual([]);
    expect(await listening(PORT)).toBe(false);
    expect(await listening(POSTGRES_PORT)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'run.json'))).toBe(false);

    const second = await start(dataDir);
    running = second.child;
    expect(second.output()).not.toContain('first start');
    expect(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
    // Sessions were in memory, so grandma signs in again; her account and memories are still there.
    expect((await call('GET', '/api/user', undefined, signedUp.cookie)).status).toBe(401);
    const login = await call('POST', '/api/login', {
      username: 'grandma',
      password: 'roses-are-red',
      displayName: 'grandma',
    });
    expect(login.status).toBe(200);
    const memories = await call('GET', '/api/memories', undefined, login.cookie);
    expect(memories.body.map((memory: { title: string }) => memory.title)).toEqual(['Wedding']);
    expect(await stop(second.child)).toBe(0);
  });

  it('starts a service again when it stops unexpectedly, and logs it', async () => {
    const run = await start(dataDir);
    running = run.child;
    const runFile = path.join(dataDir, 'run.json');
    const pidOf = (name: string) => (JSON.parse(fs.readFileSync(runFile, 'utf8')) as RunFile).pids[name];
    const killed = pidOf('albums');
    process.kill(killed, 'SIGKILL');

    const deadline = Date.now() + 15_000;
    let back = false;
    while (!back && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      back = pidOf('albums') !== killed && (await listening(SERVICE_PORTS.ALBUMS_PORT));
    }
    expect(back).toBe(true);
    expect(run.output()).toContain('albums stopped unexpectedly (SIGKILL); restarting it in 1 s.');
    expect(alive(pidOf('albums'))).toBe(true);

    // Ctrl+C still stops everything, the restarted process included.
    const pids = Object.values((JSON.parse(fs.readFileSync(runFile, 'utf8')) as RunFile).pids);
    expect(await stop(run.child)).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
  });
});

interface RunFile {
  pids: Record<string, number>;
}
