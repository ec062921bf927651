import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { MergeTagsDto, NewAccountTagsDto } from '../dtos/internal.dto';
import { InternalMediaService } from '../services/internal.service';

/** What the other services ask of media. */
@Internal()
@Controller('internal')
export class InternalMediaController {
  constructor(private readonly media: InternalMediaService) {}

  /** Account deletion (auth): the person's uploads with their files, and their tags. Idempotent. */
  @Delete('users/:id')
  @HttpCode(204)
  purge(@Param('id', ParseIdPipe) id: number) {
    return this.media.purgeUser(id);
  }

  /** Deleting a person (profile): how many items they are tagged in. */
  @Get('users/:id/tag-count')
  tagCount(@Param('id', ParseIdPipe) id: number) {
    return this.media.tagCount(id);
  }

  /** A duplicate person is folded into another (profile): their tags move. */
  @Post('people/:id/merge')
  @HttpCode(204)
  mergePerson(@Param('id', ParseIdPipe) id: number, @Body() dto: MergeTagsDto) {
    return this.media.mergePerson(id, dto.intoId, dto.actingUserId);
  }

  /** A person without an account is about to become a member by an invite (auth). */
  @Post('people/:id/account-tags')
  @HttpCode(204)
  accountTags(@Param('id', ParseIdPipe) id: number, @Body() dto: NewAccountTagsDto) {
    return this.media.holdTagsForNewAccount(id, dto.invitedBy);
  }
}
