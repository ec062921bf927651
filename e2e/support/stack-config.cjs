// Where the test stack lives: ports away from a developer's own `npm start`, data in a temp folder.
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const stateDir = path.join(__dirname, '..', '.stack');

// E2E_PORT_BASE moves every port at once, so two checkouts can run their tests side by side.
const base = process.env.E2E_PORT_BASE ? Number(process.env.E2E_PORT_BASE) : null;

module.exports = {
  root,
  stateDir,
  stateFile: path.join(stateDir, 'stack.json'),
  gatewayPort: Number(process.env.E2E_PORT ?? (base ? base + 80 : 18080)),
  servicePorts: Object.fromEntries(
    ['auth', 'profile', 'media', 'albums', 'family'].map((name, index) => [name, (base ?? 13100) + index + 1]),
  ),
  postgresPort: Number(process.env.E2E_POSTGRES_PORT ?? (base ? base + 33 : 15433)),
  redisUrl: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/3',
  // A second archive a test starts for itself (own-archive.ts) beside the shared one, on the ports after it; its
  // database is on the shared stack's Postgres.
  ownArchive: {
    gatewayPort: base ? base + 90 : 18090,
    servicePorts: Object.fromEntries(
      ['auth', 'profile', 'media', 'albums', 'family'].map((name, index) => [name, (base ?? 13100) + 41 + index]),
    ),
  },
};
