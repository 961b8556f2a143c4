import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { ephemeralSigningKeys } from '../jwt/signing-keys.ts';
import { mintJwt } from './jwt.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('mintJwt', () => {
  it('is byte-identical to a standard HS256 signer (jose) over the same claims', async () => {
    const claims = { iss: 'supabase-demo', role: 'anon', exp: 1983812996 };
    const expected = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(SECRET));
    expect(mintJwt(SECRET, claims)).toBe(expected);
  });

  it('expiresIn sets exp that many seconds from now; without it the claims are signed as given', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { payload } = await jwtVerify(
      mintJwt(SECRET, { role: 'authenticated', exp: 1 }, { expiresIn: 3600 }),
      new TextEncoder().encode(SECRET),
    );
    expect(payload['role']).toBe('authenticated');
    expect(payload.exp).toBeGreaterThanOrEqual(now + 3600);
    expect(payload.exp).toBeLessThanOrEqual(now + 3601);
    const plain = mintJwt(SECRET, { role: 'anon' }).split('.')[1]!;
    expect(JSON.parse(Buffer.from(plain, 'base64url').toString())).toEqual({ role: 'anon' });
  });
});

describe('mintJwt with a signing key', () => {
  it('signs ES256 with the key id in the header, verifiable against the public JWKS (jose)', async () => {
    const keys = ephemeralSigningKeys();
    const token = mintJwt(keys, { sub: 'u', role: 'authenticated' }, { expiresIn: 60 });
    const header = decodeProtectedHeader(token);
    expect(header).toEqual({ alg: 'ES256', kid: keys.signing.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: keys.publicKeys as JWK[] }));
    expect(payload).toMatchObject({ sub: 'u', role: 'authenticated' });
    // another key's token does not verify against this set, even under this key's kid
    const stranger = mintJwt(ephemeralSigningKeys(), { sub: 'u' }, { kid: keys.signing.kid });
    await expect(jwtVerify(stranger, createLocalJWKSet({ keys: keys.publicKeys as JWK[] }))).rejects.toThrow(
      'signature verification failed',
    );
  });
});
