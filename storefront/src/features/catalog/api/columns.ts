/**
 * The columns the catalog's requests select (and a listing's page size), in a module of its own (no imports) so that the build
 * can read them too: index.html's first-data lines (build/first-data.ts, lib/first-data.ts) send the
 * very request the product page and the search page will send, and their answer is reused only if
 * the two are identical.
 */

const FIELDS =
  'id,slug,name,description,price,price_max,variant_count,original_price,category_id,image_url,images,dimensions,material,color,weight,stock_quantity,featured,in_stock,specifications,rating,review_count,created_at';
/** A product as the lists select it, with its category. */
export const LIST_COLUMNS = `${FIELDS},category:categories(id,name,slug)` as const;

/**
 * The product page in one request: the product, its category, its options with their values, and its
 * variants (anon sees the active ones: RLS) with the live available quantity (a computed column) and
 * each variant's value per option.
 */
const VARIANT_FIELDS =
  'id,sku,title,price,original_price,dimensions,weight,lead_time_days,made_to_order,images,is_default,is_active,position,available_quantity,low_stock_threshold,option_values:variant_option_values(option_id,value_id)';
/** The product page's declarations (Legal Metrology) and the checkout's tax preview (hsn_code). */
const DECLARATION_FIELDS = 'hsn_code,country_of_origin,manufacturer,importer,net_quantity';
/** Whether it can be returned for a change of mind, and within how many days (null: the store's window). */
const RETURN_FIELDS = 'returnable,return_window_days';
export const DETAIL_COLUMNS =
  `${LIST_COLUMNS},${DECLARATION_FIELDS},${RETURN_FIELDS},options:product_options(id,name,position,values:product_option_values(id,value,swatch_color,swatch_image,position)),variants:product_variants(${VARIANT_FIELDS})` as const;

/** Products per page of a listing (browse_products): a multiple of the grid's 2 and 4 columns. */
export const BROWSE_PAGE_SIZE = 24;

/** A category with its item count (the category_summaries view). */
export const CATEGORY_SUMMARY_COLUMNS = 'id,name,slug,description,image_url,product_count' as const;
