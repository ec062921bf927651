import { Body, Controller, HttpCode, Patch, Post } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { AnnouncesChanges, CurrentUser } from '@family/shared/nest';
import { UpdateProfileDto, UpdateStoryDto } from '../dtos/profile.dto';
import { ProfileService } from '../services/profile.service';

/** The signed-in person's own profile fields; there is no route to edit someone else's. */
@AnnouncesChanges('people')
@Controller('api')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Patch('user/profile')
  update(@CurrentUser() user: Identity, @Body() dto: UpdateProfileDto) {
    return this.profiles.update(user, dto);
  }

  @Post('users/story')
  @HttpCode(200)
  updateStory(@CurrentUser() user: Identity, @Body() dto: UpdateStoryDto) {
    return this.profiles.updateStory(user, dto);
  }
}
