import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlbumsClient, FamilyClient, MediaClient, ProfileClient } from '@family/shared/clients';
import { ArchiveCoreModule, databaseModule, NotificationOutbox, serviceClient } from '@family/shared/nest';
import type { AuthConfig } from './config';
import { AdminController, UserRoleController } from './controllers/admin.controller';
import { AdminService } from './services/admin.service';
import { FamilyMemberController } from './controllers/family-member.controller';
import { InternalAccountController } from './controllers/internal-account.controller';
import { InternalSecondFactorController } from './controllers/internal-second-factor.controller';
import { PasswordController } from './controllers/password.controller';
import { authDatabase } from './data-source';
import { AccountEntity } from './entities/account.entity';
import { PasskeyEntity } from './entities/passkey.entity';
import { RecoveryCodeEntity } from './entities/recovery-code.entity';
import { ResetCodeEntity } from './entities/reset-code.entity';
import { TotpFactorEntity } from './entities/totp-factor.entity';
import { AccountRepository } from './repositories/account.repository';
import { PasskeyRepository } from './repositories/passkey.repository';
import { SecondFactorRepository } from './repositories/second-factor.repository';
import { AccountService } from './services/account.service';
import { PasskeyService } from './services/passkey.service';
import { ResetCodeService } from './services/reset-code.service';
import { SECRET_BOX, SecondFactorService } from './services/second-factor.service';
import { SecretBox } from './services/secret-box';
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
        TypeOrmModule.forFeature([AccountEntity, ResetCodeEntity, TotpFactorEntity, RecoveryCodeEntity, PasskeyEntity]),
      ],
      controllers: [
        InternalAccountController,
        InternalSecondFactorController,
        PasswordController,
        FamilyMemberController,
        AdminController,
        UserRoleController,
      ],
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        { provide: SECRET_BOX, useValue: new SecretBox(config.INTERNAL_SECRET) },
        serviceClient(ProfileClient, config.PROFILE_URL),
        serviceClient(MediaClient, config.MEDIA_URL),
        serviceClient(AlbumsClient, config.ALBUMS_URL),
        serviceClient(FamilyClient, config.FAMILY_URL),
        AccountRepository,
        InviteRepository,
        ResetCodeService,
        SecondFactorRepository,
        PasskeyRepository,
        PasskeyService,
        SecondFactorService,
        InviteService,
        NotificationOutbox,
        AccountService,
        AdminService,
      ],
    };
  }
}
