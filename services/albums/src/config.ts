import { IsUrl } from 'class-validator';
import { DirectoryConfig, URL_OPTIONS } from '@family/shared';

export class AlbumsConfig extends DirectoryConfig {
  /** Items go in and out of albums through the media service, which owns them. */
  @IsUrl(URL_OPTIONS, { message: 'MEDIA_URL must be the media service address, e.g. http://127.0.0.1:3003' })
  MEDIA_URL!: string;
}
