import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { AnnouncesChanges, CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { MergePersonDto, PeopleQueryDto, PersonFieldsDto } from '../dtos/person.dto';
import { PeopleService } from '../services/people.service';

/** Everyone in the family, with or without an account (docs/architecture.md "People and families"). */
@AnnouncesChanges('people')
@Controller('api/people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Get()
  list(@CurrentUser() _user: Identity, @Query() query: PeopleQueryDto) {
    return this.people.list(query);
  }

  @Post()
  create(@CurrentUser() user: Identity, @Body() dto: PersonFieldsDto) {
    return this.people.create(user, dto);
  }

  @Get(':id')
  get(@CurrentUser() _user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.people.get(id);
  }

  @Patch(':id')
  update(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: PersonFieldsDto) {
    return this.people.update(user, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentUser() _user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.people.delete(id);
  }

  @Post(':id/invite')
  @HttpCode(201)
  invite(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.people.invite(user, id);
  }

  @Post(':id/merge')
  @HttpCode(200)
  merge(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: MergePersonDto) {
    return this.people.merge(user, id, dto.intoId);
  }

  @Get(':id/history')
  history(@CurrentUser() _user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.people.history(id);
  }

  @Post(':id/history/:changeId/undo')
  @HttpCode(200)
  undo(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Param('changeId', ParseIdPipe) changeId: number,
  ) {
    return this.people.undo(user, id, changeId);
  }
}
