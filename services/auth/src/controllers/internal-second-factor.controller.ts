import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { SecondFactorCodeDto, StartTotpDto } from '../dtos/second-factor.dto';
import { SecondFactorService } from '../services/second-factor.service';

/**
 * Two-step sign-in, asked by the gateway, which answers the member and keeps the session's state
 * (docs/rights.md "Two-step sign-in").
 */
@Internal()
@Controller('internal/accounts/:id')
export class InternalSecondFactorController {
  constructor(private readonly factors: SecondFactorService) {}

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
}
