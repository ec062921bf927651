module.exports = {
  ...require('@family/shared/jest-preset'),
  globalSetup: require.resolve('@family/shared/test-database-setup'),
  globalTeardown: require.resolve('@family/shared/test-database-teardown'),
  // The test files share one database: one at a time, so two apps never run the migrations at once.
  maxWorkers: 1,
};
