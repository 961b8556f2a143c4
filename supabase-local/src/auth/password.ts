/**
 * Passwords as GoTrue stores and checks them: bcrypt at cost 10 in encrypted_password (GoTrue's Go
 * bcrypt writes the `$2a$` prefix; bcryptjs writes `$2b$`, the same algorithm for passwords under
 * 255 bytes, so the prefix is rewritten and hashes look exactly like GoTrue's), and its strength
 * rules (internal/api/password.go): at most 72 bytes (bcrypt ignores the rest), at least
 * minimum_password_length, one character of each required set.
 */
import bcrypt from 'bcryptjs';
import { badRequest, WeakPasswordError } from './errors.ts';
import type { AuthSettings } from './options.ts';

export const MAX_PASSWORD_LENGTH = 72;

export async function hashPassword(password: string): Promise<string> {
  const hash = await bcrypt.hash(password, 10);
  return hash.replace(/^\$2b\$/, '$2a$');
}

export async function comparePassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[abxy]\$\d\d\$/.test(hash)) return false;
  return bcrypt.compare(password, hash);
}

/** Throws 400 validation_failed (too long) or 422 weak_password with its reasons. */
export function checkPasswordStrength(password: string, settings: AuthSettings): void {
  const bytes = Buffer.byteLength(password);
  if (bytes > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if (bytes < settings.minPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${settings.minPasswordLength} characters.`);
  }
  if (settings.requiredCharacters.some((set) => set && ![...password].some((c) => set.includes(c)))) {
    reasons.push('characters');
    messages.push(
      `Password should contain at least one character of each: ${settings.requiredCharacters.join(', ')}.`,
    );
  }
  if (reasons.length) throw new WeakPasswordError(messages.join(' '), reasons);
}

/** A random password for accounts created without one (GoTrue's password.Generate(64, 10, 0, …)). */
export function randomPassword(): string {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(64));
  return Array.from(bytes, (b) => chars[b % chars.length]).join('');
}
