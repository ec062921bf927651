// API and browser tests against the whole archive, started the way `npm start` starts it.
const preset = require('@family/shared/jest-preset');

module.exports = {
  ...preset,
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  globalSetup: '<rootDir>/support/global-setup.cjs',
  globalTeardown: '<rootDir>/support/global-teardown.cjs',
  testTimeout: 60000,
  maxWorkers: 1,
};
