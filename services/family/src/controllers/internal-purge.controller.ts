import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { RelationService } from '../services/relation.service';

@Internal()
@Controller('internal')
export class InternalPurgeController {
  constructor(private readonly relations: RelationService) {}

  /** Called by the auth service when an account is deleted: every relation of the person goes, idempotently. */
  @Delete('users/:id')
  @HttpCode(204)
  purge(@Param('id', ParseIdPipe) id: number) {
    return this.relations.purge(id);
  }
}
