module.exports = {
  ...require('@family/shared/jest-preset'),
  globalSetup: require.resolve('@family/shared/test-database-setup'),
  globalTeardown: require.resolve('@family/shared/test-database-teardown'),
};
