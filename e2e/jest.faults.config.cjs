// Fault injection against the whole archive, started as `npm start` starts it but with a Postgres and a Redis of
// its own that the tests stop and pause: `npm run test:faults` (Linux, needs redis-server on the PATH).
const preset = require('@family/shared/jest-preset');

module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: ['<rootDir>/faults/**/*.test.ts'],
  globalSetup: '<rootDir>/faults/support/global-setup.cjs',
  globalTeardown: '<rootDir>/faults/support/global-teardown.cjs',
  testTimeout: 120000,
  maxWorkers: 1,
};
