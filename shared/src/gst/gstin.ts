import { z } from 'zod';

/**
 * GSTIN (GST identification number): 2-digit state code + the holder's PAN (5 letters, 4 digits, a
 * letter) + entity number (1-9, A-Z) + 'Z' + a check character. The same rule as the database's
 * private.is_valid_gstin (docs/gst.md), so what passes here is never refused by place_order.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export type GstinProblem = 'length' | 'characters' | 'format' | 'state_code' | 'check_character';

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  length: 'GSTIN must be 15 characters',
  characters: 'GSTIN may contain only letters A–Z and digits',
  format:
    'GSTIN format is not valid (state code, PAN, entity number, Z, check character; e.g. 27AAPFU0939F1ZV)',
  state_code: 'GSTIN state code must be 01–38 (a state or union territory) or 97 (other territory)',
  check_character: 'GSTIN check character is wrong: please check it for a typing mistake',
};

/** The message place_order's 'invalid_gstin' error shows (contract). */
export const INVALID_GSTIN_MESSAGE = 'Please enter a valid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV).';
export const BUYER_LEGAL_NAME_REQUIRED_MESSAGE = 'Please enter the registered business name for the GSTIN.';
export const BUYER_GSTIN_REQUIRED_MESSAGE = 'Please enter the GSTIN for this business name.';

/**
 * Typed or pasted GSTINs arrive with spaces and in lower case; the register holds them upper-cased
 * without spaces, as private.normalize_gstin does.
 */
export function normalizeGstin(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

/**
 * The check character of the first 14 characters: weights alternate 1, 2; each product p adds
 * floor(p/36) + p%36; the check is the charset's (36 − sum mod 36) mod 36-th character.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const p = CHARSET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return CHARSET.charAt((36 - (sum % 36)) % 36);
}

function isKnownStateCode(code: string): boolean {
  const n = Number(code);
  return (n >= 1 && n <= 38) || n === 97;
}

/** The first problem of a (normalised) GSTIN, or null when it is valid. */
export function gstinProblem(value: string): GstinProblem | null {
  const g = normalizeGstin(value);
  if (g.length !== 15) return 'length';
  if (!/^[0-9A-Z]+$/.test(g)) return 'characters';
  if (!GSTIN_PATTERN.test(g)) return 'format';
  if (!isKnownStateCode(g.slice(0, 2))) return 'state_code';
  if (gstinCheckCharacter(g.slice(0, 14)) !== g.charAt(14)) return 'check_character';
  return null;
}

export type GstinCheck = { ok: true; gstin: string } | { ok: false; problem: GstinProblem; message: string };

/** Normalises and validates: the normalised GSTIN, or the first problem with its message. */
export function checkGstin(value: string): GstinCheck {
  const problem = gstinProblem(value);
  return problem === null
    ? { ok: true, gstin: normalizeGstin(value) }
    : { ok: false, problem, message: GSTIN_MESSAGES[problem] };
}

export function isValidGstin(value: string): boolean {
  return gstinProblem(value) === null;
}

/** One GSTIN field (required): normalised on output (admin's business settings). */
export const gstinValueSchema = z
  .string()
  .superRefine((v, ctx) => {
    const problem = gstinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
  })
  .transform(normalizeGstin);

export const BUYER_LEGAL_NAME_MIN = 2;
export const BUYER_LEGAL_NAME_MAX = 150;

/**
 * Checkout's optional "Add GSTIN for a business invoice": both fields or neither (blank = absent).
 * Output maps onto place_order's buyer_gstin / buyer_legal_name (null when not given).
 */
export const gstinSchema = z
  .object({
    buyerGstin: z.string().optional(),
    buyerLegalName: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const gstin = v.buyerGstin?.trim() ?? '';
    const name = v.buyerLegalName?.trim() ?? '';
    if (gstin === '' && name === '') return;
    if (gstin === '') {
      ctx.addIssue({ code: 'custom', path: ['buyerGstin'], message: BUYER_GSTIN_REQUIRED_MESSAGE });
    } else {
      const problem = gstinProblem(gstin);
      if (problem) ctx.addIssue({ code: 'custom', path: ['buyerGstin'], message: GSTIN_MESSAGES[problem] });
    }
    if (name === '') {
      ctx.addIssue({ code: 'custom', path: ['buyerLegalName'], message: BUYER_LEGAL_NAME_REQUIRED_MESSAGE });
    } else if (name.length < BUYER_LEGAL_NAME_MIN || name.length > BUYER_LEGAL_NAME_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['buyerLegalName'],
        message: `Business name must be ${BUYER_LEGAL_NAME_MIN}–${BUYER_LEGAL_NAME_MAX} characters`,
      });
    }
  })
  .transform((v) => {
    const gstin = v.buyerGstin?.trim() ?? '';
    return gstin === ''
      ? { buyerGstin: null, buyerLegalName: null }
      : { buyerGstin: normalizeGstin(gstin), buyerLegalName: (v.buyerLegalName ?? '').trim() };
  });
export type GstinInput = z.input<typeof gstinSchema>;
export type BuyerGstin = z.output<typeof gstinSchema>;
