import { type ArgumentsHost, Catch, type ExceptionFilter, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { DuplicateUploadError } from '../repositories/media-item.repository';

/** 409 with the existing item's id, so the web app can point at it: `{ statusCode, message, id }`. */
@Catch(DuplicateUploadError)
export class DuplicateUploadFilter implements ExceptionFilter {
  catch(error: DuplicateUploadError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    response
      .status(HttpStatus.CONFLICT)
      .json({ statusCode: HttpStatus.CONFLICT, message: error.message, id: error.existingId });
  }
}
