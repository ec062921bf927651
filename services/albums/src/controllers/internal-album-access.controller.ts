import { Controller, Get, Param } from '@nestjs/common';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { AlbumAccessService } from '../services/album-access.service';

/** A person's rights over albums, as the media service needs them for visibility and edit rights. */
export interface AlbumAccessResponse {
  /** Albums the person created, is a member of, or that are shared with the whole family. */
  visible: number[];
  /** Albums the person created, or is a member of with canEdit. */
  editable: number[];
  /** Albums the person created. */
  created: number[];
}

@Internal()
@Controller('internal')
export class InternalAlbumAccessController {
  constructor(private readonly access: AlbumAccessService) {}

  /** GET /internal/users/{userId}/album-access, called by the media service at most once per request. */
  @Get('users/:userId/album-access')
  albumAccess(@Param('userId', ParseIdPipe) userId: number): Promise<AlbumAccessResponse> {
    return this.access.accessOf(userId);
  }
}
