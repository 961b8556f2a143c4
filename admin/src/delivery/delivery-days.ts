import type { Tables } from 'shared/types/database';

type Settings = Pick<Tables<'store_settings'>, 'order_cutoff' | 'non_delivery_weekdays'>;

/** ISO weekdays (1 = Monday … 7 = Sunday), as store_settings.non_delivery_weekdays holds them. */
export const WEEKDAY_CHOICES = [
  { id: 1, name: 'Monday' },
  { id: 2, name: 'Tuesday' },
  { id: 3, name: 'Wednesday' },
  { id: 4, name: 'Thursday' },
  { id: 5, name: 'Friday' },
  { id: 6, name: 'Saturday' },
  { id: 7, name: 'Sunday' },
];

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date (a `date` column, 'YYYY-MM-DD') as staff read it: "Fri, 25 Dec 2026". Formatted
 * in UTC on purpose: the date has no time, so no time zone may move it to the day before.
 */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  // from the parts: ICU versions differ in the commas between them
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayFormat.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

const istDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/** Today's date in India ('YYYY-MM-DD'): holidays before it no longer move a delivery. */
export const todayIST = (now: Date = new Date()) => istDate.format(now);

/** A `time` column ('14:00:00') as a time input holds it ('14:00'). */
export const cutoffInput = (value: unknown) => (typeof value === 'string' ? value.slice(0, 5) : '');

export type ScheduleValues = { order_cutoff?: string | null; non_delivery_weekdays?: number[] | null };
export type ScheduleErrors = Partial<Record<keyof ScheduleValues, string>>;

/** A cut-off time of day, and at least one weekday left to deliver on. */
export function scheduleErrors(values: ScheduleValues): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(values.order_cutoff ?? ''))
    errors.order_cutoff = 'Enter a time of day, e.g. 14:00.';
  const days = values.non_delivery_weekdays ?? [];
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 7))
    errors.non_delivery_weekdays = 'Choose weekdays from the list.';
  else if (new Set(days).size >= 7) errors.non_delivery_weekdays = 'Leave at least one day to deliver on.';
  return errors;
}

/** What a save sends: the two columns only, weekdays in order without repeats. */
export function toSchedule(values: ScheduleValues): Settings {
  return {
    order_cutoff: cutoffInput(values.order_cutoff),
    non_delivery_weekdays: [...new Set(values.non_delivery_weekdays ?? [])].sort((a, b) => a - b),
  };
}
