import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { AnnouncesChanges, Internal } from '@family/shared/nest';
import {
  DeletePeopleDto,
  EveryoneQueryDto,
  ImportPeopleDto,
  MatchPeopleDto,
  PEOPLE_BATCH_MAX,
} from '../dtos/people-import.dto';
import { PeopleImportService } from '../services/people-import.service';

/**
 * What the family service's GEDCOM import and export ask of people, in batches (docs/architecture.md). People
 * made or taken back are announced like any other change of people, so the directory copies stay true ("Caches").
 */
@Internal()
@Controller('internal/people')
export class InternalPeopleImportController {
  constructor(private readonly people: PeopleImportService) {}

  @AnnouncesChanges('people')
  @Post('batch')
  create(@Body() dto: ImportPeopleDto) {
    return this.people.create(dto.changedBy, dto.people);
  }

  @Post('match')
  @HttpCode(200)
  match(@Body() dto: MatchPeopleDto) {
    return this.people.match(dto.people);
  }

  @AnnouncesChanges('people')
  @Post('batch-delete')
  @HttpCode(204)
  remove(@Body() dto: DeletePeopleDto) {
    return this.people.remove(dto.ids);
  }

  @Get('all')
  page(@Query() query: EveryoneQueryDto) {
    return this.people.page(query.after ?? 0, query.limit ?? PEOPLE_BATCH_MAX);
  }
}
