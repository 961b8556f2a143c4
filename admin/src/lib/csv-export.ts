import { defaultExporter, type Exporter } from 'react-admin';
import { neutralizeCsvValue } from 'shared/csv/formula-injection';

/**
 * Every list's CSV export: react-admin's own (jsonexport, then downloadCSV), after every text cell
 * that a spreadsheet would run as a formula (= + - @ tab CR at the start) has been given a leading
 * single quote (shared/src/csv/formula-injection.ts). Customers' names, addresses and messages end
 * up in these files; numbers stay numbers.
 */
export const csvExporter: Exporter = (records, fetchRelatedRecords, dataProvider, resource) =>
  defaultExporter(
    records.map((r) => neutralizeCsvValue(r)),
    fetchRelatedRecords,
    dataProvider,
    resource,
  );
