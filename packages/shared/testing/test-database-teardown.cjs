// Jest globalTeardown: drops this run's database (and stops an embedded Postgres if setup started one).
const { Client } = require('pg');

module.exports = async function teardownTestDatabase() {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  const name = process.env.TEST_DATABASE_NAME;
  if (adminUrl && name) {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  if (globalThis.__embeddedPostgres) await globalThis.__embeddedPostgres.stop();
};
