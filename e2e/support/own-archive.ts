import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { runInfo } from './stack';
// The global setup (plain Node) and the tests share one way to start an archive.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import config = require('./stack-config.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
import archives = require('./start-archive.cjs');

export interface OwnArchive {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Runs one statement on the shared test stack's Postgres server, outside any archive's database. */
async function onServer(statement: string): Promise<void> {
  const server = new URL(runInfo().databaseUrl);
  server.pathname = '/postgres';
  const client = new Client({ connectionString: server.href });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A second archive, started as `npm start` starts one with DATABASE_URL, for a test whose data would change what
 * the tests after it see in the shared archive (20,000 people fill the People list and every takeout). It has a
 * database of its own on the shared stack's Postgres server (no second server to create: it starts in seconds),
 * files, ports and a data folder of its own, and sessions in memory; `stop` removes all of it. `name` names its
 * database and its log in e2e/.stack/.
 */
export async function startOwnArchive(name: string): Promise<OwnArchive> {
  const database = `family_${name.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
  await onServer(`CREATE DATABASE ${database}`);
  const url = new URL(runInfo().databaseUrl);
  url.pathname = `/${database}`;
  fs.mkdirSync(config.stateDir, { recursive: true });
  let started: Awaited<ReturnType<typeof archives.startArchive>>;
  try {
    started = await archives.startArchive({
      ports: config.ownArchive,
      redisUrl: null,
      databaseUrl: url.href,
      logFile: path.join(config.stateDir, `${name}.log`),
      prefix: `family-e2e-${name}-`,
    });
  } catch (error) {
    await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${config.ownArchive.gatewayPort}`,
    stop: async () => {
      await archives.stopArchive(started.child, started.dataDir);
      await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
