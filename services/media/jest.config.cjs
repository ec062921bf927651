// exifr reads dates in the process time zone; the service reads the raw EXIF text, but keep every run alike.
process.env.TZ = 'UTC';

module.exports = {
  ...require('@family/shared/jest-preset'),
  globalSetup: require.resolve('@family/shared/test-database-setup'),
  globalTeardown: require.resolve('@family/shared/test-database-teardown'),
  // The test files share one database and each starts the services (migrations run at start): one at a time.
  maxWorkers: 1,
};
