/**
 * The amount a price shows, in rupees: "₹1,23,456" → 123456, "₹899.10" → 899.1 (variant prices
 * after a percentage change carry paise; dropping the point would read them as 89,910).
 */
export function rupeesShown(text: string): number {
  const digits = text.replace(/[^\d.]/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) throw new Error(`not a price: ${JSON.stringify(text)}`);
  return Number(digits);
}
