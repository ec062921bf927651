import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

const SELF = "'self'";
const NONE = "'none'";

/**
 * The Content-Security-Policy of every answer: the web app's own scripts only, never inline ones, never framed,
 * no plugins. Styles also allow 'unsafe-inline' because MUI's styling engine (emotion) writes its CSS into
 * <style> tags at run time; a style can change how a page looks but cannot run code, and a nonce would mean
 * rewriting index.html on every request for no gain against script injection, which script-src already stops.
 * No upgrade-insecure-requests: at home the archive is often reached over plain http on the local network.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: [SELF],
  scriptSrc: [SELF],
  scriptSrcAttr: [NONE],
  styleSrc: [SELF, "'unsafe-inline'"],
  imgSrc: [SELF, 'data:', 'blob:'],
  mediaSrc: [SELF, 'blob:'],
  fontSrc: [SELF, 'data:'],
  connectSrc: [SELF],
  objectSrc: [NONE],
  frameAncestors: [NONE],
  baseUri: [SELF],
  formAction: [SELF],
};

// HSTS for 180 days, sent only over TLS: a browser must never be told to insist on https for an address it
// reached over plain http (a home server on the local network).
const HSTS = 'max-age=15552000';

/** Helmet's headers on every answer of the gateway, HTML and API alike, and HSTS behind TLS. */
export function securityHeaders() {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    headers(req, res, next);
  };
}
