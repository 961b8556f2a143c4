import { describe, expect, it } from 'vitest';
import { signupSchema } from './auth.ts';
import { contactMessageSchema } from './contact.ts';
import { normalizePhone } from './phone.ts';

const signup = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  password: 'longenough',
  confirmPassword: 'longenough',
  acceptTerms: true,
};

describe('form schemas', () => {
  it('normalises Indian mobile numbers as the database does', () => {
    expect(normalizePhone('+91 98765-43210')).toBe('9876543210');
    expect(normalizePhone('09876543210')).toBe('9876543210');
  });

  it('accepts a complete signup and normalises the phone', () => {
    expect(signupSchema.parse(signup).phone).toBe('9876543210');
  });

  it.each([
    [{ confirmPassword: 'different1' }, 'Passwords do not match'],
    [{ acceptTerms: false }, 'Please agree to the terms and conditions'],
    [{ phone: '12345' }, 'Enter a 10-digit mobile number'],
  ])('refuses %o with the spec message', (change, message) => {
    const result = signupSchema.safeParse({ ...signup, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('keeps the contact phone optional', () => {
    const parsed = contactMessageSchema.parse({
      fullName: 'A',
      email: 'a@b.co',
      phone: '',
      subject: 'S',
      message: 'M',
    });
    expect(parsed.phone).toBeNull();
  });
});
