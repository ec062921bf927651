import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** Header the gateway sets on proxied requests of a signed-in person; clients can never set it themselves. */
export const IDENTITY_HEADER = 'x-identity-token';
/** Header a service sets when it calls another service's /internal routes. */
export const SERVICE_HEADER = 'x-service-token';
export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * The services a request has passed through so far, in order (`gateway,albums`): each internal call adds its
 * caller, so a call back to a service already on the way is seen (docs/architecture.md "Who calls whom").
 */
export const CALL_CHAIN_HEADER = 'x-call-chain';

const ISSUER = 'family-archive';
// A minute is enough for one request to travel gateway -> service; a leaked token is soon useless.
const LIFETIME_SECONDS = 60;

/**
 * The HMAC key of a secret, made once: handed a string, jsonwebtoken first tries it as a PEM private key and then
 * builds a KeyObject on every sign and verify, which cost a fifth of each process's CPU (docs/architecture.md
 * "Speed"). A process has one secret; the last one asked for is kept.
 */
let lastKey: { secret: string; key: KeyObject } | undefined;
function keyOf(secret: string): KeyObject {
  if (lastKey?.secret !== secret) lastKey = { secret, key: createSecretKey(Buffer.from(secret)) };
  return lastKey.key;
}

export interface Identity {
  id: number;
  username: string;
  /**
   * Set only on requests to /api/admin, after the gateway asked auth for the person's role on that request
   * (docs/rights.md "Admins"); other requests never carry it.
   */
  admin?: true;
}

/**
 * Identity tokens signed and verified lately, so that the gallery's list and its sixty thumbnails do not each
 * sign and check one (docs/architecture.md "Speed"). The gateway hands out a person's token again while more than
 * half its lifetime is left, so a service always gets at least half a minute; a service takes a token it has
 * verified before as it did then, until the token's own expiry. Both forget everything past MAX_KEPT.
 */
const REUSE_FOR_MS = (LIFETIME_SECONDS * 1000) / 2;
const MAX_KEPT = 10_000;
const signedTokens = new Map<string, { secret: string; token: string; reuseUntil: number }>();
const verifiedTokens = new Map<string, { secret: string; identity: Identity; expiresAt: number }>();

function keep<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MAX_KEPT) map.clear();
  map.set(key, value);
}

export function signIdentityToken(identity: Identity, secret: string): string {
  const key = `${identity.id}:${identity.username}:${identity.admin ? 'admin' : ''}`;
  const now = Date.now();
  const kept = signedTokens.get(key);
  if (kept && kept.secret === secret && kept.reuseUntil > now) return kept.token;
  const claims = identity.admin ? { username: identity.username, admin: true } : { username: identity.username };
  const token = jwt.sign(claims, keyOf(secret), {
    algorithm: 'HS256',
    subject: String(identity.id),
    audience: 'user',
    issuer: ISSUER,
    expiresIn: LIFETIME_SECONDS,
  });
  keep(signedTokens, key, { secret, token, reuseUntil: now + REUSE_FOR_MS });
  return token;
}

/** The identity named by a valid token, or null for a missing, forged or expired one. */
export function verifyIdentityToken(token: string | undefined, secret: string): Identity | null {
  if (!token) return null;
  const kept = verifiedTokens.get(token);
  if (kept && kept.secret === secret && kept.expiresAt > Date.now()) return kept.identity;
  try {
    const claims = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'], audience: 'user', issuer: ISSUER });
    if (typeof claims === 'string' || !claims.sub || typeof claims.exp !== 'number') return null;
    const id = Number(claims.sub);
    if (!Number.isSafeInteger(id) || typeof claims.username !== 'string') return null;
    const identity: Identity =
      claims.admin === true ? { id, username: claims.username, admin: true } : { id, username: claims.username };
    keep(verifiedTokens, token, { secret, identity, expiresAt: claims.exp * 1000 });
    return identity;
  } catch {
    return null;
  }
}

export function signServiceToken(serviceName: string, secret: string): string {
  return jwt.sign({}, keyOf(secret), {
    algorithm: 'HS256',
    subject: serviceName,
    audience: 'service',
    issuer: ISSUER,
    expiresIn: LIFETIME_SECONDS,
  });
}

/** The calling service's name for a valid service token, else null. */
export function verifyServiceToken(token: string | undefined, secret: string): string | null {
  if (!token) return null;
  try {
    const claims = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'], audience: 'service', issuer: ISSUER });
    return typeof claims === 'string' ? null : (claims.sub ?? null);
  } catch {
    return null;
  }
}
