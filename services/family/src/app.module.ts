import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ArchiveCoreModule, databaseModule } from '@family/shared/nest';
import type { FamilyConfig } from './config';
import { FamilyController } from './controllers/family.controller';
import { InternalPurgeController } from './controllers/internal-purge.controller';
import { familyDatabase } from './data-source';
import { RelationEntity } from './entities/relation.entity';
import { RelationRepository } from './repositories/relation.repository';
import { MemberService } from './services/member.service';
import { RelationService } from './services/relation.service';
import { FAMILY_CONFIG } from './services/services';

@Module({})
export class AppModule {
  static register(config: FamilyConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'family',
          caches: ['people'],
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(familyDatabase(config.DATABASE_URL)),
        TypeOrmModule.forFeature([RelationEntity]),
      ],
      controllers: [FamilyController, InternalPurgeController],
      providers: [{ provide: FAMILY_CONFIG, useValue: config }, RelationRepository, RelationService, MemberService],
    };
  }
}
