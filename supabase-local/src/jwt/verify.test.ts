import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { privateKeyOf } from '../auth/jwt.ts';
import { mintJwt } from '../testing/jwt.ts';
import { ephemeralSigningKeys, signingKeysFrom, type Jwk } from './signing-keys.ts';
import { JwtFailure, projectVerifier, type JwtFailureReason } from './verify.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const keys = ephemeralSigningKeys();
const stranger = ephemeralSigningKeys();
const verifier = projectVerifier(SECRET, keys.publicKeys);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function rsaKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return signingKeysFrom(
    [{ ...(privateKey.export({ format: 'jwk' }) as Jwk), kid: 'rsa-1', alg: 'RS256' }],
    'test',
  );
}

describe('the one JWT verifier', () => {
  it('verifies a legacy HS256 token with the secret and an ES256 token with the JWKS', async () => {
    expect((await verifier.verify(mintJwt(SECRET, { role: 'anon' }))).claims).toEqual({ role: 'anon' });
    const es = await verifier.verify(mintJwt(keys, { sub: 'u', exp: 4000 }), { now: 3999 });
    expect(es.header).toMatchObject({ alg: 'ES256', kid: keys.signing.kid });
    expect(es.claims).toEqual({ sub: 'u', exp: 4000 });
  });

  it('finds an ES256 key without a kid by its algorithm, and an RS256 key among several', async () => {
    const rsa = rsaKeys();
    const both = projectVerifier(SECRET, [...keys.publicKeys, ...rsa.publicKeys]);
    const noKid = await new SignJWT({ sub: 'u' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .sign(privateKeyOf(keys.signing));
    expect((await both.verify(noKid)).claims).toEqual({ sub: 'u' });
    expect((await both.verify(mintJwt(rsa, { sub: 'r' }))).claims).toEqual({ sub: 'r' });
  });

  it.each<[string, () => string, JwtFailureReason, number?]>([
    ['two segments', () => 'a.b', 'segments'],
    ['a header that is not JSON', () => 'bm90IGpzb24.e30.x', 'header'],
    ['alg none', () => `${b64({ alg: 'none' })}.${b64({})}.`, 'algorithm'],
    ['an RS256 token where no RSA key is known', () => mintJwt(rsaKeys(), { sub: 'x' }), 'algorithm'],
    ['another EC key (unknown kid)', () => mintJwt(stranger, { sub: 'x' }), 'no-key'],
    [
      'another EC key under our kid',
      () => mintJwt(stranger, { sub: 'x' }, { kid: keys.signing.kid }),
      'signature',
    ],
    [
      'a tampered ES256 payload',
      () => {
        const [h, , s] = mintJwt(keys, { role: 'authenticated' }).split('.');
        return `${h}.${b64({ role: 'service_role' })}.${s}`;
      },
      'signature',
    ],
    ['another secret', () => mintJwt('x'.repeat(40), { role: 'anon' }), 'signature'],
    [
      'a signature that is not base64url',
      () => `${mintJwt(SECRET, {}).split('.').slice(0, 2).join('.')}.!!`,
      'signature',
    ],
    [
      'claims that are not an object',
      () => mintJwt(SECRET, [1] as unknown as Record<string, unknown>),
      'claims',
    ],
    ['exp as a string', () => mintJwt(SECRET, { exp: '5' }), 'claim-type'],
    ['expired', () => mintJwt(keys, { exp: 100 }), 'expired', 100],
    ['not yet valid', () => mintJwt(SECRET, { nbf: 200 }), 'not-yet-valid', 100],
  ])('refuses %s', async (_name, token, reason, now) => {
    const e = await verifier.verify(token(), { now: now ?? 1 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(JwtFailure);
    expect((e as JwtFailure).reason).toBe(reason);
  });

  it('applies the clock tolerance and the accepted algorithms a surface asks for', async () => {
    const t = mintJwt(keys, { exp: 100 });
    await expect(verifier.verify(t, { now: 120, clockTolerance: 30 })).resolves.toBeTruthy();
    await expect(verifier.verify(t, { now: 130, clockTolerance: 30 })).rejects.toMatchObject({
      reason: 'expired',
    });
    await expect(verifier.verify(mintJwt(SECRET, {}), { algorithms: ['ES256'] })).rejects.toMatchObject({
      reason: 'algorithm',
    });
  });

  it('without asymmetric keys (legacy HS256 project) an ES256 token is an unsupported algorithm', async () => {
    const legacy = projectVerifier(SECRET);
    await expect(legacy.verify(mintJwt(keys, {}))).rejects.toMatchObject({ reason: 'algorithm' });
  });
});
