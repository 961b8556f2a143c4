import { importCounts, refusedCount, type ImportResult } from '@/delivery/import-result';
import { DryRunPreview } from '@/layout/dry-run-preview';

/**
 * The database's answer to an upload: the counts, every refused row (row number, pincode, why) and
 * the first changes (pincode: from → to). `describe` says a change's side in words (a zone's name,
 * a directory entry).
 */
export function ImportPreview({
  title,
  result,
  describe,
}: {
  title: string;
  result: ImportResult;
  describe: (value: string | null) => string;
}) {
  return (
    <DryRunPreview
      title={title}
      counts={importCounts(result)}
      refused={refusedCount(result)}
      errors={result.errors}
      errorKey={(e) => `${e.row}-${e.pincode}`}
      errorColumns={[
        { header: 'Row', cell: (e) => e.row },
        { header: 'Pincode', cell: (e) => e.pincode || '—' },
        { header: 'Problem', cell: (e) => e.message },
      ]}
      changed={result.changed}
      changes={result.changes}
      changeKey={(c) => c.pincode}
      changeColumns={[
        { header: 'Pincode', cell: (c) => c.pincode },
        { header: 'From', cell: (c) => describe(c.from) },
        { header: 'To', cell: (c) => describe(c.to) },
      ]}
    />
  );
}
