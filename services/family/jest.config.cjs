module.exports = {
  ...require('@family/shared/jest-preset'),
  globalSetup: require.resolve('@family/shared/test-database-setup'),
  globalTeardown: require.resolve('@family/shared/test-database-teardown'),
  // The integration files share one database: one at a time, so their migrations never run at once.
  maxWorkers: 1,
};
