import { DirectoryConfig } from '@family/shared';

export class AlbumsConfig extends DirectoryConfig {}
