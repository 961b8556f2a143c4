/**
 * The delivery date rule (issue 17), private.delivery_dates(at, days_min, days_max, cutoff,
 * closed_weekdays, holidays), asked as the superuser at fixed instants on PGlite and PostgreSQL:
 * processing starts today (IST) when the order comes before the cut-off on a working day, else on the
 * next working day; the range is days_min..days_max working days after that, Sundays (or the closed
 * weekdays) and holidays skipped. Cases at the cut-off, on a Sunday and a holiday, across a run of
 * holidays, month and year ends, and on either side of IST midnight (18:30 UTC); then a sweep of
 * instants over seven weeks against the rule written out here.
 *
 * 2026 calendar: Sun 29 Nov, Tue 1 Dec, Sun 6 Dec, Fri 25 Dec, Thu 31 Dec; Fri 1 Jan 2027, Sun 3 Jan.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from 'supabase-local/testing';
import { deliveryDates } from './support/delivery.ts';
import { forEachStoreServer } from './support/store.ts';

/** An IST wall-clock time as an instant: ist('2026-12-01 13:59') = 2026-12-01T08:29:00Z. */
const ist = (local: string): string => {
  const [date, time = ''] = local.split(' ');
  return `${date}T${time.length === 5 ? `${time}:00` : time}+05:30`;
};

interface Case {
  what: string;
  at: string;
  min: number;
  max: number;
  cutoff?: string;
  closed?: number[];
  holidays?: string[];
  from: string;
  to: string;
}

const CASES: Case[] = [
  // The cut-off (14:00 IST) on a Tuesday.
  {
    what: 'before the cut-off: today counts',
    at: ist('2026-12-01 10:00'),
    min: 5,
    max: 7,
    from: '2026-12-07',
    to: '2026-12-09',
  },
  {
    what: 'a second before the cut-off',
    at: ist('2026-12-01 13:59:59'),
    min: 5,
    max: 7,
    from: '2026-12-07',
    to: '2026-12-09',
  },
  {
    what: 'exactly at the cut-off: from tomorrow',
    at: ist('2026-12-01 14:00'),
    min: 5,
    max: 7,
    from: '2026-12-08',
    to: '2026-12-10',
  },
  {
    what: 'after the cut-off: from tomorrow',
    at: ist('2026-12-01 15:00'),
    min: 5,
    max: 7,
    from: '2026-12-08',
    to: '2026-12-10',
  },
  {
    what: 'a Saturday after the cut-off: from Monday',
    at: ist('2026-12-05 16:00'),
    min: 1,
    max: 2,
    from: '2026-12-08',
    to: '2026-12-09',
  },
  // Sundays and holidays.
  {
    what: 'a Sunday morning: from Monday',
    at: ist('2026-11-29 10:00'),
    min: 5,
    max: 7,
    from: '2026-12-05',
    to: '2026-12-08',
  },
  {
    what: 'a Sunday, no days: Monday',
    at: ist('2026-11-29 09:00'),
    min: 0,
    max: 0,
    from: '2026-11-30',
    to: '2026-11-30',
  },
  {
    what: 'on a holiday morning: from the next working day',
    at: ist('2026-12-02 10:00'),
    min: 5,
    max: 7,
    holidays: ['2026-12-02'],
    from: '2026-12-09',
    to: '2026-12-11',
  },
  {
    what: 'a holiday inside the range is skipped',
    at: ist('2026-12-01 10:00'),
    min: 5,
    max: 7,
    holidays: ['2026-12-04'],
    from: '2026-12-08',
    to: '2026-12-10',
  },
  {
    what: 'a run of holidays after a Sunday (Saturday after the cut-off)',
    at: ist('2026-11-28 15:00'),
    min: 5,
    max: 7,
    holidays: ['2026-11-30', '2026-12-01', '2026-12-02'],
    from: '2026-12-09',
    to: '2026-12-11',
  },
  {
    what: 'a holiday on a Sunday counts once',
    at: ist('2026-12-05 10:00'),
    min: 1,
    max: 2,
    holidays: ['2026-12-06'],
    from: '2026-12-07',
    to: '2026-12-08',
  },
  {
    what: 'holidays that are not in the range change nothing',
    at: ist('2026-12-01 10:00'),
    min: 5,
    max: 7,
    holidays: ['2026-11-30', '2026-12-25'],
    from: '2026-12-07',
    to: '2026-12-09',
  },
  {
    what: 'Saturdays closed too',
    at: ist('2026-12-04 15:00'),
    min: 1,
    max: 3,
    closed: [6, 7],
    from: '2026-12-08',
    to: '2026-12-10',
  },
  // Month and year ends.
  {
    what: 'November 30 into December',
    at: ist('2026-11-27 10:00'),
    min: 2,
    max: 3,
    from: '2026-11-30',
    to: '2026-12-01',
  },
  {
    what: 'after the cut-off on 30 November: 1 December',
    at: ist('2026-11-30 15:00'),
    min: 0,
    max: 1,
    from: '2026-12-01',
    to: '2026-12-02',
  },
  {
    what: 'Saturday 31 October after the cut-off: November',
    at: ist('2026-10-31 15:00'),
    min: 1,
    max: 2,
    from: '2026-11-03',
    to: '2026-11-04',
  },
  {
    what: '31 December before the cut-off, New Year a holiday',
    at: ist('2026-12-31 10:00'),
    min: 1,
    max: 3,
    holidays: ['2027-01-01'],
    from: '2027-01-02',
    to: '2027-01-05',
  },
  {
    what: '31 December after the cut-off: 1 January',
    at: ist('2026-12-31 15:00'),
    min: 0,
    max: 2,
    from: '2027-01-01',
    to: '2027-01-04',
  },
  {
    what: 'Christmas Eve after the cut-off: from Saturday 26th, over New Year',
    at: ist('2026-12-24 14:30'),
    min: 5,
    max: 7,
    holidays: ['2026-12-25', '2027-01-01'],
    from: '2027-01-02',
    to: '2027-01-05',
  },
  // IST, not UTC: 18:30 UTC is IST midnight.
  {
    what: '09:00 UTC is 14:30 IST, after the cut-off',
    at: '2026-12-01T09:00:00Z',
    min: 0,
    max: 0,
    from: '2026-12-02',
    to: '2026-12-02',
  },
  {
    what: '08:29 UTC is 13:59 IST, before the cut-off',
    at: '2026-12-01T08:29:00Z',
    min: 0,
    max: 0,
    from: '2026-12-01',
    to: '2026-12-01',
  },
  {
    what: '18:29 UTC is 23:59 IST on 1 December',
    at: '2026-12-01T18:29:00Z',
    min: 0,
    max: 1,
    cutoff: '23:59:59',
    from: '2026-12-01',
    to: '2026-12-02',
  },
  {
    what: '19:00 UTC on 1 December is already 2 December, 00:30 IST',
    at: '2026-12-01T19:00:00Z',
    min: 0,
    max: 1,
    cutoff: '23:59:59',
    from: '2026-12-02',
    to: '2026-12-03',
  },
  {
    what: 'Saturday 18:45 UTC is Sunday 00:15 IST: from Monday',
    at: '2026-12-05T18:45:00Z',
    min: 0,
    max: 0,
    cutoff: '23:59:59',
    from: '2026-12-07',
    to: '2026-12-07',
  },
  {
    what: '31 December 19:00 UTC is 1 January IST, a holiday',
    at: '2026-12-31T19:00:00Z',
    min: 0,
    max: 0,
    cutoff: '23:59:59',
    holidays: ['2027-01-01'],
    from: '2027-01-02',
    to: '2027-01-02',
  },
  {
    what: 'an instant written in another offset',
    at: '2026-12-01T10:00:00-04:00',
    min: 0,
    max: 0,
    from: '2026-12-02',
    to: '2026-12-02',
  },
  // days_min 0 and equal bounds.
  {
    what: 'days_min 0 before the cut-off: today',
    at: ist('2026-12-01 10:00'),
    min: 0,
    max: 2,
    from: '2026-12-01',
    to: '2026-12-03',
  },
  {
    what: 'days_min 0 after the cut-off: tomorrow',
    at: ist('2026-12-01 15:00'),
    min: 0,
    max: 0,
    from: '2026-12-02',
    to: '2026-12-02',
  },
  { what: 'equal bounds', at: ist('2026-12-01 10:00'), min: 3, max: 3, from: '2026-12-04', to: '2026-12-04' },
];

// ---- The rule written out, for the sweep -------------------------------------------------------
const DAY = 86_400_000;
const IST_OFFSET = 5.5 * 3600_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** ISO weekday (1 = Monday … 7 = Sunday) of a UTC-midnight date. */
const isoDow = (ms: number) => ((new Date(ms).getUTCDay() + 6) % 7) + 1;

function rule(
  atMs: number,
  min: number,
  max: number,
  cutoff: string,
  closed: number[],
  holidays: string[],
): { from: string; to: string } {
  const local = atMs + IST_OFFSET;
  const today = Math.floor(local / DAY) * DAY;
  const [h, m, sec] = cutoff.split(':').map(Number);
  const cutoffMs = ((h ?? 0) * 3600 + (m ?? 0) * 60 + (sec ?? 0)) * 1000;
  const working = (d: number) => !closed.includes(isoDow(d)) && !holidays.includes(isoDate(d));
  const next = (d: number) => {
    let n = d + DAY;
    while (!working(n)) n += DAY;
    return n;
  };
  const start = working(today) && local - today < cutoffMs ? today : next(today);
  const after = (n: number) => {
    let d = start;
    for (let i = 0; i < n; i++) d = next(d);
    return isoDate(d);
  };
  return { from: after(min), to: after(max) };
}

forEachStoreServer(
  'delivery dates: private.delivery_dates',
  ({ server }) => {
    let s: TestServer;
    beforeAll(() => {
      s = server();
    });

    describe('cases', () => {
      it.each(CASES)('$what', async (c) => {
        const got = await deliveryDates(s.db, c.at, c.min, c.max, c.cutoff, c.closed, c.holidays);
        expect(got).toEqual({ from: c.from, to: c.to });
        // The cases themselves follow the rule written out below.
        expect(
          rule(Date.parse(c.at), c.min, c.max, c.cutoff ?? '14:00', c.closed ?? [7], c.holidays ?? []),
        ).toEqual(got);
      });

      it('keeps the range ordered and never before the order day (IST)', async () => {
        const got = await deliveryDates(s.db, ist('2026-12-26 23:59'), 0, 10, '14:00', [7], ['2026-12-28']);
        expect(got.from >= '2026-12-26').toBe(true);
        expect(got.to >= got.from).toBe(true);
      });
    });

    describe('a sweep of instants against the rule', () => {
      const sweep = async (cutoff: string, closed: number[], holidays: string[]) => {
        const start = Date.parse('2026-11-20T00:00:00Z');
        const end = Date.parse('2027-01-10T00:00:00Z');
        const ats: string[] = [];
        const mins: number[] = [];
        const maxes: number[] = [];
        // Every 97 minutes (so each time of day comes up), with varying ranges.
        for (let t = start, i = 0; t < end; t += 97 * 60_000, i++) {
          ats.push(new Date(t).toISOString());
          mins.push(i % 4);
          maxes.push((i % 4) + (i % 3) * 2);
        }
        const { rows } = await s.db.query<{ at: string; mn: number; mx: number; from: string; to: string }>(
          `select to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, x.mn, x.mx,
             d.delivery_from::text as "from", d.delivery_to::text as "to"
           from unnest($1::timestamptz[], $2::integer[], $3::integer[]) with ordinality as x (at, mn, mx, ord)
           cross join lateral private.delivery_dates(x.at, x.mn, x.mx, $4::time, $5::smallint[], $6::date[]) as d
           order by x.ord`,
          [ats, mins, maxes, cutoff, closed, holidays],
        );
        expect(rows).toHaveLength(ats.length);
        const wrong = rows
          .map((r) => ({ ...r, want: rule(Date.parse(r.at), r.mn, r.mx, cutoff, closed, holidays) }))
          .filter((r) => r.from !== r.want.from || r.to !== r.want.to);
        expect(wrong.slice(0, 5)).toEqual([]);
      };

      it('14:00 cut-off, Sundays closed, Christmas, New Year and a three-day run', () =>
        sweep('14:00', [7], ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-25', '2027-01-01']));

      it('09:30 cut-off, Saturdays and Sundays closed, no holidays', () => sweep('09:30', [6, 7], []));
    });
  },
  { seed: false },
);
