// Where the test stack lives: ports away from a developer's own `npm start`, data in a temp folder.
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const stateDir = path.join(__dirname, '..', '.stack');

module.exports = {
  root,
  stateDir,
  stateFile: path.join(stateDir, 'stack.json'),
  gatewayPort: Number(process.env.E2E_PORT ?? 18080),
  servicePorts: { auth: 13101, profile: 13102, media: 13103, albums: 13104, family: 13105 },
  postgresPort: Number(process.env.E2E_POSTGRES_PORT ?? 15433),
  redisUrl: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/3',
};
