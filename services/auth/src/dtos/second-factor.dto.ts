import { IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  PASSKEY_NAME_MAX,
  SECOND_FACTOR_CODE_MAX,
  type PasskeyCeremony,
  type SecondFactorCodeRequest,
} from '@family/contract';

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

/** The relying party a passkey belongs to: the archive's host name, as the browser reached it. */
export class PasskeyOptionsDto {
  @MaxLength(253)
  @IsString()
  rpId!: string;

  @IsOptional()
  @MaxLength(40)
  @IsString()
  username?: string;
}

/** A browser's WebAuthn answer with the challenge the gateway kept (docs/architecture.md "Two-step sign-in"). */
export class PasskeyCeremonyDto implements PasskeyCeremony {
  @IsObject({ message: 'The passkey answer is missing. Try again.' })
  response!: Record<string, unknown>;

  @MaxLength(200)
  @IsString()
  expectedChallenge!: string;

  @MaxLength(300)
  @IsString()
  expectedOrigin!: string;

  @MaxLength(253)
  @IsString()
  rpId!: string;

  @IsOptional()
  @MaxLength(PASSKEY_NAME_MAX, { message: `A passkey's name must be at most ${PASSKEY_NAME_MAX} characters.` })
  @IsString({ message: "A passkey's name must be text." })
  name?: string;
}
