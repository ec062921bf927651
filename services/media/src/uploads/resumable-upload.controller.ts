import { All, Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { UploadResult } from '@family/contract';
import type { Identity } from '@family/shared';
import { CurrentUser, Multipart } from '@family/shared/nest';
import { ResumableUploadService } from './resumable-upload.service';

/**
 * tus 1.0 at /api/uploads (docs/api.md "Resumable uploads"). The tus routes read their bodies themselves (the
 * chunks of a PATCH are `application/offset+octet-stream`), hence `@Multipart()`: no JSON-only rule for them.
 */
@Controller('api/uploads')
export class ResumableUploadController {
  constructor(private readonly uploads: ResumableUploadService) {}

  /** How a finished upload ended, for a client that lost the final answer. */
  @Get(':id/result')
  result(@CurrentUser() user: Identity, @Param('id') id: string): Promise<UploadResult> {
    return this.uploads.result(user, id);
  }

  @All()
  @Multipart()
  collection(@CurrentUser() user: Identity, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.uploads.handle(user, req, res, null);
  }

  @All(':id')
  @Multipart()
  upload(
    @CurrentUser() user: Identity,
    @Param('id') id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.uploads.handle(user, req, res, id);
  }
}
