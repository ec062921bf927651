import { writeFileSync } from 'node:fs';
import { runWorker, workerHeartbeatFile } from '@family/shared/nest';
import { FacesWorkerConfig } from './faces/faces-config';
import { FacesWorkerModule } from './faces/faces-worker.module';

// The faces worker: `node dist/faces-worker.js`, a child of `npm start` and the compose service `faces-worker`
// (docs/architecture.md "Faces"). `npm start` does not start it with FACES=off; in compose it then waits idle,
// without the detector, keeping its heartbeat so the container stays healthy.
if (process.env.FACES === 'off') {
  console.log('Faces are off (FACES=off): the faces worker waits without working');
  const beat = () => writeFileSync(workerHeartbeatFile('faces-worker'), '');
  beat();
  setInterval(beat, 10_000);
} else {
  void runWorker('faces-worker', FacesWorkerConfig, (config) => FacesWorkerModule.register(config));
}
