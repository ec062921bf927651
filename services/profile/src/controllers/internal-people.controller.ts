import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { AnnouncesChanges, Internal, ParseIdPipe } from '@family/shared/nest';
import { MergeProfileDto } from '../dtos/person.dto';
import { PeopleService } from '../services/people.service';

/**
 * Profile's part of deleting and merging a person. Family answers the person's request (it checks the ties, and
 * may call media and profile without either calling back: docs/architecture.md "Who calls whom") and asks these.
 */
@Internal()
@AnnouncesChanges('people')
@Controller('internal/people')
export class InternalPeopleController {
  constructor(private readonly people: PeopleService) {}

  @Delete(':id')
  @HttpCode(204)
  delete(@Param('id', ParseIdPipe) id: number) {
    return this.people.delete(id);
  }

  @Post(':id/merge')
  @HttpCode(200)
  merge(@Param('id', ParseIdPipe) id: number, @Body() dto: MergeProfileDto) {
    return this.people.merge(dto.changedBy, id, dto.intoId);
  }
}
