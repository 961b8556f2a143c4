/**
 * An attribute's code is the listing URL's parameter (`?material=sheesham-wood`). The database's
 * attributes_code_check keeps the same rule (supabase/migrations/…_create_product_attributes.sql);
 * the admin's form says it first and the storefront's URL parser reads any other key as an attribute.
 */
export const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,29}$/;

/** The listing's own URL parameters (`max` is the old price link, still read): never an attribute's code. */
export const RESERVED_LISTING_PARAMS: readonly string[] = [
  'q',
  'category',
  'sort',
  'price',
  'price_min',
  'price_max',
  'rating',
  'stock',
  'page',
  'max',
];

/** Whether `key` can name an attribute in a listing URL. */
export function isAttributeCode(key: string): boolean {
  return ATTRIBUTE_CODE.test(key) && !RESERVED_LISTING_PARAMS.includes(key);
}
