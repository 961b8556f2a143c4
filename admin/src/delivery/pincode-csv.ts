import Papa from 'papaparse';

/**
 * The two CSV files staff upload on Delivery → Pincode upload, read in the browser and sent as
 * rows to the database, which checks every row and answers with a preview (dry run) first:
 * - zone assignment: `pincode,zone` (zone = a zone's name; empty = no zone) → admin_assign_pincodes
 * - the directory: `pincode,office,city,district,state` → admin_load_pincodes
 * Only the shape of the file is checked here (its header, at least one row, not too many); whether
 * a pincode, zone or state is right is the database's answer, row by row.
 */

export const ASSIGN_COLUMNS = ['pincode', 'zone'] as const;
export const DIRECTORY_COLUMNS = ['pincode', 'office', 'city', 'district', 'state'] as const;

/** India Post's directory is about 19,100 pincodes: room to grow, and a bound on the request. */
export const MAX_ROWS = 50_000;

/** A row of the file: its cell under a column of the header ('' when the row is short). */
export type CsvCell<C extends string> = (column: C) => string;

export type CsvResult<T> = { rows: T[]; problem: null } | { rows: []; problem: string };

const fail = (problem: string): { rows: []; problem: string } => ({ rows: [], problem });

/** A header cell as staff may type it: any letter case, spaces around, a spreadsheet's BOM. */
const headerName = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

const count = (n: number) => n.toLocaleString('en-IN');

/**
 * Reads a CSV file's text into rows by the header's column names (in any order, any letter case;
 * other columns are ignored), each row turned into a value by `toRow`. Cells are trimmed. Blank
 * lines are skipped, so a row's number (1 = the first row after the header) is the one the
 * database's errors name.
 */
export function parseCsv<C extends string, T>(
  text: string,
  columns: readonly C[],
  toRow: (cell: CsvCell<C>) => T,
): CsvResult<T> {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...body] = parsed.data;
  const expected = columns.join(',');
  if (!header) return fail(`The file is empty. Its first line should be the header ${expected}.`);
  const names = header.map(headerName);
  const missing = columns.filter((c) => !names.includes(c));
  if (missing.length > 0)
    return fail(`The first line must name the columns ${expected} (missing: ${missing.join(', ')}).`);
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) return fail(`The file could not be read at row ${broken.row ?? '?'}: ${broken.message}.`);
  if (body.length === 0) return fail('The file has a header but no rows.');
  if (body.length > MAX_ROWS)
    return fail(`The file has ${count(body.length)} rows; at most ${count(MAX_ROWS)} at a time.`);
  const rows = body.map((cells) => toRow((column) => (cells[names.indexOf(column)] ?? '').trim()));
  return { rows, problem: null };
}

/** admin_assign_pincodes' rows: `{ pincode, zone }`, zone '' for no zone. */
export const parseAssignCsv = (text: string) =>
  parseCsv(text, ASSIGN_COLUMNS, (cell) => ({ pincode: cell('pincode'), zone: cell('zone') }));

/** admin_load_pincodes' rows: `{ pincode, office, city, district, state }`. */
export const parseDirectoryCsv = (text: string) =>
  parseCsv(text, DIRECTORY_COLUMNS, (cell) => ({
    pincode: cell('pincode'),
    office: cell('office'),
    city: cell('city'),
    district: cell('district'),
    state: cell('state'),
  }));
