import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
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
