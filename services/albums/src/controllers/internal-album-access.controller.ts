import { Controller, Get, Param } from '@nestjs/common';
import type { AlbumAccess } from '@family/contract';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { AlbumAccessService } from '../services/album-access.service';

@Internal()
@Controller('internal')
export class InternalAlbumAccessController {
  constructor(private readonly access: AlbumAccessService) {}

  /** GET /internal/users/{userId}/album-access, called by the media service at most once per request. */
  @Get('users/:userId/album-access')
  albumAccess(@Param('userId', ParseIdPipe) userId: number): Promise<AlbumAccess> {
    return this.access.accessOf(userId);
  }
}
