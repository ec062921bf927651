import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import type { SignedInDevice } from '@family/contract';

/** What a session remembers of the browser that holds it (docs/rights.md "Signed-in devices"). */
export interface DeviceNote {
  userAgent: string;
  address: string;
  /** ms */
  signedInAt: number;
  lastSeenAt: number;
}

/** "Last seen" moves at most this often: a session is saved again only then, never on every request. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
const USER_AGENT_MAX = 400;

function note(req: Request, signedInAt: number): DeviceNote {
  const now = Date.now();
  return {
    userAgent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX),
    address: req.ip ?? 'unknown',
    signedInAt,
    lastSeenAt: now,
  };
}

/** Noted when a session signs in. */
export function deviceAtSignIn(req: Request): DeviceNote {
  return note(req, Date.now());
}

/**
 * Moves "last seen" and the address of a signed-in session when the last note is older than a few minutes; a
 * session signed in before devices were noted gets its first note now.
 */
export function noteLastSeen(req: Request): void {
  const session = req.session;
  if (!session?.user) return;
  const device = session.device;
  if (!device) {
    session.device = note(req, Date.now());
    return;
  }
  if (Date.now() - device.lastSeenAt >= LAST_SEEN_EVERY_MS) session.device = note(req, device.signedInAt);
}

/** Stands for a session in the list without being its id: the id is what the cookie carries. */
export function deviceId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
}

/** "Firefox on Windows", "Safari on iOS"; "Unknown browser" when the user agent says nothing useful. */
export function browserName(userAgent: string): string {
  if (!userAgent) return 'Unknown browser';
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const system = parser.getOSName();
  if (!browser) return system ? `A browser on ${system}` : 'Unknown browser';
  return system ? `${browser} on ${system}` : browser;
}

export function describeDevice(sessionId: string, data: SessionData, currentSessionId: string): SignedInDevice {
  const device = data.device;
  const seen = new Date(device?.lastSeenAt ?? Date.now()).toISOString();
  return {
    id: deviceId(sessionId),
    browser: browserName(device?.userAgent ?? ''),
    signedInAt: device ? new Date(device.signedInAt).toISOString() : seen,
    lastSeenAt: seen,
    address: device?.address ?? 'unknown',
    current: sessionId === currentSessionId,
  };
}
