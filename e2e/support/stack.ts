import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
// The global setup (plain Node) and the tests share one description of the stack.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import config = require('./stack-config.cjs');

interface StackState {
  pid: number;
  dataDir: string;
  baseUrl: string;
  env: NodeJS.ProcessEnv;
}

/** The running test stack that global-setup started. */
export const stack: StackState = JSON.parse(fs.readFileSync(config.stateFile, 'utf8'));
export const baseUrl = stack.baseUrl;
export const repoRoot = config.root;

/** What `npm start` wrote about the running stack: child pids and the database address. */
export function runInfo(): { pids: Record<string, number>; databaseUrl: string } {
  return JSON.parse(fs.readFileSync(path.join(stack.dataDir, 'run.json'), 'utf8'));
}

export function secrets(): { sessionSecret: string; internalSecret: string } {
  return JSON.parse(fs.readFileSync(path.join(stack.dataDir, 'secrets.json'), 'utf8'));
}

/**
 * A reset code made by the operator's command, exactly as the README tells them to. Run without blocking, so the
 * test's kept-alive connections notice meanwhile when the gateway closes them (a blocked test would send its next
 * request on a closed one: "other side closed").
 */
export function makeResetCode(username: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['run', '--silent', 'reset-code', '--', username],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: stack.dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
      (_error, stdout, stderr) => {
        const match = /Reset code for \S+: (\S+)/.exec(stdout);
        if (match) resolve(match[1]!);
        else reject(new Error(`reset-code printed no code: ${stdout}${stderr}`));
      },
    );
  });
}

export function servicePort(name: keyof typeof config.servicePorts): number {
  return config.servicePorts[name];
}

/** Starts one more process of a package (e.g. a second gateway) with the stack's configuration. */
export async function startExtraProcess(
  script: string,
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const s = secrets();
  const urls = Object.fromEntries(
    Object.entries(config.servicePorts).map(([name, p]) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${p}`]),
  );
  const child = spawn(process.execPath, [path.join(repoRoot, script)], {
    env: {
      ...process.env,
      ...urls,
      SESSION_SECRET: s.sessionSecret,
      INTERNAL_SECRET: s.internalSecret,
      DATABASE_URL: runInfo().databaseUrl,
      REDIS_URL: config.redisUrl,
      STORAGE_DIR: path.join(stack.dataDir, 'objects'),
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2000) })).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`${script} did not become ready on port ${port}: ${errors}`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
