import { DynamicModule, Global, MiddlewareConsumer, Module, NestModule, type OnModuleInit } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, HttpAdapterHost } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { DirectoryClient } from '../directory-client';
import { InternalClient } from '../internal-client';
import { ChangeAnnouncementInterceptor } from './change-announcements';
import { ChangeAnnouncements, ChangeGenerations } from './change-generations';
import { CORE_OPTIONS, type CoreOptions } from './core-options';
import { DataStoreUnavailableInterceptor } from './data-store-unavailable';
import { ErrorFilter } from './error.filter';
import { HealthController } from './health.controller';
import { IdentityGuard } from './identity.guard';
import { JsonBodyGuard } from './json-body.guard';
import { RequestContextMiddleware } from './request-context.middleware';
import { createValidationPipe } from './validation';

/**
 * The skeleton every service shares: request context, identity guard, JSON bodies only, error filter,
 * validation, a 503 for a data store that is down, health, internal clients.
 */
@Global()
@Module({})
export class ArchiveCoreModule implements NestModule, OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** Services do not announce what they are built with (Express's X-Powered-By). */
  onModuleInit(): void {
    const server = this.adapterHost.httpAdapter?.getInstance() as { disable?: (setting: string) => void } | undefined;
    server?.disable?.('x-powered-by');
  }

  static forRoot(options: CoreOptions): DynamicModule {
    const caches = options.caches ?? [];
    const announces = options.announces ?? [];
    const changes = [
      ...(caches.length > 0
        ? [
            {
              provide: ChangeGenerations,
              inject: [DataSource],
              useFactory: (db: DataSource) => new ChangeGenerations(db),
            },
          ]
        : []),
      ...(caches.length > 0 || announces.length > 0
        ? [
            {
              provide: ChangeAnnouncements,
              inject: [DataSource],
              useFactory: (db: DataSource) => new ChangeAnnouncements(db),
            },
          ]
        : []),
    ];
    const providers = [
      ...changes,
      { provide: CORE_OPTIONS, useValue: options },
      { provide: APP_GUARD, useClass: IdentityGuard },
      { provide: APP_GUARD, useClass: JsonBodyGuard },
      { provide: APP_FILTER, useClass: ErrorFilter },
      { provide: APP_PIPE, useFactory: createValidationPipe },
      { provide: APP_INTERCEPTOR, useClass: DataStoreUnavailableInterceptor },
      { provide: APP_INTERCEPTOR, useClass: ChangeAnnouncementInterceptor },
      {
        provide: InternalClient,
        useValue: new InternalClient(options.serviceName, options.internalSecret, options.processName),
      },
      {
        provide: DirectoryClient,
        inject: [InternalClient, { token: ChangeGenerations, optional: true }],
        useFactory: (client: InternalClient, generations?: ChangeGenerations) =>
          new DirectoryClient(
            client,
            options.profileUrl ?? 'http://profile.invalid',
            generations && caches.includes('people') ? () => generations.current('people') : undefined,
          ),
      },
    ];
    return {
      module: ArchiveCoreModule,
      controllers: [HealthController],
      providers,
      exports: [CORE_OPTIONS, InternalClient, DirectoryClient, ...changes.map((provider) => provider.provide)],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestContextMiddleware).forRoutes('*');
  }
}
