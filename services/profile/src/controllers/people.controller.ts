import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { Identity } from '@family/shared';
import { AnnouncesChanges, CurrentUser, Multipart, ParseIdPipe } from '@family/shared/nest';
import { PeopleQueryDto, PersonFieldsDto } from '../dtos/person.dto';
import { PeopleService } from '../services/people.service';
import { PictureService } from '../services/picture.service';

/**
 * Everyone in the family, with or without an account (docs/architecture.md "People and families"). Deleting and
 * merging a person are answered by family, which asks profile's internal routes (InternalPeopleController).
 */
@AnnouncesChanges('people')
@Controller('api/people')
export class PeopleController {
  constructor(
    private readonly people: PeopleService,
    private readonly pictures: PictureService,
  ) {}

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

  /** A portrait of a person without an account: multipart with the picture in `file`, as one's own picture. */
  @Post(':id/picture')
  @Multipart()
  @HttpCode(200)
  picture(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Req() req: Request) {
    return this.pictures.uploadFor(user, id, req);
  }

  @Post(':id/invite')
  @HttpCode(201)
  invite(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.people.invite(user, id);
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
