/**
 * India's financial year runs 1 April to 31 March, on the Indian calendar day (IST, UTC+05:30, no
 * daylight saving). Invoice and credit-note numbers restart each financial year (CGST Rules r.46(b):
 * a consecutive serial number of at most 16 characters, unique for the financial year), so the year
 * is taken from the IST date of the document, never the UTC one: 2026-03-31T19:00Z is 1 April in India.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export interface FinancialYear {
  /** the calendar year it starts in: 2026 for 2026-27 */
  startYear: number;
  /** '2026-27' */
  label: string;
  /** '2627': the 4-digit form in document numbers */
  short: string;
}

function toDate(instant: Date | string | number): Date {
  const d = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a valid instant: ${String(instant)}`);
  return d;
}

/** The IST calendar date of an instant, 'YYYY-MM-DD' (a document's date). */
export function istDate(instant: Date | string | number): string {
  return new Date(toDate(instant).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The financial year of a start year: 2026 → 2026-27 / 2627. */
export function financialYearStarting(startYear: number): FinancialYear {
  if (!Number.isInteger(startYear) || startYear < 2000 || startYear > 9998) {
    throw new RangeError(`start year out of range: ${startYear}`);
  }
  const yy = (y: number) => String(y % 100).padStart(2, '0');
  return {
    startYear,
    label: `${startYear}-${yy(startYear + 1)}`,
    short: `${yy(startYear)}${yy(startYear + 1)}`,
  };
}

/** The financial year an instant falls in, by its IST date. */
export function financialYear(instant: Date | string | number): FinancialYear {
  const [y, m] = istDate(instant).split('-').map(Number) as [number, number];
  return financialYearStarting(m >= 4 ? y : y - 1);
}

export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
export const DOCUMENT_SEQ_MAX = 999_999;
const PREFIX = /^[A-Z0-9]{1,4}$/;

/**
 * 'FC/2627/000001': prefix / 4-digit year / 6-digit serial. With a prefix of at most 4 characters it is
 * at most 16 characters (Rule 46(b)); `fy` is '2627' or '2026-27'. A serial past 999999 is refused
 * rather than lengthened or cut.
 */
export function documentNumber(prefix: string, fy: string, seq: number): string {
  if (!PREFIX.test(prefix)) throw new RangeError(`prefix must be 1–4 of A–Z, 0–9, got ${prefix}`);
  const long = /^(\d{2})(\d{2})-(\d{2})$/.exec(fy);
  const short = long ? `${long[2]}${long[3]}` : fy;
  if (!/^\d{4}$/.test(short)) throw new RangeError(`financial year must be like 2627 or 2026-27, got ${fy}`);
  if (!Number.isInteger(seq) || seq < 1 || seq > DOCUMENT_SEQ_MAX) {
    throw new RangeError(`serial must be 1–${DOCUMENT_SEQ_MAX}, got ${seq}`);
  }
  const number = `${prefix}/${short}/${String(seq).padStart(6, '0')}`;
  if (number.length > DOCUMENT_NUMBER_MAX_LENGTH) throw new RangeError(`document number too long: ${number}`);
  return number;
}

/** The PDF's file name and storage key part: '/' is not allowed there ('FC/2627/000001' → 'FC-2627-000001'). */
export function documentFileStem(number: string): string {
  return number.replaceAll('/', '-');
}
