import 'reflect-metadata';
import { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig, ServiceConfig, WorkerConfig } from '../config';
import { ArchiveLogger, logLevelsUpTo } from './archive-logger';

/**
 * Starts a service: checks its configuration first (a wrong variable stops it with a sentence),
 * then builds the app, closes cleanly on SIGTERM/SIGINT, and listens.
 */
export async function runService<C extends ServiceConfig>(
  name: string,
  configClass: new () => C,
  moduleFor: (config: C) => DynamicModule,
): Promise<void> {
  const config = checkedConfig(name, configClass);
  const app = await NestFactory.create(moduleFor(config), { logger: loggerFor(config) });
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  console.log(`${name} listening on ${config.HOST}:${config.PORT}`);
}

/**
 * Starts a worker: the same configuration check and modules as a service, but no HTTP server; its providers
 * take jobs from the queue once the application has started (docs/architecture.md#background-jobs).
 */
export async function runWorker<C extends WorkerConfig>(
  name: string,
  configClass: new () => C,
  moduleFor: (config: C) => DynamicModule,
): Promise<void> {
  const config = checkedConfig(name, configClass);
  const app = await NestFactory.createApplicationContext(moduleFor(config), { logger: loggerFor(config) });
  app.enableShutdownHooks();
  await app.init();
  console.log(`${name} is taking jobs`);
}

function checkedConfig<C extends WorkerConfig>(name: string, configClass: new () => C): C {
  try {
    return loadConfig(configClass);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[${name}] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function loggerFor(config: WorkerConfig): ArchiveLogger {
  return new ArchiveLogger({ logLevels: logLevelsUpTo(config.LOG_LEVEL) });
}
