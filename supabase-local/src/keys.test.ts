import { describe, expect, it } from 'vitest';
import {
  apiKeys,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  jwtForOpaqueKey,
  publishedJwks,
  restJwtSecret,
} from './keys.ts';

// The keys `supabase start` prints for every local project (and shared/src/config.ts hard-codes).
const WELL_KNOWN_ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const WELL_KNOWN_SERVICE =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

describe('local API keys', () => {
  it('reproduces the well-known anon and service_role keys of supabase start', () => {
    const keys = apiKeys({});
    expect(keys.jwtSecret).toBe(LOCAL_JWT_SECRET);
    expect(keys.wellKnownSecret).toBe(true);
    expect(keys.anonKey).toBe(WELL_KNOWN_ANON);
    expect(keys.serviceRoleKey).toBe(WELL_KNOWN_SERVICE);
  });

  it('signs with SUPABASE_JWT_SECRET when set, and refuses a short one', () => {
    const keys = apiKeys({ SUPABASE_JWT_SECRET: 'x'.repeat(40) });
    expect(keys.wellKnownSecret).toBe(false);
    expect(keys.anonKey).not.toBe(WELL_KNOWN_ANON);
    expect(() => apiKeys({ SUPABASE_JWT_SECRET: 'short' })).toThrow(/32 characters/);
  });

  it('issues the CLI publishable/secret keys with the well-known secret, and maps them to anon/service_role', () => {
    const local = apiKeys({});
    expect(local.publishableKey).toBe(LOCAL_PUBLISHABLE_KEY);
    expect(local.secretKey).toBe(LOCAL_SECRET_KEY);
    expect(jwtForOpaqueKey(LOCAL_PUBLISHABLE_KEY, local)).toBe(local.anonKey);
    expect(jwtForOpaqueKey(LOCAL_SECRET_KEY, local)).toBe(local.serviceRoleKey);
    expect(jwtForOpaqueKey(local.anonKey, local)).toBeUndefined();
  });

  it('with a secret of its own: keys of its own (derived, stable), never the CLI ones; or the configured ones', () => {
    const own = apiKeys({ SUPABASE_JWT_SECRET: 'y'.repeat(40) });
    expect(own.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(own.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(own.publishableKey).not.toBe(LOCAL_PUBLISHABLE_KEY);
    expect(apiKeys({ SUPABASE_JWT_SECRET: 'y'.repeat(40) }).secretKey).toBe(own.secretKey);
    expect(jwtForOpaqueKey(LOCAL_SECRET_KEY, own)).toBeUndefined();
    const configured = apiKeys({
      SUPABASE_JWT_SECRET: 'y'.repeat(40),
      SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_0123456789abcdefghij',
      SUPABASE_SECRET_KEY: 'sb_secret_0123456789abcdefghij',
    });
    expect(jwtForOpaqueKey('sb_secret_0123456789abcdefghij', configured)).toBe(configured.serviceRoleKey);
    expect(() => apiKeys({ SUPABASE_SECRET_KEY: 'eyJnot-an-opaque-key-at-all' })).toThrow(/sb_secret_/);
  });

  it('signs user JWTs with an ES256 key by default, HS256 on request; the JWKS never holds the secret', () => {
    const keys = apiKeys({});
    expect(keys.signingKeys?.signing).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    const jwks = publishedJwks(keys);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({
      kid: keys.signingKeys!.signing.kid,
      use: 'sig',
      key_ops: ['verify'],
    });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(JSON.stringify(jwks)).not.toContain(Buffer.from(LOCAL_JWT_SECRET).toString('base64url'));
    // PostgREST gets the CLI's PGRST_JWT_SECRET: the public keys plus the secret as an oct key
    const rest = JSON.parse(restJwtSecret(keys)) as { keys: { kty: string }[] };
    expect(rest.keys.map((k) => k.kty)).toEqual(['EC', 'oct']);
    const legacy = apiKeys({ SUPABASE_LOCAL_JWT_ALGORITHM: 'HS256' });
    expect(legacy.signingKeys).toBeNull();
    expect(publishedJwks(legacy)).toEqual({ keys: [] });
    expect(restJwtSecret(legacy)).toBe(LOCAL_JWT_SECRET);
  });
});
