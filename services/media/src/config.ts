import { DirectoryConfig } from '@family/shared';

export class MediaConfig extends DirectoryConfig {}
