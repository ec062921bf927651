import { runWorker } from '@family/shared/nest';
import { WorkerModule } from './worker.module';
import { MediaWorkerConfig } from './worker/worker-config';

// The media worker: `node dist/worker.js`, a child of `npm start` and the compose service `media-worker`.
void runWorker('media-worker', MediaWorkerConfig, (config) => WorkerModule.register(config));
