import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { MergeIntoDto } from '../dtos/relation.dto';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { RelationService } from '../services/relation.service';

@Internal()
@Controller('internal')
export class InternalPurgeController {
  constructor(private readonly relations: RelationService) {}

  /** Called by the auth service when an account is deleted: every relation of the person goes, idempotently. */
  /** A duplicate person is folded into another (profile): their relations move, or nothing does. */
  @Post('people/:id/merge')
  @HttpCode(204)
  merge(@Param('id', ParseIdPipe) id: number, @Body() dto: MergeIntoDto) {
    return this.relations.merge(id, dto.intoId, dto.intoName);
  }

  @Delete('users/:id')
  @HttpCode(204)
  purge(@Param('id', ParseIdPipe) id: number) {
    return this.relations.purge(id);
  }
}
