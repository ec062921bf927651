import {
  CreateAnnouncedChanges1769450000000,
  CreateChangeGenerations1764600000000,
  dataSourceOptions,
} from '@family/shared/nest';
import { RelationEntity } from './entities/relation.entity';
import { CreateTieChanges1763810000000 } from './migrations/1763810000000-create-tie-changes';
import { GenealogyTies1763800000000 } from './migrations/1763800000000-genealogy-ties';
import { CreateRelations1763780000000 } from './migrations/1763780000000-create-relations';
import { GedcomImports1763900000000 } from './migrations/1763900000000-gedcom-imports';
import { GedcomUids1764700000000 } from './migrations/1764700000000-gedcom-uids';

export const FAMILY_SCHEMA = 'family';

export function familyDatabase(url: string) {
  return {
    url,
    schema: FAMILY_SCHEMA,
    entities: [RelationEntity],
    migrations: [
      CreateRelations1763780000000,
      GenealogyTies1763800000000,
      CreateTieChanges1763810000000,
      GedcomImports1763900000000,
      CreateChangeGenerations1764600000000,
      GedcomUids1764700000000,
      CreateAnnouncedChanges1769450000000,
    ],
  };
}

export const familyDataSourceOptions = (url: string) => dataSourceOptions(familyDatabase(url));
