import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a Referer names, or null when it names none (not an absolute URL). */
function refererOrigin(referer: string): string | null {
  try {
    const origin = new URL(referer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses changes sent by another site's page (CSRF), alongside SameSite cookies: a browser names the page
 * on such requests, in Origin and, when it leaves Origin out, in Referer. Each of the two that is present must
 * name this site; a request with neither (curl and other API clients) passes.
 */
export function sameOriginOnly(extraOrigins: string[]) {
  const allowed = new Set(extraOrigins.map((origin) => origin.trim().replace(/\/$/, '')).filter(Boolean));
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const own = `${req.protocol}://${req.get('host')}`;
    const ours = (site: string | null) => site === own || (site !== null && allowed.has(site));
    const { origin, referer } = req.headers;
    const originOk = origin === undefined || ours(origin);
    // A Referer that is not an address names no site of ours either.
    const refererOk = referer === undefined || ours(refererOrigin(referer));
    if (originOk && refererOk) return next();
    res.status(403).json({ message: 'This request came from another website and was refused.' });
  };
}
