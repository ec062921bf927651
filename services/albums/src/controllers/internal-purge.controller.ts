import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { Internal, ParseIdPipe } from '@family/shared/nest';

@Internal()
@Controller('internal')
export class InternalPurgeController {
  /** Called when an account is deleted. This service keeps nothing of a person yet. */
  @Delete('users/:id')
  @HttpCode(204)
  purge(@Param('id', ParseIdPipe) _id: number): void {}
}
