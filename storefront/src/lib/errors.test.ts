import { describe, expect, it } from 'vitest';
import { authErrorMessage, isAppError, toAppError } from '@/lib/errors';

describe('toAppError', () => {
  it.each([
    ['PGRST205', 'missing-table'],
    ['42P01', 'missing-table'],
    ['42501', 'unknown'],
    ['PGRST116', 'unknown'],
  ])('maps code %s to %s', (code, appCode) => {
    expect(toAppError({ code, message: 'raw database text' }).code).toBe(appCode);
  });

  it('says a rate-limited call (PT429, HTTP 429) should wait a minute', () => {
    const error = toAppError({
      code: 'PT429',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    expect(error.code).toBe('rate-limited');
    expect(error.userMessage).toBe('Too many attempts. Please wait a minute and try again.');
  });

  it('recognises a failed fetch as a network error', () => {
    const error = toAppError({ code: '', message: 'TypeError: Failed to fetch' });
    expect(error.code).toBe('network');
    expect(error.userMessage).toMatch(/could not reach the store/);
  });

  it('never puts the raw database message in front of the user', () => {
    const error = toAppError({ code: '42501', message: 'permission denied for table orders' });
    expect(error.userMessage).not.toContain('permission denied');
    expect(error.message).toBe('permission denied for table orders');
  });

  it('is recognisable by isAppError, and plain errors are not', () => {
    expect(isAppError(toAppError({}))).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError('x')).toBe(false);
  });
});

describe('authErrorMessage', () => {
  const fallback = 'Login failed. Please check your credentials and try again.';

  it('uses the fallback for wrong credentials and unknown errors', () => {
    expect(authErrorMessage({ code: 'invalid_credentials', status: 400 }, fallback)).toBe(fallback);
    expect(authErrorMessage(undefined, fallback)).toBe(fallback);
  });

  it('names known GoTrue codes in words', () => {
    expect(authErrorMessage({ code: 'user_already_exists' }, fallback)).toMatch(/already exists/);
    expect(authErrorMessage({ status: 429 }, fallback)).toMatch(/Too many attempts/);
    expect(authErrorMessage({ message: 'Failed to fetch' }, fallback)).toMatch(/could not reach/);
  });
});
