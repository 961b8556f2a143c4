import type { Page } from '@playwright/test';
import { csvFile } from './admin-delivery';

/** The products CSV's header as a spreadsheet saves it: Excel's UTF-8 BOM, the import's own names. */
export const PRODUCTS_CSV_HEADER =
  '\uFEFFProduct_Slug,Product Name,Category,Description,SKU,Price,MRP,Stock,Active';

/** Ten benches in Outdoor (a category whose counts no spec asserts), priced as Indians write them. */
export function benches(suffix: string): { names: string[]; lines: string[] } {
  const names = Array.from({ length: 10 }, (_, i) => `E2E Import Bench ${suffix} ${i + 1}`);
  const lines = names.map((name, i) =>
    [
      `e2e-import-bench-${suffix}-${i + 1}`,
      name,
      'outdoor',
      '"Teak, oiled"',
      `E2E-${suffix}-${i + 1}`.toUpperCase(),
      '"₹12,999"',
      '"1,25,000"',
      '"1,200"',
      'yes',
    ].join(','),
  );
  return { names, lines };
}

/** Chooses a file in the import page's "Products file (CSV)" input (the dry run starts at once). */
export const uploadProductsCsv = (page: Page, file: ReturnType<typeof csvFile>) =>
  page.getByLabel('Products file (CSV)').setInputFiles(file);
