import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Internal } from '@family/shared/nest';
import { LookupUsersDto } from '../dtos/user.dto';
import { LifeSpanRepository } from '../repositories/life-span.repository';

@Internal()
@Controller('internal')
export class InternalLifeSpansController {
  constructor(private readonly lifeSpans: LifeSpanRepository) {}

  /** Face suggestions' life-dates rule (media): when these people can have lived, in one call. */
  @Post('people/life-spans')
  @HttpCode(200)
  list(@Body() dto: LookupUsersDto) {
    return this.lifeSpans.lifeSpans([...new Set(dto.ids)]);
  }
}
