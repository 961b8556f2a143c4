/** List filters on India's calendar: IST days as PostgREST filters on a timestamp column. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant an IST day ('YYYY-MM-DD') starts, as an ISO timestamp; null for anything else. */
export function istDayStart(day: unknown, plusDays = 0): string | null {
  if (typeof day !== 'string' || !DAY.test(day)) return null;
  const t = Date.parse(`${day}T00:00:00+05:30`);
  if (Number.isNaN(t)) return null;
  // whole seconds: no '.' in the value (PostgREST's and=(col.op.value) separates with dots)
  return new Date(t + plusDays * 86_400_000).toISOString().replace('.000Z', 'Z');
}

/**
 * A list's `date_from` and `date_to` filters (IST days, both included) as PostgREST's: `column=gte.`
 * the first day's start and `column=lt.` the day after the last one's start. Both at once go in one
 * `and=(…)`: ra-data-postgrest writes two filters on one column as `col[0]=…&col[1]=…`, which
 * PostgREST refuses.
 */
export function dateRangeFilter(filter: Record<string, unknown>, column: string): Record<string, unknown> {
  const { date_from: from, date_to: to, ...rest } = filter;
  const out: Record<string, unknown> = { ...rest };
  const start = istDayStart(from);
  const end = istDayStart(to, 1);
  if (start && end) out['@and'] = { [`${column}@gte`]: start, [`${column}@lt`]: end };
  else if (start) out[`${column}@gte`] = start;
  else if (end) out[`${column}@lt`] = end;
  return out;
}
