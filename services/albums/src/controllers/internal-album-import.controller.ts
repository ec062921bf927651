import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { AnnouncesChanges, Internal } from '@family/shared/nest';
import { DeleteImportedAlbumsDto, ImportAlbumDto } from '../dtos/takeout-import.dto';
import { AlbumImportService } from '../services/album-import.service';

/** Albums of a takeout import, asked by the media worker (docs/architecture.md "Internal calls"). */
@Internal()
@AnnouncesChanges('album-access')
@Controller('internal/takeout/albums')
export class InternalAlbumImportController {
  constructor(private readonly imports: AlbumImportService) {}

  @Post()
  @HttpCode(200)
  import(@Body() dto: ImportAlbumDto) {
    return this.imports.import(dto);
  }

  @Post('delete')
  @HttpCode(204)
  delete(@Body() dto: DeleteImportedAlbumsDto) {
    return this.imports.delete(dto);
  }
}
