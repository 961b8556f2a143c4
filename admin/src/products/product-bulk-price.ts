import { formatINR } from 'shared/pricing/format';
import type { BulkPriceResult } from '@/lib/database';

/** "Product" / "3 products": the start of a bulk action's notification. */
export const productsNoun = (n: number): string =>
  n === 1 ? 'Product' : `${n.toLocaleString('en-IN')} products`;

/**
 * The percentage typed in the price dialog, checked as admin_bulk_price checks it (not 0, above −100,
 * at most 1000; "−10" with a typographic minus and "+5" are accepted) before the dry run is asked for.
 */
export function parsePercent(text: string): { percent: number } | { error: string } {
  const cleaned = text
    .trim()
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/%$/, '')
    .trim();
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(cleaned)) return { error: 'Enter a percentage, e.g. 10 or −15.' };
  const percent = Number(cleaned);
  if (percent === 0) return { error: 'Enter a percentage other than 0.' };
  if (percent <= -100) return { error: 'A price cannot go down by 100 % or more.' };
  if (percent > 1000) return { error: 'At most +1000 %.' };
  return { percent };
}

/** One preview line: "₹24,999 → ₹27,499" (and the original price when it changes too). */
export function changeText(change: BulkPriceResult['changes'][number]): string {
  const price = `${formatINR(change.price)} → ${formatINR(change.new_price)}`;
  if (change.original_price === null || change.new_original_price === change.original_price) return price;
  return `${price} (MRP ${formatINR(change.original_price)} → ${formatINR(change.new_original_price ?? 0)})`;
}

/** The Apply button: what it will change, or why it cannot. */
export function applyPriceLabel(result: BulkPriceResult): string {
  if (result.refused.length > 0) return 'Cannot apply';
  const n = result.changes.length;
  return n === 0
    ? 'Nothing to change'
    : `Apply to ${n.toLocaleString('en-IN')} ${n === 1 ? 'variant' : 'variants'}`;
}
