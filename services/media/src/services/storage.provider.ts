import * as path from 'node:path';
import { Logger, type Provider } from '@nestjs/common';
import { READINESS_CHECKS, type ReadinessCheck } from '@family/shared/nest';
import { createStorage, type ObjectStorage, storageOptionsFromEnv } from '@family/shared/storage';
import type { MediaConfig } from '../config';

/** The object storage media files and thumbnails live in. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

export function storageProviders(config: MediaConfig): Provider[] {
  // Checked now, so a wrong MINIO_* setting stops the service at start with a sentence naming it.
  const options = storageOptionsFromEnv(
    config as unknown as NodeJS.ProcessEnv,
    path.resolve(process.cwd(), 'data', 'objects'),
  );
  return [
    {
      provide: MEDIA_STORAGE,
      useFactory: async (): Promise<ObjectStorage> => {
        const storage = createStorage(options);
        try {
          await storage.ensureReady();
        } catch (error) {
          // Storage may come up after us (a MinIO container starting): readiness keeps trying.
          new Logger('Storage').warn(`Object storage is not ready yet: ${(error as Error).message}`);
        }
        return storage;
      },
    },
    {
      provide: READINESS_CHECKS,
      inject: [MEDIA_STORAGE],
      useFactory: (storage: ObjectStorage): ReadinessCheck[] => {
        let prepared = false;
        return [
          async () => {
            if (!prepared) {
              await storage.ensureReady();
              prepared = true;
            }
            await storage.ping();
          },
        ];
      },
    },
  ];
}
