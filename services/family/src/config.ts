import { DirectoryConfig } from '@family/shared';

export class FamilyConfig extends DirectoryConfig {}
