import type { IncomingHttpHeaders } from 'node:http';

export const NOT_JSON_MESSAGE = 'This address takes JSON: send the body with Content-Type: application/json.';

/** application/json, with or without a charset, or a +json type. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * Whether a request carries a body that is not JSON, which a JSON route refuses with 415. A form a browser
 * sends from another site is never JSON, so this also closes the door to forms posted without an Origin.
 */
export function hasNonJsonBody(headers: IncomingHttpHeaders): boolean {
  const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
  return hasBody && !JSON_TYPE.test(headers['content-type'] ?? '');
}
