import { describe, expect, it } from 'vitest';
import { fromToml, loadConfig, projectPaths } from '../config.ts';
import { authSettings, parseDuration } from './options.ts';
import { checkPasswordStrength } from './password.ts';

describe('Auth settings from config.toml', () => {
  it('maps the store config.toml as the CLI maps it for GoTrue', () => {
    const s = authSettings(loadConfig(projectPaths().configToml, {}), 'x'.repeat(40));
    expect(s).toMatchObject({
      minPasswordLength: 8,
      // confirmations on, as on hosted Supabase; password changes from old sessions need a nonce
      autoconfirm: false,
      securePasswordChange: true,
      disableSignup: false,
      jwtExpiry: 3600,
      refreshTokenReuseInterval: 10,
      providers: { google: true, github: true },
      jwtIssuer: 'http://127.0.0.1:54321/auth/v1',
    });
  });
  it('password_requirements become required character sets', () => {
    const s = authSettings(
      fromToml({ auth: { minimum_password_length: 8, password_requirements: 'lower_upper_letters_digits' } }),
      'x'.repeat(40),
    );
    expect(() => checkPasswordStrength('Abcdefg1', s)).not.toThrow();
    expect(() => checkPasswordStrength('abcdefg1', s)).toThrow(/at least one character of each/);
    expect(() => checkPasswordStrength('x'.repeat(73), s)).toThrow(
      'Password cannot be longer than 72 characters',
    );
  });
  it('parses Go durations', () => {
    expect(parseDuration('1s')).toBe(1000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('60')).toBe(60_000);
    expect(() => parseDuration('soon')).toThrow();
  });
});
