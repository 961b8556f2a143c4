import { describe, expect, it } from 'vitest';
import { recoveryLinkErrorIn } from './password-recovery';

describe('recoveryLinkErrorIn', () => {
  it('recognises a used or expired recovery link, in the fragment or (PKCE) the query', () => {
    expect(
      recoveryLinkErrorIn(
        'https://furnicraft.in/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toBe('expired');
    expect(
      recoveryLinkErrorIn('https://furnicraft.in/reset-password?error=access_denied&error_code=otp_expired'),
    ).toBe('expired');
  });

  it('calls any other error Auth reported invalid', () => {
    expect(recoveryLinkErrorIn('https://furnicraft.in/reset-password#error=server_error')).toBe('invalid');
  });

  it('finds nothing wrong with a working link or a plain visit', () => {
    expect(
      recoveryLinkErrorIn('https://furnicraft.in/reset-password#access_token=a.b.c&type=recovery'),
    ).toBeNull();
    expect(recoveryLinkErrorIn('https://furnicraft.in/reset-password')).toBeNull();
    expect(recoveryLinkErrorIn('not a url')).toBeNull();
  });
});
