import 'reflect-metadata';
import { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig, ServiceConfig } from '../config';
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
  let config: C;
  try {
    config = loadConfig(configClass);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[${name}] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await NestFactory.create(moduleFor(config), {
    logger: new ArchiveLogger({ logLevels: logLevelsUpTo(config.LOG_LEVEL) }),
  });
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  console.log(`${name} listening on ${config.HOST}:${config.PORT}`);
}
