import { istDate } from 'shared/gst/financial-year';

/**
 * The pickup slots a return may book, as request_return checks them: a date from tomorrow (IST) to
 * tomorrow + store_settings.return_pickup_days − 1, never a Sunday (no pickups), and one of three
 * windows of the day.
 */
export const PICKUP_WINDOWS = [
  { value: '09-13', label: '9 am–1 pm' },
  { value: '13-17', label: '1–5 pm' },
  { value: '17-20', label: '5–8 pm' },
] as const;

export type PickupWindow = (typeof PICKUP_WINDOWS)[number]['value'];

export function pickupWindowLabel(value: string | null): string {
  return PICKUP_WINDOWS.find((w) => w.value === value)?.label ?? '';
}

export function isPickupWindow(value: string): value is PickupWindow {
  return PICKUP_WINDOWS.some((w) => w.value === value);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The bookable dates ('YYYY-MM-DD', IST calendar days), earliest first. `now` is any instant. */
export function pickupDates(now: Date, pickupDays: number): string[] {
  const today = istDate(now);
  const noon = new Date(`${today}T12:00:00Z`).getTime();
  const dates: string[] = [];
  for (let i = 1; i <= pickupDays; i++) {
    const day = new Date(noon + i * DAY_MS);
    if (day.getUTCDay() !== 0) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}
