import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { AnnouncesChanges, Internal, ParseIdPipe } from '@family/shared/nest';
import { AlbumAccessService } from '../services/album-access.service';

@Internal()
@AnnouncesChanges('album-access')
@Controller('internal')
export class InternalPurgeController {
  constructor(private readonly access: AlbumAccessService) {}

  /** Account deletion (auth): the albums the person created (items detached) and their memberships. */
  @Delete('users/:id')
  @HttpCode(204)
  purge(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.access.purgeUser(id);
  }
}
