import jwt from 'jsonwebtoken';
import { signIdentityToken, signServiceToken, verifyIdentityToken, verifyServiceToken } from './identity-token';

const SECRET = 'a-secret-of-enough-length-for-tests';

describe('identity tokens', () => {
  it('round-trips a person', () => {
    expect(verifyIdentityToken(signIdentityToken({ id: 42, username: 'rose' }, SECRET), SECRET)).toEqual({
      id: 42,
      username: 'rose',
    });
  });

  it('refuses a missing, forged, foreign-secret or expired token', () => {
    expect(verifyIdentityToken(undefined, SECRET)).toBeNull();
    expect(verifyIdentityToken('not.a.token', SECRET)).toBeNull();
    expect(
      verifyIdentityToken(signIdentityToken({ id: 1, username: 'x' }, 'another-secret-of-enough-length'), SECRET),
    ).toBeNull();
    const expired = jwt.sign({ username: 'x' }, SECRET, {
      algorithm: 'HS256',
      subject: '1',
      audience: 'user',
      issuer: 'family-archive',
      expiresIn: -10,
    });
    expect(verifyIdentityToken(expired, SECRET)).toBeNull();
    const unsigned = jwt.sign({ username: 'x', sub: '1', aud: 'user', iss: 'family-archive' }, '', {
      algorithm: 'none',
    });
    expect(verifyIdentityToken(unsigned, SECRET)).toBeNull();
  });

  it('keeps people and services apart', () => {
    const service = signServiceToken('albums', SECRET);
    const person = signIdentityToken({ id: 1, username: 'x' }, SECRET);
    expect(verifyServiceToken(service, SECRET)).toBe('albums');
    expect(verifyIdentityToken(service, SECRET)).toBeNull();
    expect(verifyServiceToken(person, SECRET)).toBeNull();
  });

  it('hands out one token per person for half its life, and takes a verified one only until it expires', () => {
    jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
    try {
      const rose = { id: 7, username: 'rose' };
      const first = signIdentityToken(rose, SECRET);
      expect(signIdentityToken(rose, SECRET)).toBe(first);
      expect(signIdentityToken({ id: 8, username: 'rose' }, SECRET)).not.toBe(first);
      expect(verifyIdentityToken(first, SECRET)).toEqual(rose);
      // Kept, but never for another secret.
      expect(verifyIdentityToken(first, 'another-secret-of-enough-length')).toBeNull();
      jest.advanceTimersByTime(31_000);
      const second = signIdentityToken(rose, SECRET);
      expect(second).not.toBe(first);
      expect(verifyIdentityToken(first, SECRET)).toEqual(rose);
      // The first token's minute is over: refused, though it was verified before.
      jest.advanceTimersByTime(30_000);
      expect(verifyIdentityToken(first, SECRET)).toBeNull();
      expect(verifyIdentityToken(second, SECRET)).toEqual(rose);
    } finally {
      jest.useRealTimers();
    }
  });

  it('lives for one minute', () => {
    const claims = jwt.decode(signIdentityToken({ id: 1, username: 'x' }, SECRET)) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(60);
  });
});
