import { describe, expect, it } from 'vitest';
import {
  apiKeys,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  resolveOpaqueKey,
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

  it('maps the CLI publishable/secret keys only while the well-known secret is in use', () => {
    const local = apiKeys({});
    expect(resolveOpaqueKey(LOCAL_PUBLISHABLE_KEY, local)).toBe(local.anonKey);
    expect(resolveOpaqueKey(LOCAL_SECRET_KEY, local)).toBe(local.serviceRoleKey);
    const own = apiKeys({ SUPABASE_JWT_SECRET: 'y'.repeat(40) });
    expect(resolveOpaqueKey(LOCAL_SECRET_KEY, own)).toBe(LOCAL_SECRET_KEY);
  });
});
