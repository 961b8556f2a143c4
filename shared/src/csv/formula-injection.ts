/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet opening an exported file runs a
 * cell that starts with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(…)`, `=cmd|…`), and a cell
 * that starts with a tab or carriage return can hide one. Text a customer typed (a name, an
 * address, a contact message) ends up in the admin's exports, so every text cell that starts with
 * one of those characters gets a leading single quote, which spreadsheets show as text and do not
 * evaluate (OWASP's recommendation).
 *
 * Numbers are left alone: a JSON number (prices, totals, stock, a negative adjustment) is written
 * as a number, and a spreadsheet reads `-500` as minus five hundred, never as a formula; quoting it
 * would turn every negative figure into text. Only strings are neutralised, so the text "-500"
 * (typed, not a number column) becomes "'-500".
 */

/** The characters that make a spreadsheet cell a formula, per OWASP: = + - @ tab CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as it is safe to put in a CSV file. */
export function neutralizeCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A record (or any JSON value) with every string inside it neutralised, nested objects and arrays
 * included (CSV exporters flatten `shipping_address.fullName` into a column of its own).
 */
export function neutralizeCsvValue<T>(value: T): T {
  if (typeof value === 'string') return neutralizeCsvText(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => neutralizeCsvValue(v)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, neutralizeCsvValue(v)]),
    ) as T;
  }
  return value;
}
