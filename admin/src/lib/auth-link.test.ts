import { describe, expect, it } from 'vitest';
import { linkErrorIn } from '@/lib/auth-link';

describe('linkErrorIn', () => {
  it("reads a failed link's error from the fragment or the query", () => {
    expect(
      linkErrorIn(
        'http://x.test/admin/set-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
      ),
    ).toBe('Email link is invalid or has expired');
    expect(linkErrorIn('http://x.test/admin/set-password?error_code=otp_expired#sb=')).toBe('otp_expired');
  });

  it('is null for a working link or a plain visit', () => {
    expect(linkErrorIn('http://x.test/admin/set-password#access_token=a&type=recovery&sb=')).toBeNull();
    expect(linkErrorIn('http://x.test/admin/set-password')).toBeNull();
  });
});
