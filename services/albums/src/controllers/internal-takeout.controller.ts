import { Controller, Get, Param, Query } from '@nestjs/common';
import type { TakeoutAlbum, TakeoutPage } from '@family/contract';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { TakeoutAlbumsQuery } from '../dtos/takeout.dto';
import { TakeoutAlbumRepository } from '../repositories/takeout-album.repository';

/** What the media worker asks of albums while it writes a person's export (docs/api.md "Takeout"). */
@Internal()
@Controller('internal')
export class InternalTakeoutController {
  constructor(private readonly takeout: TakeoutAlbumRepository) {}

  @Get('users/:userId/takeout-albums')
  async albums(
    @Param('userId', ParseIdPipe) userId: number,
    @Query() query: TakeoutAlbumsQuery,
  ): Promise<TakeoutPage<TakeoutAlbum>> {
    const items = await this.takeout.page(userId, query.scope, query.after, query.limit);
    return { items, next: items.length === query.limit ? items[items.length - 1]!.id : null };
  }
}
