import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { PasskeyCeremonyDto, PasskeyOptionsDto, SecondFactorCodeDto, StartTotpDto } from '../dtos/second-factor.dto';
import { PasskeyService } from '../services/passkey.service';
import { SecondFactorService } from '../services/second-factor.service';

/**
 * Two-step sign-in, asked by the gateway, which answers the member and keeps the session's state
 * (docs/rights.md "Two-step sign-in").
 */
@Internal()
@Controller('internal/accounts/:id')
export class InternalSecondFactorController {
  constructor(
    private readonly factors: SecondFactorService,
    private readonly passkeys: PasskeyService,
  ) {}

  @Get('second-factors')
  status(@Param('id', ParseIdPipe) id: number) {
    return this.factors.status(id);
  }

  @Post('totp')
  startTotp(@Param('id', ParseIdPipe) id: number, @Body() dto: StartTotpDto) {
    return this.factors.startTotp(id, dto.username);
  }

  @Post('totp/confirm')
  @HttpCode(200)
  confirmTotp(@Param('id', ParseIdPipe) id: number, @Body() dto: SecondFactorCodeDto) {
    return this.factors.confirmTotp(id, dto.code);
  }

  @Post('second-factor/verify')
  @HttpCode(200)
  verify(@Param('id', ParseIdPipe) id: number, @Body() dto: SecondFactorCodeDto) {
    return this.factors.verify(id, dto.code);
  }

  @Post('totp/disable')
  @HttpCode(204)
  disable(@Param('id', ParseIdPipe) id: number, @Body() dto: SecondFactorCodeDto) {
    return this.factors.disable(id, dto.code);
  }

  @Post('passkeys/registration-options')
  @HttpCode(200)
  passkeyRegistrationOptions(@Param('id', ParseIdPipe) id: number, @Body() dto: PasskeyOptionsDto) {
    return this.passkeys.registrationOptions(id, dto.username ?? String(id), dto.rpId);
  }

  @Post('passkeys')
  addPasskey(@Param('id', ParseIdPipe) id: number, @Body() dto: PasskeyCeremonyDto) {
    return this.passkeys.register(id, dto, dto.name);
  }

  @Post('passkeys/authentication-options')
  @HttpCode(200)
  passkeyAuthenticationOptions(@Param('id', ParseIdPipe) id: number, @Body() dto: PasskeyOptionsDto) {
    return this.passkeys.authenticationOptions(id, dto.rpId);
  }

  @Post('passkeys/verify')
  @HttpCode(200)
  verifyPasskey(@Param('id', ParseIdPipe) id: number, @Body() dto: PasskeyCeremonyDto) {
    return this.passkeys.verify(id, dto);
  }

  @Delete('passkeys/:passkeyId')
  @HttpCode(204)
  removePasskey(@Param('id', ParseIdPipe) id: number, @Param('passkeyId', ParseIdPipe) passkeyId: number) {
    return this.passkeys.remove(id, passkeyId);
  }
}
