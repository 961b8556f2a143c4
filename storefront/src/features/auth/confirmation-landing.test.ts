import { describe, expect, it } from 'vitest';
import { authLandingIn } from './confirmation-landing';

describe('authLandingIn', () => {
  it('recognises the sign-up confirmation link that signed the shopper in', () => {
    expect(
      authLandingIn('#access_token=a.b.c&expires_in=3600&refresh_token=r&token_type=bearer&type=signup'),
    ).toBe('confirmed');
  });

  it('recognises a used or expired link', () => {
    expect(
      authLandingIn(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toBe('link-invalid');
  });

  it('ignores other landings: OAuth sessions, recovery, a cancelled provider, no fragment', () => {
    expect(authLandingIn('#access_token=a&provider_token=p&type=')).toBeNull();
    expect(authLandingIn('#access_token=a&type=recovery')).toBeNull();
    expect(authLandingIn('#error=access_denied&error_description=cancelled')).toBeNull();
    expect(authLandingIn('')).toBeNull();
  });
});
