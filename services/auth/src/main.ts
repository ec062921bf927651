import { runService } from '@family/shared/nest';
import { AppModule } from './app.module';
import { AuthConfig } from './config';

void runService('auth', AuthConfig, (config) => AppModule.register(config));
