import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, validateSync } from 'class-validator';

import type { ServiceName } from './service-names';

export class ConfigError extends Error {}

/**
 * Reads and checks configuration once at start. A missing or wrong variable stops the process with a
 * sentence naming it, instead of failing later in the middle of a request.
 */
export function loadConfig<T extends object>(configClass: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const config = plainToInstance(configClass, { ...env }, { enableImplicitConversion: true });
  const errors = validateSync(config, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.map((error) => {
      const reasons = Object.values(error.constraints ?? {}).join('; ');
      return `  ${error.property}: ${reasons}`;
    });
    throw new ConfigError(`Configuration is incomplete or wrong:\n${lines.join('\n')}`);
  }
  return config;
}

/** The names of the variables a config class requires: what `loadConfig` refuses to start without. */
export function requiredVariables<T extends object>(configClass: new () => T): string[] {
  try {
    loadConfig(configClass, {});
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(':')[0]);
  }
}

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** The port each service listens on in the embedded run, for the example in a config error's sentence. */
const EMBEDDED_PORTS: Record<ServiceName, number> = {
  auth: 3001,
  profile: 3002,
  media: 3003,
  albums: 3004,
  family: 3005,
};

/** `<NAME>_URL`: where another service answers; one check and one sentence for every process's config. */
export function IsServiceUrl(name: ServiceName): PropertyDecorator {
  return IsUrl(URL_OPTIONS, {
    message: `${name.toUpperCase()}_URL must be the ${name} service address, e.g. http://127.0.0.1:${EMBEDDED_PORTS[name]}`,
  });
}
const DB_URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['postgres', 'postgresql'] };

/** What every process of the archive needs: its database and how much it logs (a worker needs no more). */
export class WorkerConfig {
  @IsUrl(DB_URL_OPTIONS, {
    message: 'DATABASE_URL must be a postgres:// address, e.g. postgres://user:pass@host:5432/db',
  })
  DATABASE_URL!: string;

  @IsOptional()
  @IsIn(['error', 'warn', 'log', 'debug'])
  LOG_LEVEL: 'error' | 'warn' | 'log' | 'debug' = 'warn';
}

/** What every service needs besides: where it listens and the secret shared with the gateway. */
export class ServiceConfig extends WorkerConfig {
  @IsInt({ message: 'PORT must be a port number' })
  @Min(1)
  @Max(65535)
  PORT!: number;

  @IsOptional()
  @IsString()
  HOST: string = '127.0.0.1';

  @IsString({ message: 'INTERNAL_SECRET must be set (a long random string shared by the gateway and services)' })
  @MinLength(16, { message: 'INTERNAL_SECRET must be at least 16 characters' })
  INTERNAL_SECRET!: string;
}

/** A service that shows people (names, pictures) resolves them through the profile directory. */
export class DirectoryConfig extends ServiceConfig {
  @IsServiceUrl('profile')
  PROFILE_URL!: string;
}
