import { roundMoney, type Rupees } from './money.ts';

// Two formatters built once: Intl.NumberFormat construction is slow compared with format().
const whole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Rupees with Indian digit grouping: ₹1,23,456. Whole amounts show no decimals (most furniture
 * prices are whole rupees); amounts with paise always show two (₹1,499.50, never ₹1,499.5).
 */
export function formatINR(amount: Rupees): string {
  if (!Number.isFinite(amount))
    throw new RangeError(`formatINR needs a finite number, got ${String(amount)}`);
  const rounded = roundMoney(amount);
  return Number.isInteger(rounded) ? whole.format(rounded) : withPaise.format(rounded);
}
