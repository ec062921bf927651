// The library's specs, and its integration specs against a fresh database on the real Postgres (the
// request-context test runs two services, which need a database for their health route).
module.exports = {
  ...require('./jest-preset.cjs'),
  globalSetup: require.resolve('./testing/test-database-setup.cjs'),
  globalTeardown: require.resolve('./testing/test-database-teardown.cjs'),
};
