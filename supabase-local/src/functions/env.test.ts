import { describe, expect, it } from 'vitest';
import { functionEnv, parseDotenv } from './env.ts';

describe('parseDotenv', () => {
  it('reads KEY=value lines as the Supabase CLI writes them', () => {
    const text = [
      '# a comment',
      'PLAIN=value # trailing comment',
      'export EXPORTED=yes',
      'EMPTY=',
      "SINGLE='no $expansion # kept'",
      'DOUBLE="line1\\nline2 \\"quoted\\""',
      'MULTI="first',
      'second"',
      'not a line',
      '  SPACED = padded  ',
    ].join('\r\n');
    expect(parseDotenv(text)).toEqual({
      PLAIN: 'value',
      EXPORTED: 'yes',
      EMPTY: '',
      SINGLE: 'no $expansion # kept',
      DOUBLE: 'line1\nline2 "quoted"',
      MULTI: 'first\nsecond',
      SPACED: 'padded',
    });
  });
});

describe('functionEnv', () => {
  it('layers the environment, the .env file, then the SUPABASE_* values hosted Supabase provides', () => {
    const env = functionEnv({
      processEnv: { A: 'process', B: 'process', SUPABASE_URL: 'https://spoofed.example' },
      dotenv: { B: 'file', SUPABASE_ANON_KEY: 'spoofed' },
      apiUrl: 'http://127.0.0.1:54321',
      anonKey: 'anon',
      serviceRoleKey: 'service',
      publishableKey: 'sb_publishable_x',
      secretKey: 'sb_secret_y',
      jwks: '{"keys":[]}',
    });
    expect(env).toMatchObject({
      A: 'process',
      B: 'file',
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_ANON_KEY: 'anon',
    });
    expect(env.SUPABASE_SERVICE_ROLE_KEY).toBe('service');
    // the new keys as hosted Supabase and the CLI's edge runtime give them: JSON dictionaries
    expect(JSON.parse(env.SUPABASE_PUBLISHABLE_KEYS!)).toEqual({ default: 'sb_publishable_x' });
    expect(JSON.parse(env.SUPABASE_SECRET_KEYS!)).toEqual({ default: 'sb_secret_y' });
    expect(env.SUPABASE_JWKS).toBe('{"keys":[]}');
    expect(env.SUPABASE_DB_URL).toBeUndefined();
  });
});
