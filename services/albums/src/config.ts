import { DirectoryConfig, IsServiceUrl } from '@family/shared';

export class AlbumsConfig extends DirectoryConfig {
  /** Items go in and out of albums through the media service, which owns them. */
  @IsServiceUrl('media')
  MEDIA_URL!: string;
}
