import { CreateNotifications1769600000000, dataSourceOptions } from '@family/shared/nest';
import { AccountEntity } from './entities/account.entity';
import { PasskeyEntity } from './entities/passkey.entity';
import { RecoveryCodeEntity } from './entities/recovery-code.entity';
import { ResetCodeEntity } from './entities/reset-code.entity';
import { TotpFactorEntity } from './entities/totp-factor.entity';
import { CreateAccounts1763770000000 } from './migrations/1763770000000-create-accounts';
import { CreateInvites1763810000000 } from './migrations/1763810000000-create-invites';
import { CreateSecondFactors1764400000000 } from './migrations/1764400000000-create-second-factors';
import { CreatePasskeys1764400000001 } from './migrations/1764400000001-create-passkeys';
import { PeopleWithoutAccounts1763800000000 } from './migrations/1763800000000-people-without-accounts';
import { AdminRole1770200000000 } from './migrations/1770200000000-admin-role';

export const AUTH_SCHEMA = 'auth';

/** The options the app runs with; the reset-code command uses the same ones. */
export function authDatabase(url: string) {
  return {
    url,
    schema: AUTH_SCHEMA,
    entities: [AccountEntity, ResetCodeEntity, TotpFactorEntity, RecoveryCodeEntity, PasskeyEntity],
    migrations: [
      CreateAccounts1763770000000,
      PeopleWithoutAccounts1763800000000,
      CreateInvites1763810000000,
      CreateSecondFactors1764400000000,
      CreatePasskeys1764400000001,
      CreateNotifications1769600000000,
      AdminRole1770200000000,
    ],
  };
}

export const authDataSourceOptions = (url: string) => dataSourceOptions(authDatabase(url));
