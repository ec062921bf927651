import { runService } from '@family/shared/nest';
import { AppModule } from './app.module';
import { AlbumsConfig } from './config';

void runService('albums', AlbumsConfig, (config) => AppModule.register(config));
