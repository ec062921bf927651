import { runWorker } from '@family/shared/nest';
import { FacesWorkerConfig } from './faces/faces-config';
import { FacesWorkerModule } from './faces/faces-worker.module';

// The faces worker: `node dist/faces-worker.js`, a child of `npm start` and the compose service `faces-worker`
// (docs/architecture.md "Faces"). With FACES=off it stops at once: nothing queues its jobs.
if (process.env.FACES === 'off') {
  console.log('Faces are off (FACES=off): the faces worker does not run');
} else {
  void runWorker('faces-worker', FacesWorkerConfig, (config) => FacesWorkerModule.register(config));
}
