// Checks of the production setup that need no running archive (so no globalSetup stack): the compose file
// against each program's configuration check, and scripts/backup + scripts/restore against the Postgres at
// TEST_DATABASE_URL. Run: npx jest -c e2e/jest.deployment.config.cjs
const preset = require('@family/shared/jest-preset');

module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: ['<rootDir>/deployment/**/*.test.ts'],
  testTimeout: 120000,
};
