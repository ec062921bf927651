import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, NestMiddleware } from '@nestjs/common';
import { CALL_CHAIN_HEADER, REQUEST_ID_HEADER } from '../identity-token';
import { callChainFrom, requestIdFrom, runInRequestContext } from '../request-context';

/**
 * Opens the request context before guards, pipes, handlers and the error filter run, so all of them (and the
 * internal calls they make) know the request's id: the one the gateway sent, or a new one.
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  use(req: IncomingMessage, _res: ServerResponse, next: () => void): void {
    runInRequestContext(
      {
        requestId: requestIdFrom(req.headers[REQUEST_ID_HEADER]),
        callChain: callChainFrom(req.headers[CALL_CHAIN_HEADER]),
      },
      next,
    );
  }
}
