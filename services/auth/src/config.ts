import { IsIn, IsOptional, IsUrl } from 'class-validator';
import { DirectoryConfig, URL_OPTIONS } from '@family/shared';

export class AuthConfig extends DirectoryConfig {
  @IsUrl(URL_OPTIONS, { message: 'MEDIA_URL must be the media service address, e.g. http://127.0.0.1:3003' })
  MEDIA_URL!: string;

  @IsUrl(URL_OPTIONS, { message: 'ALBUMS_URL must be the albums service address, e.g. http://127.0.0.1:3004' })
  ALBUMS_URL!: string;

  @IsUrl(URL_OPTIONS, { message: 'FAMILY_URL must be the family service address, e.g. http://127.0.0.1:3005' })
  FAMILY_URL!: string;

  /** `closed` stops sign-up from the auth screen; relatives are then added from the family tree. */
  @IsOptional()
  @IsIn(['open', 'closed'], { message: 'SIGNUP must be open or closed' })
  SIGNUP: 'open' | 'closed' = 'open';
}
