#!/usr/bin/env node
// `npm run reset-code -- <username>`: prints a one-time password reset code (valid 24 hours).
// Uses DATABASE_URL when set, else the database of the archive that `npm start` is running.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const cli = path.join(root, 'services', 'auth', 'dist', 'cli', 'reset-code.js');

let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const runFile = path.join(dataDir, 'run.json');
  if (!fs.existsSync(runFile)) {
    console.error('The archive is not running. Start it with `npm start` (or set DATABASE_URL), then try again.');
    process.exit(2);
  }
  databaseUrl = JSON.parse(fs.readFileSync(runFile, 'utf8')).databaseUrl;
}
if (!fs.existsSync(cli)) {
  console.error('The archive has not been built yet. Run `npm run build` first.');
  process.exit(2);
}
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
process.exit(result.status ?? 1);
