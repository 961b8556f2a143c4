/**
 * The discount badge on a product: (original − price) / original as a whole percent, rounded with
 * Math.round. Anything that cannot make a sensible badge — no original price, an original that is
 * not above the price, non-finite or negative numbers — gives 0, which the UI reads as "no badge".
 */
export function discountPercent(price: number, originalPrice: number | null | undefined): number {
  if (originalPrice == null) return 0;
  if (!Number.isFinite(price) || !Number.isFinite(originalPrice)) return 0;
  if (price < 0 || originalPrice <= 0 || originalPrice <= price) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
