import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  keepHeartbeat(name);
  console.log(`${name} is taking jobs`);
}

/** Where a worker shows it is alive; compose's healthcheck reads the file's age (see `workerHeartbeatFile`). */
export function workerHeartbeatFile(name: string): string {
  return process.env.HEARTBEAT_FILE ?? path.join(os.tmpdir(), `family-${name}.alive`);
}

/**
 * A worker answers no HTTP, so it touches a file every 10 s while its event loop runs; a worker that is stuck or
 * gone leaves the file to age, and compose's healthcheck (at most 60 s old) marks the container unhealthy.
 */
function keepHeartbeat(name: string): void {
  const file = workerHeartbeatFile(name);
  const touch = () => {
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      fs.writeFileSync(file, '');
    }
  };
  touch();
  setInterval(touch, 10_000).unref();
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
