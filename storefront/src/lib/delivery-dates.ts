const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The estimated delivery window as dates ('Mon, 1 Dec 2026 – Wed, 3 Dec 2026'); the server computed it. */
export function deliveryWindow(from: string, to: string): string {
  // Dates (YYYY-MM-DD) are calendar days in India: read them at noon UTC so no time zone shifts them.
  const f = dayFormat.format(new Date(`${from}T12:00:00Z`));
  const t = dayFormat.format(new Date(`${to}T12:00:00Z`));
  return f === t ? f : `${f} – ${t}`;
}
