import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { TakeoutMemory, TakeoutPage } from '@family/contract';
import { sendFile } from '@family/shared';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { TakeoutMemoriesQuery } from '../dtos/takeout.dto';
import { MemoryRepository } from '../repositories/memory.repository';
import { PictureService } from '../services/picture.service';

/**
 * What the media worker asks of profile while it writes an export (docs/api.md "Takeout"): memories a page at a
 * time, and each person's picture as it is stored. People come from GET /internal/people/all.
 */
@Internal()
@Controller('internal')
export class InternalTakeoutController {
  constructor(
    private readonly memoryRows: MemoryRepository,
    private readonly pictures: PictureService,
  ) {}

  @Get('takeout-memories')
  async memories(@Query() query: TakeoutMemoriesQuery): Promise<TakeoutPage<TakeoutMemory>> {
    const rows = await this.memoryRows.takeoutPage(query.after, query.limit, query.person);
    return {
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        content: row.content,
        writerId: row.userId,
        personId: row.personId,
        createdAt: row.createdAt.toISOString(),
      })),
      next: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
    };
  }

  @Get('takeout-pictures/:id')
  async picture(@Param('id', ParseIdPipe) id: number, @Req() req: Request, @Res() res: Response) {
    await sendFile(req, res, await this.pictures.find(id, undefined));
  }
}
