import { z } from 'zod';
import { phoneSchema } from './phone.ts';

/** supabase/config.toml [auth] minimum_password_length: the server refuses anything shorter. */
export const MIN_PASSWORD_LENGTH = 8;

const email = z.string().trim().min(1, 'Email is required').email('Enter a valid email address');

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The spec's signup: every field required, passwords must match, terms must be accepted. */
export const signupSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long'),
    email,
    phone: phoneSchema,
    password: z
      .string()
      .min(1, 'Password is required')
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    acceptTerms: z.boolean().refine((v) => v, 'Please agree to the terms and conditions'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type SignupInput = z.input<typeof signupSchema>;
