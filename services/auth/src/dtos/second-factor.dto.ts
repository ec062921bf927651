import { IsString, MaxLength, MinLength } from 'class-validator';
import { SECOND_FACTOR_CODE_MAX, type SecondFactorCodeRequest } from '@family/contract';

const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

export class SecondFactorCodeDto implements SecondFactorCodeRequest {
  @MaxLength(SECOND_FACTOR_CODE_MAX, { message: 'That code is too long to be a code of this archive.' })
  @MinLength(1, { message: CODE_REQUIRED })
  @IsString({ message: CODE_REQUIRED })
  code!: string;
}

/** POST /internal/accounts/{id}/totp: the username names the account in the authenticator app. */
export class StartTotpDto {
  @MaxLength(40)
  @IsString()
  username!: string;
}
