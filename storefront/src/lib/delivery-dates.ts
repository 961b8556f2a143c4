/**
 * Delivery dates as the store shows them. The server computes every date (check_delivery, and the
 * order's estimated_delivery_from/to): they are calendar days in India (YYYY-MM-DD), so they are read
 * at noon UTC and formatted in IST, and no browser time zone can move them by a day.
 */
const dayParts = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function at(day: string): Date {
  if (!DATE.test(day)) throw new RangeError(`a delivery date is YYYY-MM-DD, got ${JSON.stringify(day)}`);
  return new Date(`${day}T12:00:00Z`);
}

/**
 * 'Thu 4 Dec' (with the year: 'Thu 4 Dec 2026'): en-IN's weekday, day and month, put together here
 * because ICU versions differ in the commas they add.
 */
export function shortDay(day: string, withYear = false): string {
  const parts = dayParts.formatToParts(at(day));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${part('weekday')} ${part('day')} ${part('month')}`;
  return withYear ? `${text} ${part('year')}` : text;
}

/** '18 Dec' (with the year: '18 Dec 2026'): a day without its weekday, as return windows are stated. */
export function dayMonth(day: string, withYear = false): string {
  const parts = dayParts.formatToParts(at(day));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${part('day')} ${part('month')}`;
  return withYear ? `${text} ${part('year')}` : text;
}

/** An order's promised window with years: 'Tue 1 Dec 2026 – Thu 3 Dec 2026' (one date when equal). */
export function deliveryWindow(from: string, to: string): string {
  const f = shortDay(from, true);
  const t = shortDay(to, true);
  return f === t ? f : `${f} – ${t}`;
}

/** A quote's window as a sentence: 'Delivery by Thu 4 Dec – Mon 8 Dec' ('Delivery by Thu 4 Dec' when one day). */
export function deliveryBy(from: string, to: string): string {
  const f = shortDay(from);
  const t = shortDay(to);
  return f === t ? `Delivery by ${f}` : `Delivery by ${f} – ${t}`;
}
