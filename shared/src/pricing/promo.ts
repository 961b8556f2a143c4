import { formatINR } from './format.ts';
import { assertAmount, roundMoney, type Rupees } from './money.ts';

/**
 * A promo code rule as the browser previews it. The database's `promo_codes` table is the truth and
 * `place_order` recomputes the discount; this shape mirrors its columns so the preview matches.
 */
export interface Promo {
  code: string;
  kind: 'percent' | 'flat';
  /** percent: 0–100 of the subtotal; flat: rupees off. */
  value: number;
  /** The subtotal must be at least this for the code to apply. */
  minSubtotal?: Rupees;
}

export type PromoPreview =
  | { applied: true; discount: Rupees; message: string }
  | { applied: false; discount: 0; reason: 'below-minimum'; minSubtotal: Rupees; message: string };

/** The spec's two codes, for previews and tests; seed.sql puts the same rows in `promo_codes`. */
export const KNOWN_PROMOS: readonly Promo[] = [
  { code: 'SAVE10', kind: 'percent', value: 10 },
  { code: 'FLAT500', kind: 'flat', value: 500 },
];

export const INVALID_PROMO_MESSAGE = 'Invalid promo code.';

/** Codes are matched case-insensitively and without surrounding spaces ("  save10 " is SAVE10). */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export function findPromo(code: string, promos: readonly Promo[] = KNOWN_PROMOS): Promo | undefined {
  const wanted = normalizePromoCode(code);
  if (wanted === '') return undefined;
  return promos.find((p) => normalizePromoCode(p.code) === wanted);
}

/**
 * The discount a promo gives on a subtotal: percent codes take that share of the subtotal, flat codes
 * a fixed amount; either way never more than the subtotal, so the goods never cost less than ₹0.
 */
export function promoPreview(subtotal: Rupees, promo: Promo): PromoPreview {
  assertAmount(subtotal, 'subtotal');
  assertPromo(promo);
  if (promo.minSubtotal !== undefined && subtotal < promo.minSubtotal) {
    return {
      applied: false,
      discount: 0,
      reason: 'below-minimum',
      minSubtotal: promo.minSubtotal,
      message: `Promo code ${promo.code} needs a subtotal of at least ${formatINR(promo.minSubtotal)}.`,
    };
  }
  const raw = promo.kind === 'percent' ? (subtotal * promo.value) / 100 : promo.value;
  const discount = roundMoney(Math.min(raw, subtotal));
  const what = promo.kind === 'percent' ? `${promo.value}%` : formatINR(promo.value);
  return { applied: true, discount, message: `Promo code applied! ${what} discount added.` };
}

function assertPromo(promo: Promo): void {
  if (promo.kind !== 'percent' && promo.kind !== 'flat') {
    throw new RangeError(`promo ${promo.code} has an unknown kind ${String(promo.kind)}`);
  }
  assertAmount(promo.value, `promo ${promo.code} value`);
  if (promo.kind === 'percent' && promo.value > 100) {
    throw new RangeError(`promo ${promo.code} cannot take more than 100%`);
  }
  if (promo.minSubtotal !== undefined) assertAmount(promo.minSubtotal, `promo ${promo.code} minSubtotal`);
}
