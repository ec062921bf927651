module.exports = {
  ...require('./jest-preset.cjs'),
  // The request-context test runs two services, and services need a database for their health route.
  globalSetup: require.resolve('./testing/test-database-setup.cjs'),
  globalTeardown: require.resolve('./testing/test-database-teardown.cjs'),
};
