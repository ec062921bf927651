import { DynamicModule, Module } from '@nestjs/common';
import { databaseModule } from '@family/shared/nest';
import { ObjectStorageModule } from '@family/shared/storage';
import { mediaDatabase } from '../data-source';
import { MEDIA_STORAGE } from '../services/storage.provider';
import { FaceDetector } from './face-detector';
import type { FacesWorkerConfig } from './faces-config';
import { FACES_WORKER_CONFIG, FacesWorker } from './faces-worker.service';
import { FacesRepository } from './faces.repository';

/** The faces worker's application: the media database and storage, the detector, the queue; no HTTP. */
@Module({})
export class FacesWorkerModule {
  static register(config: FacesWorkerConfig): DynamicModule {
    return {
      module: FacesWorkerModule,
      imports: [
        databaseModule(mediaDatabase(config.DATABASE_URL)),
        ObjectStorageModule.register({ token: MEDIA_STORAGE, config }),
      ],
      providers: [{ provide: FACES_WORKER_CONFIG, useValue: config }, FacesRepository, FaceDetector, FacesWorker],
    };
  }
}
