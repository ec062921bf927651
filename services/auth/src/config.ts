import { IsIn, IsOptional } from 'class-validator';
import { DirectoryConfig, IsServiceUrl } from '@family/shared';

export class AuthConfig extends DirectoryConfig {
  @IsServiceUrl('media')
  MEDIA_URL!: string;

  @IsServiceUrl('albums')
  ALBUMS_URL!: string;

  @IsServiceUrl('family')
  FAMILY_URL!: string;

  /** `closed` stops sign-up from the auth screen; relatives are then added from the family tree. */
  @IsOptional()
  @IsIn(['open', 'closed'], { message: 'SIGNUP must be open or closed' })
  SIGNUP: 'open' | 'closed' = 'open';
}
