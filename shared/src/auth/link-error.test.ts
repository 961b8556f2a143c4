import { describe, expect, it } from 'vitest';
import { authLinkErrorIn } from './link-error.ts';

describe('authLinkErrorIn', () => {
  it.each([
    [
      'https://shop.test/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      { error: 'access_denied', code: 'otp_expired', description: 'Email link is invalid or has expired' },
    ],
    [
      'https://shop.test/admin/set-password?error=access_denied&error_code=otp_expired',
      { error: 'access_denied', code: 'otp_expired', description: null },
    ],
    [
      'https://shop.test/reset-password?error_description=Bad',
      { error: null, code: null, description: 'Bad' },
    ],
    ['https://shop.test/reset-password#access_token=x&type=recovery', null],
    ['https://shop.test/reset-password', null],
    ['not a url', null],
  ])('%s', (href, expected) => {
    expect(authLinkErrorIn(href)).toEqual(expected);
  });
});
