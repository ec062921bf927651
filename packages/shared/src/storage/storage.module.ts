import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { READINESS_CHECKS, type ReadinessCheck } from '../nest/health.controller';
import { createStorage, storageOptionsFromEnv } from './create-storage';
import type { ObjectStorage } from './object-storage';
import { type StorageSettings, storageEnv } from './storage-config';

/** The folder objects go to when neither STORAGE_DIR nor MinIO is set (relative to where the service runs). */
export const DEFAULT_STORAGE_DIR = './data/objects';

export interface ObjectStorageModuleOptions {
  /** What the service injects its storage by (`@Inject(token)`). */
  token: symbol;
  /** The service's checked config: its storage variables choose MinIO or a folder. */
  config: StorageSettings;
}

/**
 * A service's object storage, one way for every service. A wrong MINIO_* setting stops the service at start
 * with a sentence naming it. Storage that is not reachable yet (a MinIO container still starting) does not:
 * the service starts, and its readiness check (global, so the shared health controller finds it) fails until
 * storage answers.
 */
@Module({})
export class ObjectStorageModule {
  static register({ token, config }: ObjectStorageModuleOptions): DynamicModule {
    const options = storageOptionsFromEnv(storageEnv(config), DEFAULT_STORAGE_DIR);
    return {
      module: ObjectStorageModule,
      global: true,
      providers: [
        {
          provide: token,
          useFactory: async (): Promise<ObjectStorage> => {
            const storage = createStorage(options);
            try {
              await storage.ensureReady();
            } catch (error) {
              new Logger('Storage').warn(`Object storage is not ready yet: ${(error as Error).message}`);
            }
            return storage;
          },
        },
        {
          provide: READINESS_CHECKS,
          inject: [token],
          useFactory: (storage: ObjectStorage): ReadinessCheck[] => {
            let prepared = false;
            return [
              async () => {
                // The bucket or folder is made once storage answers, if it could not be made at start.
                if (!prepared) {
                  await storage.ensureReady();
                  prepared = true;
                }
                await storage.ping();
              },
            ];
          },
        },
      ],
      exports: [token, READINESS_CHECKS],
    };
  }
}
