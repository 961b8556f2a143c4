import { DateInput, SelectInput } from 'react-admin';
import { financialYear, financialYearStarting } from 'shared/gst/financial-year';

/** The current financial year and the four before it: '2026-27', '2025-26', … */
export function financialYearChoices(now: Date = new Date()) {
  const { startYear } = financialYear(now);
  return Array.from({ length: 5 }, (_, i) => {
    const { label } = financialYearStarting(startYear - i);
    return { id: label, name: `FY ${label}` };
  });
}

/** A date typed as the start or the end of that day in India: documents are dated in IST. */
const istDayStart = (d: string | null) => (d ? `${d}T00:00:00+05:30` : d);
const istDayEnd = (d: string | null) => (d ? `${d}T23:59:59.999+05:30` : d);
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '');

/** Invoices' and credit notes' filters: the financial year, and issued between two dates (IST, inclusive). */
export const documentFilters = [
  <SelectInput
    key="fy"
    source="financial_year"
    label="Financial year"
    choices={financialYearChoices()}
    emptyText="All years"
    alwaysOn
  />,
  <DateInput
    key="from"
    source="issued_at@gte"
    label="Issued from"
    parse={istDayStart}
    format={day}
    alwaysOn
  />,
  <DateInput key="to" source="issued_at@lte" label="Issued to" parse={istDayEnd} format={day} alwaysOn />,
];
