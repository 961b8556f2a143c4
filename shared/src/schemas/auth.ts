import { z } from 'zod';
import { CONFIRM_REQUIRED, confirmProblem, PASSWORDS_DIFFER, passwordProblem } from './password.ts';
import { phoneSchema } from './phone.ts';

export { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from './password.ts';

const email = z.string().trim().min(1, 'Email is required').email('Enter a valid email address');

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * A new password and its confirmation, checked by the rules in password.ts (the same at sign-up, on
 * the storefront's reset page and on the admin's set-password page): each field's first problem.
 */
const newPasswordFields = {
  password: z.string().superRefine((v, ctx) => {
    const problem = passwordProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  confirmPassword: z.string().min(1, CONFIRM_REQUIRED),
};

/** Both typings agree; an empty confirmation is its own field's problem. */
const passwordsMatch = (v: { password: string; confirmPassword: string }) =>
  confirmProblem(v.password, v.confirmPassword) !== PASSWORDS_DIFFER;
const mismatch = { message: PASSWORDS_DIFFER, path: ['confirmPassword'] };

/** A new password and its confirmation (password recovery). */
export const newPasswordSchema = z.object(newPasswordFields).refine(passwordsMatch, mismatch);
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** The spec's signup: every field required, passwords must match, terms must be accepted. */
export const signupSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long'),
    email,
    phone: phoneSchema,
    ...newPasswordFields,
    acceptTerms: z.boolean().refine((v) => v, 'Please agree to the terms and conditions'),
  })
  .refine(passwordsMatch, mismatch);
export type SignupInput = z.input<typeof signupSchema>;

/** Forgot password: the address the link goes to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
