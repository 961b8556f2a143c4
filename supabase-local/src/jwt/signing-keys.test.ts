import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSigningJwk, keptSigningKeys, publicJwk, readSigningKeys } from './signing-keys.ts';

describe('signing keys', () => {
  it('generates ES256 keys in the CLI format and publishes only their public part', () => {
    const key = generateSigningJwk();
    expect(key).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      key_ops: ['sign', 'verify'],
    });
    expect(key.d).toBeTruthy();
    const pub = publicJwk(key);
    expect(pub).toEqual({
      kty: 'EC',
      kid: key.kid,
      use: 'sig',
      key_ops: ['verify'],
      alg: 'ES256',
      ext: true,
      crv: 'P-256',
      x: key.x,
      y: key.y,
    });
  });

  it('keeps the key made for a data folder (0600) and reads the same one back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sl-keys-'));
    const path = join(dir, 'nested', 'signing_keys.json');
    const first = keptSigningKeys(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = keptSigningKeys(path);
    expect(again.signing.kid).toBe(first.signing.kid);
    expect(again.publicKeys).toEqual(first.publicKeys);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toHaveLength(1);
  });

  it('reads a signing_keys.json with several keys: the one with key_ops "sign" signs, all are published', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sl-keys-'));
    const old = { ...generateSigningJwk(), key_ops: ['verify'] };
    const current = generateSigningJwk();
    const path = join(dir, 'signing_keys.json');
    writeFileSync(path, JSON.stringify([old, current]));
    const keys = readSigningKeys(path);
    expect(keys.signing.kid).toBe(current.kid);
    expect(keys.publicKeys.map((k) => k.kid)).toEqual([old.kid, current.kid]);
    expect(keys.publicKeys.every((k) => k.d === undefined)).toBe(true);
  });

  it.each([
    ['a symmetric key', [{ kty: 'oct', k: 'c2VjcmV0', kid: 'a' }], /symmetric/],
    ['a public key only', [{ ...publicJwk(generateSigningJwk()) }], /no private part/],
    ['no kid', [{ ...generateSigningJwk(), kid: undefined }], /kid/],
    ['another curve', [{ ...generateSigningJwk(), crv: 'P-384' }], /ES256/],
  ])('refuses %s', (_name, content, message) => {
    const path = join(mkdtempSync(join(tmpdir(), 'sl-keys-')), 'k.json');
    writeFileSync(path, JSON.stringify(content));
    expect(() => readSigningKeys(path)).toThrow(message);
  });
});
