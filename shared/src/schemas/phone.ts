import { z } from 'zod';

/**
 * A 10-digit Indian mobile number, as the database stores it (profiles, addresses, contact messages
 * check `^[6-9][0-9]{9}$`). Spaces, dashes, a +91/91 prefix or a leading 0 are accepted and removed,
 * exactly as the database's normalize_phone does, so what passes here is never refused there.
 */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

export const PHONE_MESSAGE = 'Enter a 10-digit mobile number';

export const phoneSchema = z
  .string()
  .trim()
  .min(1, 'Mobile number is required')
  .refine((v) => /^[6-9][0-9]{9}$/.test(normalizePhone(v)), PHONE_MESSAGE)
  .transform(normalizePhone);
