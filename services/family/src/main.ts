import { runService } from '@family/shared/nest';
import { AppModule } from './app.module';
import { FamilyConfig } from './config';

void runService('family', FamilyConfig, (config) => AppModule.register(config));
