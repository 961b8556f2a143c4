import { describe, expect, it } from 'vitest';
import { handleError, HttpError, OAuthError, requestApiVersion, WeakPasswordError } from './errors.ts';

const log = () => {};

describe('handleError: GoTrue shapes', () => {
  it('versioned: {code, message} and the header echoed', () => {
    const r = handleError(
      new HttpError(400, 'invalid_credentials', 'Invalid login credentials'),
      '2024-01-01',
      log,
    );
    expect(r).toMatchObject({
      status: 400,
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    expect(r.headers).toMatchObject({
      'X-Supabase-Api-Version': '2024-01-01',
      'x-sb-error-code': 'invalid_credentials',
    });
  });
  it('legacy: {code: status, error_code, msg}', () => {
    const r = handleError(new HttpError(422, 'user_already_exists', 'User already registered'), null, log);
    expect(r.body).toEqual({ code: 422, error_code: 'user_already_exists', msg: 'User already registered' });
    expect(r.headers?.['X-Supabase-Api-Version']).toBeUndefined();
  });
  it('weak passwords carry their reasons in both shapes', () => {
    const e = new WeakPasswordError('Password should be at least 8 characters.', ['length']);
    expect(handleError(e, '2024-01-01', log).body).toEqual({
      code: 'weak_password',
      message: e.message,
      weak_password: { reasons: ['length'] },
    });
    expect(handleError(e, null, log).body).toMatchObject({
      error_code: 'weak_password',
      weak_password: { reasons: ['length'] },
    });
  });
  it('OAuth errors and unknown failures', () => {
    expect(
      handleError(new OAuthError('invalid_request', 'refresh_token required'), '2024-01-01', log).body,
    ).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
    const r = handleError(new Error('boom'), '2024-01-01', log);
    expect(r).toMatchObject({ status: 500, body: { code: 'unexpected_failure' } });
  });
  it('reads the API version header as GoTrue does', () => {
    expect(requestApiVersion('2024-01-01')).toBe('2024-01-01');
    expect(requestApiVersion('2025-06-30')).toBe('2024-01-01');
    expect(requestApiVersion('2023-12-31')).toBeNull();
    expect(requestApiVersion('yesterday')).toBeNull();
    expect(requestApiVersion(undefined)).toBeNull();
  });
});
