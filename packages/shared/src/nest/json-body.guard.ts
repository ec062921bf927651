import { CanActivate, ExecutionContext, Injectable, SetMetadata, UnsupportedMediaTypeException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { hasNonJsonBody, NOT_JSON_MESSAGE } from '../json-body';

const MULTIPART_KEY = 'archive:multipart';

/** The route reads a multipart upload itself; every other route takes JSON bodies only. */
export const Multipart = () => SetMetadata(MULTIPART_KEY, true);

/** 415 for a body that is not JSON on a JSON route (a form, plain text), before anything reads it. */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(MULTIPART_KEY, [context.getHandler(), context.getClass()])) {
      return true;
    }
    if (hasNonJsonBody(context.switchToHttp().getRequest<Request>().headers)) {
      throw new UnsupportedMediaTypeException(NOT_JSON_MESSAGE);
    }
    return true;
  }
}
