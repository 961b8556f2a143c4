import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ephemeralSigningKeys } from '../jwt/signing-keys.ts';
import { createAuthJwt, privateKeyOf, signHs256 } from './jwt.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('GoTrue JWTs: HS256 (legacy) and ES256 verification with golang-jwt reasons', () => {
  const keys = ephemeralSigningKeys();
  const jwt = createAuthJwt({ jwtSecret: SECRET, signingKeys: keys });
  const token = signHs256({ sub: 'x', exp: 2000 }, SECRET);

  it('accepts a legacy HS256 token before exp', async () => {
    expect(await jwt.verify(token, 1999)).toMatchObject({ sub: 'x' });
  });

  it('signs user tokens with ES256 and the key id, and verifies them', async () => {
    const signed = await jwt.signAccessToken({ sub: 'y', exp: 3000 });
    const header = JSON.parse(Buffer.from(signed.split('.')[0]!, 'base64url').toString()) as object;
    expect(header).toEqual({ alg: 'ES256', kid: keys.signing.kid, typ: 'JWT' });
    expect(await jwt.verify(signed, 2999)).toMatchObject({ sub: 'y' });
    await expect(jwt.verify(signed, 3000)).rejects.toThrow('token has invalid claims: token is expired');
  });

  it('in legacy mode signs HS256 and publishes no key', async () => {
    const legacy = createAuthJwt({ jwtSecret: SECRET, signingKeys: null });
    const signed = await legacy.signAccessToken({ sub: 'z' });
    expect(signed).toBe(signHs256({ sub: 'z' }, SECRET));
    expect(legacy.publicKeys).toEqual([]);
  });

  it('refuses an ES256 token of another key: unknown kid, or the right kid with a bad signature', async () => {
    const other = ephemeralSigningKeys();
    const foreign = createAuthJwt({ jwtSecret: SECRET, signingKeys: other });
    const stranger = await foreign.signAccessToken({ sub: 'x', exp: 2000 });
    await expect(jwt.verify(stranger, 1)).rejects.toThrow(
      `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${other.signing.kid} for algorithm ES256`,
    );
    const impostor = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'ES256', kid: keys.signing.kid, typ: 'JWT' })
      .sign(privateKeyOf(other.signing));
    await expect(jwt.verify(impostor, 1)).rejects.toThrow(
      'token signature is invalid: crypto/ecdsa: verification error',
    );
  });

  it.each([
    ['expired', token, 2000, 'token has invalid claims: token is expired'],
    [
      'wrong secret',
      signHs256({ exp: 2000 }, 'y'.repeat(40)),
      1,
      'token signature is invalid: signature is invalid',
    ],
    ['two segments', 'a.b', 1, 'token contains an invalid number of segments'],
    ['bad header', '!!.e30.x', 1, 'could not base64 decode header'],
    [
      'alg none',
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.`,
      1,
      'signing method none is invalid',
    ],
    [
      'HS512',
      `${Buffer.from('{"alg":"HS512"}').toString('base64url')}.e30.x`,
      1,
      'signing method HS512 is invalid',
    ],
    ['exp as a string', signHs256({ exp: '2000' }, SECRET), 1, 'could not JSON decode claim'],
    ['sub as a number', signHs256({ sub: 7 }, SECRET), 1, 'could not JSON decode claim'],
    ['not yet valid', signHs256({ nbf: 10 }, SECRET), 5, 'token is not valid yet'],
  ])('%s', async (_name, t, now, message) => {
    await expect(jwt.verify(t, now)).rejects.toThrow(message);
  });
});
