import { TypeOrmModule } from '@nestjs/typeorm';
import { Client, types } from 'pg';

// Calendar dates (birthdays, media dates) stay 'YYYY-MM-DD' strings: never shifted by a time zone.
types.setTypeParser(types.builtins.DATE, (value: string) => value);
import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

export interface DatabaseOptions {
  url: string;
  /** Each service owns one Postgres schema; nothing crosses schemas. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** The TypeORM options a service runs with (and its migration CLI uses): migrations at start, never synchronize. */
export function dataSourceOptions(options: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsRun: true,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Unqualified names in migrations and queries land in the service's own schema.
    extra: { max: 10, options: `-c search_path="${options.schema}"` },
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

export function databaseModule(options: DatabaseOptions) {
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      await ensureSchema(options.url, options.schema);
      return dataSourceOptions(options);
    },
  });
}
