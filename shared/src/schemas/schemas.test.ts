import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, newPasswordSchema, signupSchema } from './auth.ts';
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

  it('checks a new password (recovery) with the sign-up rules: 8 characters to 72 bytes, typed twice', () => {
    const problems = (password: string, confirmPassword: string) => {
      const r = newPasswordSchema.safeParse({ password, confirmPassword });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(problems('', '')).toEqual([
      'password: Password is required',
      'confirmPassword: Please confirm your password',
    ]);
    expect(problems('short', 'short')).toEqual(['password: Password must be at least 8 characters']);
    // 40 × 'é' is 40 characters but 80 bytes: bcrypt's limit
    expect(problems('é'.repeat(40), 'é'.repeat(40))).toEqual([
      'password: Password cannot be longer than 72 characters',
    ]);
    // 4-byte characters: 18 fit in 72 bytes, 19 do not
    expect(problems('😀'.repeat(18), '😀'.repeat(18))).toEqual([]);
    expect(problems('😀'.repeat(19), '😀'.repeat(19))).toEqual([
      'password: Password cannot be longer than 72 characters',
    ]);
    expect(problems('long enough', 'long enougH')).toEqual(['confirmPassword: Passwords do not match']);
    expect(problems('long enough', 'long enough')).toEqual([]);
    // the same rules at sign-up
    expect(
      signupSchema.safeParse({ ...signup, password: 'é'.repeat(40), confirmPassword: 'é'.repeat(40) })
        .success,
    ).toBe(false);
    expect(forgotPasswordSchema.safeParse({ email: ' asha@example.com ' }).data).toEqual({
      email: 'asha@example.com',
    });
    expect(forgotPasswordSchema.safeParse({ email: 'asha' }).success).toBe(false);
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
