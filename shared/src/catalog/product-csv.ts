import { z } from 'zod';
import { neutralizeCsvText } from '../csv/formula-injection.ts';
import type { Database } from '../types/database.ts';

/**
 * The products CSV (issue 21): one row per variant, the variant named by its SKU and its product by
 * the slug. The admin exports it (admin_export_products) and imports it (admin_import_products, a
 * dry run first). Product columns repeat on each of the product's rows and must agree.
 *
 * Cells are read as staff and spreadsheets write them: amounts like "1,25,000", "₹12,999" or
 * "12999.00", yes/no flags in any case, the header in any case and order with Excel's UTF-8 BOM.
 * Only the shape is decided here: the database checks every row again and names the errors.
 */
export const PRODUCT_CSV_COLUMNS = [
  'product_slug',
  'product_name',
  'category',
  'description',
  'material',
  'color',
  'featured',
  'sku',
  'options',
  'price',
  'mrp',
  'stock',
  'active',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Without these a row cannot say what it is; the others may be left out (then: unchanged). */
export const REQUIRED_PRODUCT_CSV_COLUMNS: readonly ProductCsvColumn[] = [
  'product_slug',
  'product_name',
  'category',
  'sku',
  'price',
];

/** A bound on one request (and one transaction); a catalogue of a few thousand variants fits. */
export const MAX_PRODUCT_CSV_ROWS = 5000;

/**
 * What admin_import_products takes for a row: the cells as text, amounts and flags normalised when
 * they could be read ("1,25,000" → "125000") and left as typed otherwise, so that the database names
 * the row's error. A column missing from the file is absent here: the field is left as it is.
 */
export const productImportRowSchema = z.object({
  product_slug: z.string(),
  sku: z.string(),
  product_name: z.string().optional(),
  category: z.string().optional(),
  description: z.string().optional(),
  material: z.string().optional(),
  color: z.string().optional(),
  featured: z.string().optional(),
  options: z.string().optional(),
  price: z.string().optional(),
  mrp: z.string().optional(),
  stock: z.string().optional(),
  active: z.string().optional(),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

/**
 * A rupee amount as Indians and spreadsheets write it: "12999", "12999.00", "12,999", "1,25,000"
 * (Indian grouping), "1,250,000" (Western), with "₹", "Rs." or "INR" in front. The amount as plain
 * decimal text ("125000", "12999.5"), or null when the cell is not an amount (a negative one
 * included: the database says why).
 */
export function parseRupees(cell: string): string | null {
  const text = cell
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/\.00?$/, '');
  const grouped = /^(\d{1,2}(,\d{2})*,\d{3}|\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
  if (!grouped.test(text)) return null;
  const plain = text.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  return plain.includes('.') ? plain.replace(/0$/, '') : plain;
}

/** A stock count: digits, grouped or not ("1,200", "1,00,000"); null when it is not one. */
export function parseCount(cell: string): string | null {
  const text = cell.trim();
  if (!/^(\d{1,2}(,\d{2})*,\d{3}|\d{1,3}(,\d{3})+|\d+)$/.test(text)) return null;
  return text.replace(/,/g, '').replace(/^0+(?=\d)/, '');
}

const YES = ['yes', 'y', 'true', '1'];
const NO = ['no', 'n', 'false', '0'];

/** "Yes", "TRUE", "1" → "yes"; "No", "false", "0" → "no"; "" stays "" (unchanged); else as typed. */
export function parseFlag(cell: string): string {
  const text = cell.trim().toLowerCase();
  if (YES.includes(text)) return 'yes';
  if (NO.includes(text)) return 'no';
  return cell.trim();
}

/**
 * The export's quote (shared/src/csv/formula-injection.ts) taken off again: "'=SUM(…)" was
 * exported from "=SUM(…)", so importing the export unchanged changes nothing.
 */
export function unquoteCsvText(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

const headerName = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export type ProductCsvRead = { rows: ProductImportRow[]; problem: null } | { rows: []; problem: string };

/**
 * A parsed CSV table (the header, then the rows; papaparse in the admin) as import rows. Row 1 is
 * the first after the header, as the database's errors count them; blank lines must already be
 * skipped. Unknown columns are ignored.
 */
export function readProductCsv(table: string[][]): ProductCsvRead {
  const [header, ...body] = table;
  const fail = (problem: string) => ({ rows: [] as [], problem });
  if (!header) return fail(`The file is empty. Its first line should name the columns.`);
  const names = header.map(headerName);
  const missing = REQUIRED_PRODUCT_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0)
    return fail(
      `The first line must name the columns ${REQUIRED_PRODUCT_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
    );
  if (body.length === 0) return fail('The file has a header but no rows.');
  if (body.length > MAX_PRODUCT_CSV_ROWS)
    return fail(
      `The file has ${body.length.toLocaleString('en-IN')} rows; at most ${MAX_PRODUCT_CSV_ROWS.toLocaleString('en-IN')} at a time.`,
    );
  const present = PRODUCT_CSV_COLUMNS.filter((c) => names.includes(c));
  const rows = body.map((cells) => {
    const cell = (c: ProductCsvColumn) => unquoteCsvText((cells[names.indexOf(c)] ?? '').trim()).trim();
    const row: Record<string, string> = {};
    for (const c of present) {
      const text = cell(c);
      if (c === 'price' || c === 'mrp') row[c] = parseRupees(text) ?? text;
      else if (c === 'stock') row[c] = parseCount(text) ?? text;
      else if (c === 'featured' || c === 'active') row[c] = parseFlag(text);
      else row[c] = text;
    }
    return productImportRowSchema.parse(row);
  });
  return { rows, problem: null };
}

type Exported = Database['public']['Functions']['admin_export_products']['Returns'][number];

/**
 * A row of admin_export_products: a variant with its product. The type generator cannot tell which
 * columns of a returned table may be null; these four may.
 */
export type ProductExportRow = Omit<Exported, 'description' | 'material' | 'color' | 'mrp'> & {
  description: string | null;
  material: string | null;
  color: string | null;
  mrp: number | null;
};

/**
 * A variant as a row of the exported file, in PRODUCT_CSV_COLUMNS order: plain amounts (no ₹ or
 * grouping, so spreadsheets sum them), yes/no flags, and every text cell safe from formula
 * injection (a leading quote before = + - @ tab CR, which the import takes off again).
 */
export function productCsvRecord(row: ProductExportRow): string[] {
  const text = (value: string | null) => neutralizeCsvText(value ?? '');
  const flag = (value: boolean) => (value ? 'yes' : 'no');
  const cells: Record<ProductCsvColumn, string> = {
    product_slug: text(row.product_slug),
    product_name: text(row.product_name),
    category: text(row.category),
    description: text(row.description),
    material: text(row.material),
    color: text(row.color),
    featured: flag(row.featured),
    sku: text(row.sku),
    options: text(row.options),
    price: String(row.price),
    mrp: row.mrp === null ? '' : String(row.mrp),
    stock: String(row.stock),
    active: flag(row.active),
  };
  return PRODUCT_CSV_COLUMNS.map((c) => cells[c]);
}
