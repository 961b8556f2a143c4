import type { ProductImportResult } from '@/lib/database';
import { DryRunPreview } from '@/layout/dry-run-preview';
import { describeChange, productImportCounts } from '@/products/product-csv-rules';

/**
 * The database's answer to a products file: the counts, every refused row (row, SKU, column, why)
 * and the changes field by field.
 */
export function ProductImportPreview({ title, result }: { title: string; result: ProductImportResult }) {
  return (
    <DryRunPreview
      title={title}
      counts={productImportCounts(result)}
      refused={result.refused}
      errors={result.errors}
      errorKey={(e) => `${e.row}-${e.column}`}
      errorColumns={[
        { header: 'Row', cell: (e) => e.row },
        { header: 'SKU', cell: (e) => e.sku || '—' },
        { header: 'Column', cell: (e) => e.column },
        { header: 'Problem', cell: (e) => e.message },
      ]}
      changed={result.changes.length}
      changes={result.changes}
      changeKey={(c) => `${c.row}-${c.kind}-${c.field}`}
      changeColumns={[
        { header: 'Row', cell: (c) => c.row },
        { header: 'Product', cell: (c) => c.product_slug },
        { header: 'SKU', cell: (c) => c.sku ?? '—' },
        { header: 'Change', cell: (c) => describeChange(c) },
      ]}
    />
  );
}
