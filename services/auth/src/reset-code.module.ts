import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { databaseModule } from '@family/shared/nest';
import { authDatabase } from './data-source';
import { AccountEntity } from './entities/account.entity';
import { ResetCodeEntity } from './entities/reset-code.entity';
import { AccountRepository } from './repositories/account.repository';
import { ResetCodeService } from './services/reset-code.service';

/**
 * Just enough to make reset codes from the command line, without listening or calling other services; apart from
 * the app's module, so the command loads none of what the running service needs (it starts faster).
 */
@Module({})
export class ResetCodeModule {
  static register(databaseUrl: string): DynamicModule {
    return {
      module: ResetCodeModule,
      imports: [databaseModule(authDatabase(databaseUrl)), TypeOrmModule.forFeature([AccountEntity, ResetCodeEntity])],
      providers: [AccountRepository, ResetCodeService],
    };
  }
}
