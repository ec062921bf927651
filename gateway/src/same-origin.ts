import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses changes sent by another site's page (CSRF), alongside SameSite cookies: a browser always
 * names the page's origin on such requests. Requests without Origin (curl, same-origin GET) pass.
 */
export function sameOriginOnly(extraOrigins: string[]) {
  const allowed = new Set(extraOrigins.map((origin) => origin.trim().replace(/\/$/, '')).filter(Boolean));
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (SAFE_METHODS.has(req.method) || origin === undefined) return next();
    const own = `${req.protocol}://${req.get('host')}`;
    if (origin === own || allowed.has(origin)) return next();
    res.status(403).json({ message: 'This request came from another website and was refused.' });
  };
}
