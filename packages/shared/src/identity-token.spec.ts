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

  it('lives for one minute', () => {
    const claims = jwt.decode(signIdentityToken({ id: 1, username: 'x' }, SECRET)) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(60);
  });
});
