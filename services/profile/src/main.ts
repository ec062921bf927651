import { runService } from '@family/shared/nest';
import { AppModule } from './app.module';
import { ProfileConfig } from './config';

void runService('profile', ProfileConfig, (config) => AppModule.register(config));
