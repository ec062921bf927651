import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { BulkResult } from '@family/contract';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { Identity } from '@family/shared';
import { CurrentUser } from '@family/shared/nest';
import { BulkActionDto, BulkDownloadDto } from '../dtos/bulk.dto';
import { contentDisposition } from '../http/content-disposition';
import { BulkMediaService } from '../services/bulk-media.service';
import { MediaZipService } from '../services/media-zip.service';

/** Actions on many items at once (docs/api.md "Select many"): one request each, never one per item. */
@Controller('api/media')
export class MediaBulkController {
  constructor(
    private readonly bulk: BulkMediaService,
    private readonly zips: MediaZipService,
  ) {}

  @Post('bulk')
  @HttpCode(200)
  apply(@CurrentUser() user: Identity, @Body() dto: BulkActionDto): Promise<BulkResult> {
    return this.bulk.apply(user, dto);
  }

  /** The ZIP is piped to the answer as it is written: memory stays flat whatever the size. */
  @Post('download')
  download(
    @CurrentUser() user: Identity,
    @Body() dto: BulkDownloadDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.sendZip(user, dto.ids, req, res);
  }

  /**
   * The same download as a link (`?ids=1,2,3`), which a browser saves as it arrives: the web app's Download. It
   * changes nothing, so like every GET it needs no Origin check; another site cannot read what it answers.
   */
  @Get('download')
  downloadLink(
    @CurrentUser() user: Identity,
    @Query() query: BulkDownloadDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.sendZip(user, query.ids, req, res);
  }

  private async sendZip(user: Identity, ids: number[], req: Request, res: Response): Promise<void> {
    const zip = await this.zips.download(user, ids);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', contentDisposition('attachment', zip.fileName, 'family-archive', 'zip'));
    res.setHeader('Cache-Control', 'no-store');
    try {
      await pipeline(zip.stream, res);
    } catch {
      // Headers are gone already: a failed read or a person who cancelled ends the answer short, and an
      // unfinished ZIP tells the browser the download failed.
      req.destroy();
    }
  }
}
