import { formatINR } from 'shared/pricing/format';
import type { Tables, TablesInsert } from 'shared/types/database';

/** What the add/edit form holds before it becomes a products row (inputs hold text). */
export interface ProductFormValues {
  name?: string | null;
  slug?: string | null;
  description?: string | null;
  price?: number | string | null;
  original_price?: number | string | null;
  category_id?: number | string | null;
  image_url?: string | null;
  images?: string[] | string | null;
  dimensions?: string | null;
  material?: string | null;
  color?: string | null;
  weight?: string | null;
  stock_quantity?: number | string | null;
  featured?: boolean | null;
  in_stock?: boolean | null;
  /** On sale (issue 21): false hides the product from the storefront and from new orders; its orders stay. */
  is_active?: boolean | null;
  /** A large item: two-person delivery, which some zones do not offer or charge extra for. */
  is_large?: boolean | null;
  /** GST and the Legal Metrology declarations of an online listing (issue 18). */
  hsn_code?: string | null;
  country_of_origin?: string | null;
  manufacturer?: string | null;
  importer?: string | null;
  net_quantity?: string | null;
  /** Returns (issue 19): false = returned only for a fault; blank window = the store's. */
  returnable?: boolean | null;
  return_window_days?: number | string | null;
  specifications?: {
    features?: string[] | string | null;
    warranty?: string | null;
    assembly?: string | null;
  } | null;
}

/** "from ₹x" when the active variants differ in price (price is their lowest, price_max their highest). */
export function priceLabel(p: Pick<Tables<'products'>, 'price' | 'price_max'>): string {
  return p.price_max !== null && p.price_max > p.price ? `from ${formatINR(p.price)}` : formatINR(p.price);
}

/** Shorten a description for the list: at most `max` characters, then an ellipsis. */
export function truncate(text: string | null | undefined, max = 30): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A list typed one entry per line (or already a list): trimmed, blanks dropped. */
export function toList(value: string[] | string | null | undefined): string[] {
  const items = Array.isArray(value) ? value : (value ?? '').split('\n');
  return items.map((s) => String(s).trim()).filter((s) => s !== '');
}

function textOrNull(value: string | null | undefined): string | null {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
}

function numberOrNull(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The products row a save sends. Price and category are null only when the form's own checks were
 * bypassed; the table's not-null constraints then refuse the row.
 */
export type ProductRow = Omit<TablesInsert<'products'>, 'price' | 'category_id'> & {
  price: number | null;
  category_id: number | null;
};

/**
 * HSN code, country of origin and net quantity are not null with the database's defaults (9403,
 * India, "1 N"): a blank one is left out, so the default (or the current value) stays. Manufacturer
 * and importer are optional: blank is null (the listing then names the store as the packer).
 */
function declarations(values: ProductFormValues) {
  const hsn = textOrNull(values.hsn_code);
  const origin = textOrNull(values.country_of_origin);
  const quantity = textOrNull(values.net_quantity);
  return {
    ...(hsn ? { hsn_code: hsn } : {}),
    ...(origin ? { country_of_origin: origin } : {}),
    ...(quantity ? { net_quantity: quantity } : {}),
    manufacturer: textOrNull(values.manufacturer),
    importer: textOrNull(values.importer),
  };
}

/** The spec's rules for the add form: blank optional fields, empty lists and specs become null. */
export function toProductRow(values: ProductFormValues): ProductRow {
  const images = toList(values.images);
  const features = toList(values.specifications?.features);
  const warranty = textOrNull(values.specifications?.warranty);
  const assembly = textOrNull(values.specifications?.assembly);
  const specifications: { features?: string[]; warranty?: string; assembly?: string } = {};
  if (features.length > 0) specifications['features'] = features;
  if (warranty) specifications['warranty'] = warranty;
  if (assembly) specifications['assembly'] = assembly;
  return {
    name: (values.name ?? '').trim(),
    slug: textOrNull(values.slug) ?? '',
    description: textOrNull(values.description),
    price: numberOrNull(values.price),
    original_price: numberOrNull(values.original_price),
    category_id: numberOrNull(values.category_id),
    image_url: textOrNull(values.image_url),
    images: images.length > 0 ? images : null,
    dimensions: textOrNull(values.dimensions),
    material: textOrNull(values.material),
    color: textOrNull(values.color),
    weight: textOrNull(values.weight),
    stock_quantity: numberOrNull(values.stock_quantity) ?? 0,
    featured: Boolean(values.featured),
    in_stock: values.in_stock ?? true,
    is_active: values.is_active ?? true,
    is_large: Boolean(values.is_large),
    returnable: values.returnable ?? true,
    return_window_days: numberOrNull(values.return_window_days),
    ...declarations(values),
    specifications: Object.keys(specifications).length > 0 ? specifications : null,
  };
}

/**
 * What an edit saves: the product's own fields. Price, original price and stock are the database's
 * summary of the variants (JWTs cannot update them); they are edited per variant.
 */
export type ProductUpdate = Omit<ProductRow, 'price' | 'original_price' | 'stock_quantity'>;

export function toProductUpdate(values: ProductFormValues): ProductUpdate {
  const { price: _price, original_price: _original, stock_quantity: _stock, ...rest } = toProductRow(values);
  return rest;
}

/** On add: an original (struck) price is at least the price, as the variant's check requires. */
export const validOriginalPrice = (value: unknown, all: { price?: unknown }) => {
  if (value === '' || value === null || value === undefined) return undefined;
  const original = Number(value);
  const price = Number(all.price);
  if (!Number.isFinite(original) || original <= 0) return 'Enter a valid original price, or leave it empty';
  return Number.isFinite(price) && original < price ? 'Original price must be at least the price' : undefined;
};

export const requiredName = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? undefined : 'Product name is required';

export const validPrice = (value: unknown) => {
  const n = value === '' || value === null || value === undefined ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? undefined : 'Valid price is required';
};

export const requiredCategory = (value: unknown) =>
  value === '' || value === null || value === undefined ? 'Category is required' : undefined;

/** Blank (the store's window) or 1 to 365 whole days, as products_return_window_days_check. */
export const validReturnWindow = (value: unknown) => {
  if (value === '' || value === null || value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 365
    ? undefined
    : 'A return window is 1 to 365 days, or blank for the store’s';
};

export const nonNegativeStock = (value: unknown) =>
  value === '' || value === null || value === undefined || Number(value) >= 0
    ? undefined
    : 'Stock cannot be negative';
