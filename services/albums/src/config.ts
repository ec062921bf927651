import { DirectoryConfig } from '@family/shared';

/** Albums calls no service but the people directory (docs/architecture.md "Who calls whom"). */
export class AlbumsConfig extends DirectoryConfig {}
