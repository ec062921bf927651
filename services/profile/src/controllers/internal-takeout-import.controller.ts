import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { AnnouncesChanges, Internal } from '@family/shared/nest';
import { RestoreProfileDto, UndoRestoreDto, UsernamesDto } from '../dtos/takeout-import.dto';
import { TakeoutRestoreService } from '../services/takeout-restore.service';

/** What the media worker's takeout import asks of profile (docs/architecture.md "Internal calls"). */
@Internal()
@Controller('internal/takeout')
export class InternalTakeoutImportController {
  constructor(private readonly restores: TakeoutRestoreService) {}

  @Post('usernames')
  @HttpCode(200)
  usernames(@Body() dto: UsernamesDto) {
    return this.restores.membersByUsername(dto.usernames);
  }

  @AnnouncesChanges('people')
  @Post('profile')
  @HttpCode(200)
  restore(@Body() dto: RestoreProfileDto) {
    return this.restores.restore(dto);
  }

  @AnnouncesChanges('people')
  @Post('profile/undo')
  @HttpCode(204)
  undo(@Body() dto: UndoRestoreDto) {
    return this.restores.undo(dto);
  }
}
