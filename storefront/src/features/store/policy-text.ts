/** Small wordings the shipping policy builds from store_settings (pure, so they are tested). */

const WEEKDAYS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** store_settings.non_delivery_weekdays (ISO: 1 = Monday … 7 = Sunday) → 'Sundays', 'Saturdays and Sundays'. */
export function closedWeekdaysText(isoDays: readonly number[]): string {
  const names = [...new Set(isoDays)]
    .filter((d) => d >= 1 && d <= 7)
    .sort((a, b) => a - b)
    .map((d) => WEEKDAYS[d - 1]!);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A Postgres `time` ('14:00:00', '09:30') as India reads it: '2:00 PM', '9:30 AM'. */
export function clockText(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
