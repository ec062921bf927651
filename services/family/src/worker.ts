import { runWorker } from '@family/shared/nest';
import { FamilyConfig } from './config';
import { WorkerModule } from './worker.module';

void runWorker('family-worker', FamilyConfig, (config) => WorkerModule.register(config));
