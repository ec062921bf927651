import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HttpError } from '@family/shared';
import type { AuthClient } from '@family/shared/clients';
import { inRequest, log, messageOf } from './log';

/** Set on a request to /api/admin whose signed-in person auth named an admin just now. */
const ADMIN_CHECKED = Symbol('adminChecked');
type CheckedRequest = Request & { [ADMIN_CHECKED]?: true };

/**
 * Requests to /api/admin: the gateway asks auth, which owns roles, whether the signed-in person is an admin (one
 * call per admin request, so naming an admin takes effect at once), and marks the identity token it passes on
 * (docs/rights.md "Admins"). The services refuse the others with 403; nobody signed in gets their usual 401.
 */
export function adminRole(auth: AuthClient): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const user = req.session?.user;
    if (!user) return next();
    auth.role(user.id).then(
      ({ admin }) => {
        if (admin) (req as CheckedRequest)[ADMIN_CHECKED] = true;
        next();
      },
      (error: unknown) => {
        inRequest(req, () => log.warn(`auth service: ${messageOf(error)}`));
        const status = error instanceof HttpError ? error.status : 503;
        res
          .status(status >= 500 ? 503 : status)
          .json({ message: 'The auth service is unavailable. Try again shortly.' });
      },
    );
  };
}

/** Whether the gateway found this request's person an admin (read when it signs the identity token). */
export function isCheckedAdmin(req: Request): boolean {
  return (req as CheckedRequest)[ADMIN_CHECKED] === true;
}
