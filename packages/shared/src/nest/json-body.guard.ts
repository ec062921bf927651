import { CanActivate, ExecutionContext, Injectable, SetMetadata, UnsupportedMediaTypeException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { hasNonJsonBody, NOT_JSON_MESSAGE } from '../json-body';

const MULTIPART_KEY = 'archive:multipart';

/** The route reads a multipart upload itself; every other route takes JSON bodies only. */
export const Multipart = () => SetMetadata(MULTIPART_KEY, true);

const FORM_KEY = 'archive:form';

/**
 * The route changes nothing and also takes a browser form (application/x-www-form-urlencoded), so a plain form
 * post can start a file download. A form from another site is still refused by the gateway's Origin check, and
 * its answer cannot be read by that site (docs/rights.md "Select many").
 */
export const AcceptsForm = () => SetMetadata(FORM_KEY, true);

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** 415 for a body that is not JSON on a JSON route (a form, plain text), before anything reads it. */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(MULTIPART_KEY, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const { headers } = context.switchToHttp().getRequest<Request>();
    const formTaken = this.reflector.getAllAndOverride<boolean>(FORM_KEY, [context.getHandler(), context.getClass()]);
    if (formTaken && FORM_TYPE.test(headers['content-type'] ?? '')) return true;
    if (hasNonJsonBody(headers)) {
      throw new UnsupportedMediaTypeException(NOT_JSON_MESSAGE);
    }
    return true;
  }
}
