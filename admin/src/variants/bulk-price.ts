import { roundMoney } from 'shared/pricing/money';

/** The prices of a variant a bulk edit reads and writes. */
export interface PricedVariant {
  id: number;
  sku: string;
  price: number;
  original_price: number | null;
}

export type BulkPriceMode = 'set' | 'percent';

export interface BulkPriceInput {
  /** 'set': every selected variant gets `amount` rupees; 'percent': each price changes by `amount` % (−10 = 10 % off). */
  mode: BulkPriceMode;
  amount: number;
  /**
   * Change the original (struck) price the same way. Without it a rise above the original price
   * would be refused by the database (original_price ≥ price), so such rows are reported instead.
   */
  withOriginal: boolean;
}

export interface PriceChange {
  id: number;
  price: number;
  original_price: number | null;
}

/**
 * What a bulk price edit writes, computed before anything is sent: the new prices rounded to paise
 * as the database stores them, or the reasons it cannot be applied (one line per variant, so staff
 * see which SKUs are in the way). Unchanged variants are left out.
 */
export function bulkPriceChanges(
  variants: PricedVariant[],
  { mode, amount, withOriginal }: BulkPriceInput,
): { changes: PriceChange[]; problems: string[] } {
  if (!Number.isFinite(amount)) return { changes: [], problems: ['Enter a number.'] };
  if (mode === 'set' && amount <= 0) return { changes: [], problems: ['The price must be more than ₹0.'] };
  if (mode === 'percent' && (amount <= -100 || amount === 0))
    return { changes: [], problems: ['Enter a percentage other than 0, above −100.'] };
  const apply = (p: number) => roundMoney(mode === 'set' ? amount : p * (1 + amount / 100));
  const changes: PriceChange[] = [];
  const problems: string[] = [];
  for (const v of variants) {
    const price = apply(v.price);
    const original =
      withOriginal && v.original_price !== null
        ? mode === 'set'
          ? v.original_price
          : apply(v.original_price)
        : v.original_price;
    if (price <= 0) problems.push(`${v.sku}: the price would be ₹0.`);
    else if (original !== null && original < price)
      problems.push(
        `${v.sku}: the new price ${price} would be above its original price ${original}; clear or raise the original price.`,
      );
    else if (price !== v.price || original !== v.original_price)
      changes.push({ id: v.id, price, original_price: original });
  }
  return { changes, problems };
}
