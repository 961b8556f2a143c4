const parts = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/**
 * '26 Oct 2026': the day in India a review was written (or replied to), whatever the browser's time
 * zone; put together from parts because ICU versions differ in the commas they add.
 */
export function reviewDate(timestamp: string): string {
  const p = parts.formatToParts(new Date(timestamp));
  const part = (type: Intl.DateTimeFormatPartTypes) => p.find((x) => x.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}
