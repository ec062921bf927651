import { TypeOrmModule } from '@nestjs/typeorm';
import { Client, types } from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';

// Calendar dates (birthdays, media dates) stay 'YYYY-MM-DD' strings: never shifted by a time zone.
types.setTypeParser(types.builtins.DATE, (value: string) => value);

/**
 * Fail fast: a request never waits long on a database that is stopped or paused. Connecting or waiting for a
 * free connection gives up after CONNECT_TIMEOUT_MS, a statement after STATEMENT_TIMEOUT_MS (on the server,
 * and on the client too, since a paused server cancels nothing). Together they keep a 503 within 3 s.
 */
export const DATABASE_TIMEOUTS = { CONNECT_TIMEOUT_MS: 2000, STATEMENT_TIMEOUT_MS: 2500 } as const;

export interface DatabaseOptions {
  url: string;
  /** Each service owns one Postgres schema; nothing crosses schemas. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** What every connection is set up with: its schema first, and for the app the statement timeout. */
function connectionOptions(schema: string, statementTimeoutMs?: number): string {
  // Unqualified names in migrations and queries land in the service's own schema.
  const settings = [`-c search_path="${schema}"`];
  if (statementTimeoutMs) settings.push(`-c statement_timeout=${statementTimeoutMs}`);
  return settings.join(' ');
}

/** The TypeORM options a service runs with (and its migration CLI uses): timeouts, never synchronize. */
export function dataSourceOptions(options: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsRun: false,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: {
      max: 10,
      options: connectionOptions(options.schema, DATABASE_TIMEOUTS.STATEMENT_TIMEOUT_MS),
      connectionTimeoutMillis: DATABASE_TIMEOUTS.CONNECT_TIMEOUT_MS,
      query_timeout: DATABASE_TIMEOUTS.STATEMENT_TIMEOUT_MS,
      // A peer that vanished without closing the connection is noticed instead of waited on.
      keepAlive: true,
    },
  };
}

/** The schema must exist before TypeORM can keep its migrations table in it. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Brings the service's schema up to date on its own short-lived connection, without the app's timeouts: a
 * migration over many rows may rightly take minutes.
 */
export async function runMigrations(options: DatabaseOptions): Promise<void> {
  await ensureSchema(options.url, options.schema);
  const dataSource = new DataSource({
    ...dataSourceOptions(options),
    extra: { max: 1, options: connectionOptions(options.schema) },
  });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

export function databaseModule(options: DatabaseOptions) {
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      await runMigrations(options);
      return dataSourceOptions(options);
    },
  });
}
