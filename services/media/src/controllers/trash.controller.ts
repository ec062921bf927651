import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendFile, type Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { TrashQuery } from '../dtos/trash.dto';
import { TrashService } from '../services/trash.service';

/** The trash (docs/api.md "Trash"): what a person uploaded or deleted, until it is restored or purged. */
@Controller('api/trash')
export class TrashController {
  constructor(private readonly trash: TrashService) {}

  @Get()
  list(@CurrentUser() user: Identity, @Query() query: TrashQuery) {
    return this.trash.list(user, query);
  }

  @Delete()
  @HttpCode(204)
  empty(@CurrentUser() user: Identity) {
    return this.trash.empty(user);
  }

  @Post(':id/restore')
  @HttpCode(200)
  restore(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.trash.restore(user, id);
  }

  @Delete(':id')
  @HttpCode(204)
  deleteForever(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.trash.deleteForever(user, id);
  }

  @Get(':id/thumbnail')
  async thumbnail(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendFile(req, res, await this.trash.thumbnail(user, id));
  }
}
