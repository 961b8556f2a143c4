import { downloadCSV } from 'react-admin';
import { storeApi } from '@/lib/providers';
import { productsCsv } from '@/products/product-csv-rules';

/** Downloads every variant of every product (admin_export_products) as products-YYYY-MM-DD.csv (IST). */
export async function exportProducts(): Promise<number> {
  const rows = await storeApi.exportProducts();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  downloadCSV(productsCsv(rows), `products-${day}`);
  return rows.length;
}
