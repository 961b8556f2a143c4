/**
 * GST rates are dated data (public.tax_rates): a product's rate on a date is the row whose HSN code is
 * the LONGEST prefix of the product's code among the rows in force on that date, and of those the
 * latest effective_from. So a 4-digit heading (9403, 18%) covers its sub-headings until a longer code
 * (94038200, bamboo furniture) says otherwise, and a rate change is a new row, never an edit.
 * The database's private.gst_rate(hsn, on_date) is the same rule; this one serves previews and tests.
 */

/** The columns of a tax_rates row this rule reads (structural, so a Tables<'tax_rates'> row fits). */
export interface TaxRateRow {
  hsn_code: string;
  rate: number;
  /** 'YYYY-MM-DD' */
  effective_from: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The row that decides the rate of `hsn` on `onDate` ('YYYY-MM-DD', the IST date), or null if none. */
export function rateRowFor<T extends TaxRateRow>(hsn: string, rates: readonly T[], onDate: string): T | null {
  if (!ISO_DATE.test(onDate)) throw new RangeError(`onDate must be YYYY-MM-DD, got ${onDate}`);
  const code = hsn.trim();
  let best: T | null = null;
  for (const row of rates) {
    if (row.effective_from > onDate || !code.startsWith(row.hsn_code)) continue;
    if (
      best === null ||
      row.hsn_code.length > best.hsn_code.length ||
      (row.hsn_code.length === best.hsn_code.length && row.effective_from > best.effective_from)
    ) {
      best = row;
    }
  }
  return best;
}

/** The GST rate (percent) of `hsn` on `onDate`, or null when no row covers it (SQL: 'tax_rate_missing'). */
export function rateFor(hsn: string, rates: readonly TaxRateRow[], onDate: string): number | null {
  return rateRowFor(hsn, rates, onDate)?.rate ?? null;
}
