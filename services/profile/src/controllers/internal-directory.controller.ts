import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { AnnouncesChanges, Internal, ParseIdPipe } from '@family/shared/nest';
import { BecomeMemberDto, CreateProfileDto, LookupUsersDto } from '../dtos/user.dto';
import { DirectoryService } from '../services/directory.service';
import { PeopleService } from '../services/people.service';
import { PurgeService } from '../services/purge.service';

@Internal()
@Controller('internal')
export class InternalDirectoryController {
  constructor(
    private readonly directory: DirectoryService,
    private readonly purges: PurgeService,
    private readonly people: PeopleService,
  ) {}

  @AnnouncesChanges('people')
  @Post('profiles')
  create(@Body() dto: CreateProfileDto) {
    return this.directory.create(dto);
  }

  /** An invite was used (auth): the person without an account becomes a member. */
  @AnnouncesChanges('people')
  @Put('profiles/:id/account')
  becomeMember(@Param('id', ParseIdPipe) id: number, @Body() dto: BecomeMemberDto) {
    return this.directory.becomeMember(id, dto);
  }

  @Get('profiles/:id')
  get(@Param('id', ParseIdPipe) id: number) {
    return this.directory.get(id);
  }

  /** The batched lookup behind every other service's DirectoryClient. */
  @Post('users/lookup')
  @HttpCode(200)
  lookup(@Body() dto: LookupUsersDto) {
    return this.directory.lookup(dto.ids);
  }

  /** The family tree: everyone drawn, with what genealogy holds of them, in one call. */
  @Post('people/lookup')
  @HttpCode(200)
  lookupPeople(@Body() dto: LookupUsersDto) {
    return this.people.lookup(dto.ids);
  }

  /** Account deletion: the profile, picture and memories; idempotent. */
  @AnnouncesChanges('people')
  @Delete('users/:id')
  @HttpCode(204)
  purge(@Param('id', ParseIdPipe) id: number) {
    return this.purges.purge(id);
  }
}
