/**
 * A new password's rules, in one place for every form that sets one: the storefront's sign-up and
 * reset-password pages (through the zod schemas in auth.ts) and the admin's set-password page
 * (directly: the console does not load zod). No zod here, so importing it costs the admin nothing.
 */

/** supabase/config.toml [auth] minimum_password_length: the server refuses anything shorter. */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads at most 72 bytes: Auth refuses a longer password rather than cut it. */
export const MAX_PASSWORD_BYTES = 72;

export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`;
export const CONFIRM_REQUIRED = 'Please confirm your password';
export const PASSWORDS_DIFFER = 'Passwords do not match';

/** The password's length in UTF-8 bytes, what bcrypt counts. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** What is wrong with a new password, or undefined: 8 characters (code points) to 72 bytes. */
export function passwordProblem(password: string): string | undefined {
  if (password === '') return PASSWORD_REQUIRED;
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (utf8Bytes(password) > MAX_PASSWORD_BYTES) return PASSWORD_TOO_LONG;
  return undefined;
}

/** What is wrong with the confirmation of a new password, or undefined. */
export function confirmProblem(password: string, confirm: string): string | undefined {
  if (confirm === '') return CONFIRM_REQUIRED;
  if (password !== confirm) return PASSWORDS_DIFFER;
  return undefined;
}
