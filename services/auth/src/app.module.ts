import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlbumsClient, FamilyClient, MediaClient, ProfileClient } from '@family/shared/clients';
import { ArchiveCoreModule, databaseModule, NotificationOutbox, serviceClient } from '@family/shared/nest';
import type { AuthConfig } from './config';
import { AdminController, UserRoleController } from './controllers/admin.controller';
import { AdminService } from './services/admin.service';
import { FamilyMemberController } from './controllers/family-member.controller';
import { InternalAccountController } from './controllers/internal-account.controller';
import { PasswordController } from './controllers/password.controller';
import { authDatabase } from './data-source';
import { AccountEntity } from './entities/account.entity';
import { ResetCodeEntity } from './entities/reset-code.entity';
import { AccountRepository } from './repositories/account.repository';
import { AccountService } from './services/account.service';
import { ResetCodeService } from './services/reset-code.service';
import { InviteRepository } from './repositories/invite.repository';
import { InviteService } from './services/invite.service';
import { AUTH_CONFIG } from './services/services';

@Module({})
export class AppModule {
  static register(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({ serviceName: 'auth', internalSecret: config.INTERNAL_SECRET }),
        databaseModule(authDatabase(config.DATABASE_URL)),
        TypeOrmModule.forFeature([AccountEntity, ResetCodeEntity]),
      ],
      controllers: [
        InternalAccountController,
        PasswordController,
        FamilyMemberController,
        AdminController,
        UserRoleController,
      ],
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        serviceClient(ProfileClient, config.PROFILE_URL),
        serviceClient(MediaClient, config.MEDIA_URL),
        serviceClient(AlbumsClient, config.ALBUMS_URL),
        serviceClient(FamilyClient, config.FAMILY_URL),
        AccountRepository,
        InviteRepository,
        ResetCodeService,
        InviteService,
        NotificationOutbox,
        AccountService,
        AdminService,
      ],
    };
  }
}

/** Just enough to make reset codes from the command line, without listening or calling other services. */
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
