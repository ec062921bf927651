import { DynamicModule, Global, Module } from '@nestjs/common';
import { READINESS_CHECKS, type ReadinessCheck } from '@family/shared/nest';
import { createStorage, storageEnv, storageOptionsFromEnv, type ObjectStorage } from '@family/shared/storage';
import { DEFAULT_STORAGE_DIR, type ProfileConfig } from '../config';

/** The object storage profile pictures live in (inject with `@Inject(PICTURE_STORAGE)`). */
export const PICTURE_STORAGE = Symbol('PICTURE_STORAGE');

/**
 * Global so the shared health controller sees the readiness check: /ready fails while storage is unreachable.
 * The bucket or folder is made ready before the service starts listening.
 */
@Global()
@Module({})
export class PictureStorageModule {
  static register(config: ProfileConfig): DynamicModule {
    return {
      module: PictureStorageModule,
      providers: [
        {
          provide: PICTURE_STORAGE,
          useFactory: async (): Promise<ObjectStorage> => {
            const storage = createStorage(storageOptionsFromEnv(storageEnv(config), DEFAULT_STORAGE_DIR));
            await storage.ensureReady();
            return storage;
          },
        },
        {
          provide: READINESS_CHECKS,
          inject: [PICTURE_STORAGE],
          useFactory: (storage: ObjectStorage): ReadinessCheck[] => [() => storage.ping()],
        },
      ],
      exports: [PICTURE_STORAGE, READINESS_CHECKS],
    };
  }
}
