import { runService } from '@family/shared/nest';
import { AppModule } from './app.module';
import { MediaConfig } from './config';

void runService('media', MediaConfig, (config) => AppModule.register(config));
