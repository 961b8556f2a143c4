import Papa from 'papaparse';
import {
  PRODUCT_CSV_COLUMNS,
  productCsvRecord,
  readProductCsv,
  type ProductCsvRead,
  type ProductExportRow,
} from 'shared/catalog/product-csv';
import type { ProductImportChange, ProductImportResult } from '@/lib/database';

/** A byte-order mark: spreadsheets then read the file as UTF-8 (names, ₹ in descriptions). */
const BOM = '\uFEFF';

/**
 * The products CSV's text: the header, then one row per variant with every text cell safe from
 * formula injection (shared/src/catalog/product-csv.ts). The import page reads it back unchanged as
 * 0 changes, so it is also the template for an import.
 */
export function productsCsv(rows: ProductExportRow[]): string {
  return `${BOM}${Papa.unparse({ fields: [...PRODUCT_CSV_COLUMNS], data: rows.map(productCsvRecord) }, { newline: '\r\n' })}`;
}

/** The file's rows (papaparse, then the columns of shared/src/catalog/product-csv.ts), or what is wrong with it. */
export function readProductsFile(text: string): ProductCsvRead {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken)
    return {
      rows: [],
      problem: `The file could not be read at row ${broken.row ?? '?'}: ${broken.message}.`,
    };
  return readProductCsv(parsed.data);
}

/** The counts above the preview, in the order staff read them. */
export function productImportCounts(result: ProductImportResult): { label: string; value: number }[] {
  return [
    { label: 'Rows', value: result.total },
    { label: 'New products', value: result.products_created },
    { label: 'Updated products', value: result.products_updated },
    { label: 'New variants', value: result.variants_created },
    { label: 'Updated variants', value: result.variants_updated },
    { label: 'Unchanged rows', value: result.unchanged },
    { label: 'Refused rows', value: result.refused },
  ];
}

const FIELD_LABELS: Record<string, string> = {
  product_name: 'Name',
  category: 'Category',
  description: 'Description',
  material: 'Material',
  color: 'Colour',
  featured: 'Featured',
  price: 'Price',
  mrp: 'MRP',
  stock: 'Stock',
  active: 'Active',
};

/** A change in words: "New product: Aarav Sofa", "Price: 9999.00 → 8499", "MRP: none → 9999". */
export function describeChange(change: ProductImportChange): string {
  if (change.kind === 'product_created') return `New product: ${change.to ?? ''}`;
  if (change.kind === 'variant_created') return `New variant: ${change.to ?? ''}`;
  const side = (value: string | null) => (value === null || value === '' ? 'none' : value);
  return `${FIELD_LABELS[change.field] ?? change.field}: ${side(change.from)} → ${side(change.to)}`;
}

/** "Apply 3 changes" / "Apply 1 change". */
export const applyLabel = (changed: number) =>
  `Apply ${changed.toLocaleString('en-IN')} ${changed === 1 ? 'change' : 'changes'}`;
