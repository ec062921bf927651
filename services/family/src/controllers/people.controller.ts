import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { MergePersonDto } from '../dtos/person.dto';
import { PersonRemovalService } from '../services/person-removal.service';

/**
 * Deleting a person and merging a duplicate (the rest of /api/people is profile's): family answers them, as it
 * checks the ties and may call media and profile, neither of which calls family (docs/architecture.md "Who calls
 * whom"). The gateway sends them here.
 */
@Controller('api/people')
export class PeopleController {
  constructor(private readonly removals: PersonRemovalService) {}

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentUser() _user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.removals.delete(id);
  }

  @Post(':id/merge')
  @HttpCode(200)
  merge(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: MergePersonDto) {
    return this.removals.merge(user, id, dto.intoId);
  }
}
