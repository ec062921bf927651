import { IsUrl } from 'class-validator';
import { DirectoryConfig, URL_OPTIONS } from '@family/shared';

export class FamilyConfig extends DirectoryConfig {
  /** Create New in the family tree makes the account (and its profile) through the auth service. */
  @IsUrl(URL_OPTIONS, { message: 'AUTH_URL must be the auth service address, e.g. http://127.0.0.1:3001' })
  AUTH_URL!: string;
}
