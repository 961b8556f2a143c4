/**
 * The requests, as the apps send them: the storefront's supabase-js calls
 * (storefront/src/features/catalog/api/{products,categories}.ts, orders/account api; the category and
 * products pages ask for one page of PAGE_SIZE + 1 rows with `.range()`, which sends `offset`/`limit`,
 * and related products for 5 with `.limit()`) and the admin's
 * ra-data-postgrest getList of products (admin/src/lib/providers.ts: `q` → `name=ilike.*word*`,
 * Prefer: count=exact, offset/limit 25, default sort id DESC).
 */
export interface BenchRequest {
  name: string;
  who: 'anon' | 'customer' | 'admin' | 'service';
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  targetMs: number;
  /** SQL of what a plpgsql RPC runs inside (its REST plan is a Function Scan). */
  innerSql?: string;
  /** settings the RPC runs its inner query with (`set` clauses of the function) */
  innerSettings?: Record<string, string>;
  /** a statement whose nested statements (a plpgsql function's queries) auto_explain explains */
  nestedSql?: string;
  /** sequential requests for this one, when fewer than --requests (a slow export page) */
  repeat?: number;
}

/** storefront/src/features/catalog/api/products.ts COLUMNS */
export const COLUMNS =
  'id,slug,name,description,price,price_max,variant_count,original_price,category_id,image_url,images,dimensions,material,color,weight,stock_quantity,featured,in_stock,specifications,rating,review_count,created_at,category:categories(id,name,slug)';

/**
 * The product page with its options and variants in one request (issue 16; storefront
 * features/catalog/api/products.ts): each variant's live availability is the computed column
 * available_quantity (stock minus unexpired holds).
 */
export const PRODUCT_PAGE_COLUMNS = `${COLUMNS},options:product_options(id,name,position,values:product_option_values(id,value,swatch_color,swatch_image,position)),variants:product_variants(id,sku,title,price,original_price,dimensions,weight,lead_time_days,made_to_order,images,is_default,is_active,position,available_quantity,low_stock_threshold,option_values:variant_option_values(option_id,value_id))`;

const qs = (params: [string, string][]) => new URLSearchParams(params).toString();

/** search_products' settings (migrations 20261122102300, 20261122102500), for explaining its inner query as it runs. */
const SEARCH_SETTINGS = { enable_seqscan: 'off' };

function searchInner(q: string, limit: number): string {
  const lit = `'${q.replace(/'/g, "''")}'`;
  // search_products' first query (migration 20261122102500), with the words private.search_query_words
  // makes of the search: at most 200 products whose name has every word, ranked in the same scan; then
  // the best `limit` joined back for their rows. (It looks further, in the whole search vector, only
  // when these are fewer than asked for.)
  return `with t as materialized (select to_tsquery('english'::regconfig, array_to_string(private.search_query_words(${lit}), ' & ')) as q),
    c as (select p.id, ts_rank(p.search_vector, t.q) as rank, extensions.word_similarity(${lit}, p.name) as closeness
          from public.products as p, t where to_tsvector('english'::regconfig, p.name) @@ t.q limit 200),
    best as (select id, row_number() over (order by rank desc, closeness desc, id) as n from c)
    select p.* from best join public.products as p on p.id = best.id
    where best.n <= ${limit}
    order by best.n`;
}

export function storefrontRequests(
  ctx: {
    cat1: number;
    catlast: number;
    cat1Slug: string;
    catlastSlug: string;
    pid: number;
    slug: string;
    variantSlug: string;
  },
  _customer: string,
): BenchRequest[] {
  const T = 15;
  const newest: [string, string] = ['order', 'created_at.desc,id.asc'];
  return [
    {
      name: 'home: featured (limit 8)',
      who: 'anon',
      method: 'GET',
      path: `/products?${qs([['select', COLUMNS], ['featured', 'eq.true'], newest, ['limit', '8']])}`,
      targetMs: T,
    },
    {
      name: 'categories (category_summaries)',
      who: 'anon',
      method: 'GET',
      path: `/category_summaries?${qs([
        ['select', 'id,name,slug,description,image_url,product_count'],
        ['order', 'name.asc'],
      ])}`,
      targetMs: T,
    },
    // The category, all-products and search pages: browse_products (browseRequests, below).
    {
      name: 'product page: by id',
      who: 'anon',
      method: 'GET',
      path: `/products?${qs([
        ['select', COLUMNS],
        ['id', `eq.${ctx.pid}`],
      ])}`,
      targetMs: T,
    },
    {
      name: 'product page: by slug',
      who: 'anon',
      method: 'GET',
      path: `/products?${qs([
        ['select', COLUMNS],
        ['slug', `eq.${ctx.slug}`],
      ])}`,
      targetMs: T,
    },
    {
      name: 'product page: + 5 variants, options',
      who: 'anon',
      method: 'GET',
      path: `/products?${qs([
        ['select', PRODUCT_PAGE_COLUMNS],
        ['slug', `eq.${ctx.variantSlug}`],
      ])}`,
      targetMs: T,
    },
    {
      name: 'product page: related (limit 5)',
      who: 'anon',
      method: 'GET',
      path: `/products?${qs([['select', COLUMNS], ['category_id', `eq.${ctx.cat1}`], newest, ['limit', '5']])}`,
      targetMs: T,
    },
    {
      name: 'search box: sofaa (rpc, 5)',
      who: 'anon',
      method: 'POST',
      path: `/rpc/search_products?${qs([['select', COLUMNS]])}`,
      body: { search: 'sofaa', max_results: 5 },
      targetMs: T,
      innerSettings: SEARCH_SETTINGS,
      innerSql: searchInner('sofaa', 5),
    },
    {
      name: 'search page: sofaa (rpc, 40)',
      who: 'anon',
      method: 'POST',
      path: `/rpc/search_products?${qs([['select', COLUMNS]])}`,
      body: { search: 'sofaa', max_results: 40 },
      targetMs: T,
      innerSettings: SEARCH_SETTINGS,
      innerSql: searchInner('sofaa', 40),
    },
    {
      name: 'search page: teak sofa (rpc, 40)',
      who: 'anon',
      method: 'POST',
      path: `/rpc/search_products?${qs([['select', COLUMNS]])}`,
      body: { search: 'teak sofa', max_results: 40 },
      targetMs: T,
      innerSettings: SEARCH_SETTINGS,
      innerSql: searchInner('teak sofa', 40),
    },
    {
      name: 'order history (customer)',
      who: 'customer',
      method: 'GET',
      path: `/orders?${qs([
        [
          'select',
          'id,order_number,status,payment_status,total,created_at,items:order_items(product_name,quantity,unit_price)',
        ],
        ['user_id', 'eq.__SELF__'],
        ['order', 'created_at.desc'],
      ])}`,
      targetMs: T,
    },
  ];
}

export function adminRequests(ctx: { cat1: number }, products: number): BenchRequest[] {
  const T = 300;
  const count = { Prefer: 'count=exact' };
  const page = (params: [string, string][]) => `/products?${qs([['select', '*'], ...params])}`;
  const lastOffset = String(Math.max(0, Math.floor((products - 1) / 25) * 25));
  return [
    {
      name: 'admin: list page 1 (id desc)',
      who: 'admin',
      method: 'GET',
      path: page([
        ['order', 'id.desc'],
        ['offset', '0'],
        ['limit', '25'],
      ]),
      headers: count,
      targetMs: T,
    },
    {
      name: 'admin: list page 200 (price asc)',
      who: 'admin',
      method: 'GET',
      path: page([
        ['order', 'price.asc'],
        ['offset', '4975'],
        ['limit', '25'],
      ]),
      headers: count,
      targetMs: T,
    },
    {
      name: 'admin: list last page (id desc)',
      who: 'admin',
      method: 'GET',
      path: page([
        ['order', 'id.desc'],
        ['offset', lastOffset],
        ['limit', '25'],
      ]),
      headers: count,
      targetMs: T,
    },
    {
      name: 'admin: sort by name',
      who: 'admin',
      method: 'GET',
      path: page([
        ['order', 'name.asc'],
        ['offset', '0'],
        ['limit', '25'],
      ]),
      headers: count,
      targetMs: T,
    },
    {
      name: 'admin: category filter',
      who: 'admin',
      method: 'GET',
      path: page([
        ['category_id', `eq.${ctx.cat1}`],
        ['order', 'id.desc'],
        ['offset', '0'],
        ['limit', '25'],
      ]),
      headers: count,
      targetMs: T,
    },
    {
      name: 'admin: search "sofa"',
      who: 'admin',
      method: 'GET',
      path: page([
        ['name', 'ilike.*sofa*'],
        ['order', 'id.desc'],
        ['offset', '0'],
        ['limit', '25'],
      ]),
      headers: count,
      targetMs: T,
    },
    {
      name: 'admin: search "teak" + category',
      who: 'admin',
      method: 'GET',
      path: page([
        ['category_id', `eq.${ctx.cat1}`],
        ['name', 'ilike.*teak*'],
        ['order', 'id.desc'],
        ['offset', '0'],
        ['limit', '25'],
      ]),
      headers: count,
      targetMs: T,
    },
  ];
}

/**
 * The outbox's readers (issue 15): the admin order page's Messages (ra-data-postgrest getManyReference,
 * admin/src/orders/order-messages.tsx), the dashboard's count and list of dead mails
 * (admin/src/lib/providers.ts), and the dispatcher's claim (notify-dispatch, service role; an RPC, so
 * its inner query is explained too). Staff read under RLS (is_admin: a live session).
 */
export function outboxRequests(ctx: { orderId: string }): BenchRequest[] {
  const T = 15;
  return [
    {
      name: 'admin: order messages',
      who: 'admin',
      method: 'GET',
      path: `/notification_outbox?${qs([
        ['select', 'id,event,status,attempts,last_error,created_at,sent_at,next_attempt_at,recipient'],
        ['order_id', `eq.${ctx.orderId}`],
        ['order', 'created_at.desc'],
        ['offset', '0'],
        ['limit', '50'],
      ])}`,
      headers: { Prefer: 'count=exact' },
      targetMs: T,
    },
    {
      name: 'admin: dead e-mails (count)',
      who: 'admin',
      method: 'GET',
      path: `/notification_outbox?${qs([
        ['select', 'id'],
        ['status', 'eq.dead'],
        ['limit', '0'],
      ])}`,
      headers: { Prefer: 'count=exact' },
      targetMs: T,
    },
    {
      name: 'admin: newest dead e-mails (5)',
      who: 'admin',
      method: 'GET',
      path: `/notification_outbox?${qs([
        ['select', 'id,event,created_at,order_id,orders(order_number)'],
        ['status', 'eq.dead'],
        ['order', 'created_at.desc'],
        ['limit', '5'],
      ])}`,
      targetMs: T,
    },
    {
      name: 'dispatcher: claim_notifications(10)',
      who: 'service',
      method: 'POST',
      path: '/rpc/claim_notifications',
      body: { max_rows: 10, lease_seconds: 300 },
      targetMs: T,
      // the due rows of each kind from its own index, in order (20261210100100)
      innerSql: `with waiting as (
          select n.id, n.next_attempt_at from public.notification_outbox as n
          where n.status in ('pending', 'failed') and n.next_attempt_at <= now()
          order by n.next_attempt_at, n.id limit 10 for update skip locked),
        abandoned as (
          select n.id, n.next_attempt_at from public.notification_outbox as n
          where n.status = 'sending' and n.locked_until < now()
          order by n.next_attempt_at, n.id limit 10 for update skip locked)
        select c.id from (select * from waiting union all select * from abandoned) as c
        order by c.next_attempt_at, c.id limit 10`,
    },
  ];
}

/** Staff stock pages (issue 16): a product's variants with holds, a variant's ledger, open low-stock alerts. */
export function stockRequests(ctx: { productId: number; variantId: number }): BenchRequest[] {
  const T = 300;
  return [
    {
      name: 'admin: variants of a product',
      who: 'admin',
      method: 'GET',
      path: `/product_variants?${qs([
        ['select', '*,reserved_quantity,available_quantity'],
        ['product_id', `eq.${ctx.productId}`],
        ['order', 'position.asc,id.asc'],
      ])}`,
      targetMs: T,
    },
    {
      name: 'admin: stock movements (variant, 25)',
      who: 'admin',
      method: 'GET',
      headers: { Prefer: 'count=exact' },
      path: `/stock_movements?${qs([
        ['select', '*'],
        ['variant_id', `eq.${ctx.variantId}`],
        ['order', 'created_at.desc'],
        ['offset', '0'],
        ['limit', '25'],
      ])}`,
      targetMs: T,
    },
    {
      name: 'admin: stock movements (all, 25)',
      who: 'admin',
      method: 'GET',
      path: `/stock_movements?${qs([
        ['select', '*'],
        ['order', 'created_at.desc'],
        ['offset', '0'],
        ['limit', '25'],
      ])}`,
      targetMs: T,
    },
    {
      name: 'admin: open low-stock alerts (25)',
      who: 'admin',
      method: 'GET',
      path: `/stock_alerts?${qs([
        ['select', '*,variant:product_variants(sku,title,stock_quantity),product:products(name)'],
        ['resolved_at', 'is.null'],
        ['order', 'created_at.desc'],
        ['limit', '25'],
      ])}`,
      targetMs: T,
    },
  ];
}

/**
 * Delivery by pincode (issue 17): the product page's "Check delivery" (one variant), the cart's quote
 * (five variants with a subtotal and a discount), and the address form's pincode autofill
 * (storefront features/delivery). Targets: check_delivery p99 ≤ 15 ms, the lookup ≤ 10 ms.
 */
export function deliveryRequests(ctx: { variantId: number; cartVariantIds: number[] }): BenchRequest[] {
  return [
    {
      name: 'delivery: check_delivery (1 variant)',
      who: 'anon',
      method: 'POST',
      path: '/rpc/check_delivery',
      body: { pincode: '560038', items: [{ variant_id: ctx.variantId, quantity: 1 }] },
      targetMs: 15,
    },
    {
      name: 'delivery: check_delivery (cart, 5 variants)',
      who: 'customer',
      method: 'POST',
      path: '/rpc/check_delivery',
      body: {
        pincode: '682555',
        items: ctx.cartVariantIds.map((variant_id) => ({ variant_id, quantity: 2 })),
        subtotal: 48999,
        discount: 500,
      },
      targetMs: 15,
    },
    {
      name: 'delivery: pincode autofill',
      who: 'anon',
      method: 'GET',
      path: `/pincodes?${qs([
        ['select', 'pincode,city,district,state_code,states(name)'],
        ['pincode', 'eq.411001'],
      ])}`,
      targetMs: 10,
    },
  ];
}

/**
 * GST (issue 18): the admin's GST export pages through admin_gst_register (PostgREST caps a response
 * at max_rows = 1000); one page of last month's register, and an order page's invoice read.
 */
export function gstRequests(ctx: { orderId: string }): BenchRequest[] {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return [
    {
      name: 'gst: register, last month (page 1)',
      who: 'admin',
      method: 'POST',
      path: `/rpc/admin_gst_register?${qs([
        ['limit', '1000'],
        ['offset', '0'],
      ])}`,
      body: { from_date: day(first), to_date: day(last) },
      targetMs: 250,
    },
    {
      name: 'gst: order page invoice',
      who: 'admin',
      method: 'GET',
      path: `/invoices?${qs([
        ['select', 'id,number,issued_at,taxable_value,cgst,sgst,utgst,igst,total,pdf_path'],
        ['order_id', `eq.${ctx.orderId}`],
      ])}`,
      targetMs: 15,
    },
  ];
}

/**
 * Returns (issue 19): the admin's queue (open returns, oldest first) and a return's page, the refund
 * quote, what an order can still return, and a customer's own returns (order history).
 */
export function returnsRequests(ctx: { returnId: string; returnOrderId: string }): BenchRequest[] {
  return [
    {
      name: 'returns: admin queue (open, oldest first)',
      who: 'admin',
      method: 'GET',
      path: `/returns?${qs([
        [
          'select',
          'id,return_number,status,resolution,created_at,orders(order_number,contact_email),return_items(count)',
        ],
        ['status', 'in.(requested,approved,pickup_scheduled,picked_up,received)'],
        ['order', 'created_at.asc'],
        ['limit', '25'],
      ])}`,
      targetMs: 15,
    },
    {
      name: 'returns: return page',
      who: 'admin',
      method: 'GET',
      path: `/returns?${qs([
        [
          'select',
          '*,return_items(*,order_items(product_name,variant_title,quantity,unit_price)),refunds(*)',
        ],
        ['id', `eq.${ctx.returnId}`],
      ])}`,
      targetMs: 15,
    },
    {
      name: 'returns: refund quote',
      who: 'admin',
      method: 'POST',
      path: '/rpc/return_refund_quote',
      body: { return_id: ctx.returnId },
      targetMs: 15,
    },
    {
      name: 'returns: order_return_options',
      who: 'admin',
      method: 'POST',
      path: '/rpc/order_return_options',
      body: { order_id: ctx.returnOrderId },
      targetMs: 15,
    },
    {
      name: "returns: a customer's returns",
      who: 'customer',
      method: 'GET',
      path: `/returns?${qs([
        [
          'select',
          'id,return_number,status,order_id,created_at,return_items(order_item_id,quantity),refunds(amount,status,reference)',
        ],
        ['user_id', 'eq.__SELF__'],
        ['order', 'created_at.desc'],
      ])}`,
      targetMs: 15,
    },
  ];
}

/**
 * Listing pages through browse_products (issue 20; storefront features/catalog/api/browse-products.ts:
 * `supabase.rpc('browse_products', {...})`, a POST with the state's filters, undefined ones left out).
 * Target: a filtered category page with its counts p99 ≤ 25 ms. Each one's inner statement is
 * explained by auto_explain (`nestedSql`): its REST plan is a Function Scan.
 */
export const BROWSE_FILTERS = {
  material: ['sheesham-wood', 'teak-wood'],
  colour: ['brown'],
};

export function browseRequests(ctx: { cat1Slug: string; catlastSlug: string }): BenchRequest[] {
  const T = 25;
  const rpc = (name: string, body: Record<string, unknown>): BenchRequest => ({
    name,
    who: 'anon',
    method: 'POST',
    path: '/rpc/browse_products',
    body: { filters: {}, in_stock_only: false, page_offset: 0, page_size: 24, ...body },
    targetMs: T,
    nestedSql: `select public.browse_products(${browseArgs({ filters: {}, in_stock_only: false, page_offset: 0, page_size: 24, ...body })})`,
  });
  const filtered = { filters: BROWSE_FILTERS, price_min: 10000, price_max: 50000 };
  return [
    rpc('browse: category (largest), unfiltered', { category_slug: ctx.cat1Slug }),
    rpc('browse: category (smallest), unfiltered', { category_slug: ctx.catlastSlug }),
    rpc('browse: category, material+colour+price', { category_slug: ctx.cat1Slug, ...filtered }),
    rpc('browse: category, filtered, price-asc, page 3', {
      category_slug: ctx.cat1Slug,
      ...filtered,
      sort: 'price-asc',
      page_offset: 48,
    }),
    rpc('browse: all products, unfiltered', {}),
    rpc('browse: all products, material+colour+price', filtered),
    rpc('browse: search "sofa" + fabric/velvet, ≤ ₹50,000', {
      search: 'sofa',
      filters: { material: ['fabric', 'velvet'] },
      price_max: 50000,
    }),
  ];
}

/** browse_products' named arguments as SQL (`name => value`), for explaining it directly. */
function browseArgs(body: Record<string, unknown>): string {
  const sqlLit = (v: unknown): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v === 'object') return `'${JSON.stringify(v).replace(/'/g, "''")}'::jsonb`;
    return `'${String(v).replace(/'/g, "''")}'`;
  };
  return Object.entries(body)
    .map(([k, v]) => `${k} => ${sqlLit(v)}`)
    .join(', ');
}

/**
 * Reviews (issue 20): the product page's reviews (product_reviews RPC: newest and highest, pages 1 and
 * 5) of the product with the most approved reviews, the product page's own query with its
 * product_review_stats row (average, count, histogram), and the admin's moderation queue (pending,
 * oldest first, ra-data-postgrest: `select=*`, count=exact, 25) with the dashboard's pending count.
 */
export function reviewsRequests(ctx: { reviewProductId: number; reviewProductSlug: string }): BenchRequest[] {
  const T = 15;
  const reviews = (name: string, sort: string, page: number): BenchRequest => ({
    name,
    who: 'anon',
    method: 'POST',
    path: '/rpc/product_reviews',
    body: { product_id: ctx.reviewProductId, sort, page_offset: (page - 1) * 10, page_size: 10 },
    targetMs: T,
    // product_reviews is SQL but security definer (never inlined): auto_explain shows its own plan.
    nestedSql: `select * from public.product_reviews(product_id => ${ctx.reviewProductId}, sort => '${sort}', page_offset => ${(page - 1) * 10}, page_size => 10)`,
  });
  const STATS = 'review_count,rating_sum,stars_1,stars_2,stars_3,stars_4,stars_5';
  return [
    reviews('reviews: newest, page 1', 'newest', 1),
    reviews('reviews: newest, page 5', 'newest', 5),
    reviews('reviews: highest, page 1', 'highest', 1),
    reviews('reviews: highest, page 5', 'highest', 5),
    {
      name: 'product page + review stats (embedded)',
      who: 'anon',
      method: 'GET',
      path: `/products?${qs([
        ['select', `${PRODUCT_PAGE_COLUMNS},review_stats:product_review_stats(${STATS})`],
        ['slug', `eq.${ctx.reviewProductSlug}`],
      ])}`,
      targetMs: T,
    },
    {
      name: 'product page (by slug), many reviews',
      who: 'anon',
      method: 'GET',
      path: `/products?${qs([
        ['select', PRODUCT_PAGE_COLUMNS],
        ['slug', `eq.${ctx.reviewProductSlug}`],
      ])}`,
      targetMs: T,
    },
    {
      name: 'product_review_stats row',
      who: 'anon',
      method: 'GET',
      path: `/product_review_stats?${qs([
        ['select', STATS],
        ['product_id', `eq.${ctx.reviewProductId}`],
      ])}`,
      targetMs: T,
    },
    {
      name: 'admin: pending reviews (oldest first, 25)',
      who: 'admin',
      method: 'GET',
      path: `/reviews?${qs([
        ['select', '*'],
        ['status', 'eq.pending'],
        ['order', 'created_at.asc'],
        ['offset', '0'],
        ['limit', '25'],
      ])}`,
      headers: { Prefer: 'count=exact' },
      targetMs: 300,
    },
    {
      name: 'admin: pending reviews (count)',
      who: 'admin',
      method: 'GET',
      path: `/reviews?${qs([
        ['select', 'id'],
        ['status', 'eq.pending'],
        ['limit', '0'],
      ])}`,
      headers: { Prefer: 'count=exact' },
      targetMs: 15,
    },
  ];
}

/**
 * The customers list and page, and the dashboard (issue 21): ra-data-postgrest's getList of the
 * customers view (25 a page, Prefer: count=exact) sorted by each figure and searched with the
 * search box's `or` of name, e-mail and phone (admin/src/lib/providers.ts mapSearch); a customer's
 * orders (getManyReference); admin_dashboard() (timed over REST).
 */
export function customersRequests(ctx: { customerId: string }): BenchRequest[] {
  const T = 300;
  const list = (name: string, params: [string, string][]): BenchRequest => ({
    name,
    who: 'admin',
    method: 'GET',
    path: `/customers?${qs([['select', '*'], ...params, ['offset', '0'], ['limit', '25']])}`,
    headers: { Prefer: 'count=exact' },
    targetMs: T,
  });
  return [
    list('customers: newest (joined)', [['order', 'created_at.desc']]),
    list('customers: top total spent', [['order', 'total_spent.desc']]),
    list('customers: most orders', [['order', 'order_count.desc']]),
    list('customers: search "customer123"', [
      ['or', '(full_name.ilike.*customer123*,email.ilike.*customer123*,phone.ilike.*customer123*)'],
      ['order', 'created_at.desc'],
    ]),
    {
      name: "customers: a customer's orders",
      who: 'admin',
      method: 'GET',
      path: `/orders?${qs([
        ['select', '*,allowed_transitions'],
        ['user_id', `eq.${ctx.customerId}`],
        ['order', 'created_at.desc'],
        ['offset', '0'],
        ['limit', '50'],
      ])}`,
      headers: { Prefer: 'count=exact' },
      targetMs: T,
    },
    {
      name: 'dashboard: admin_dashboard()',
      who: 'admin',
      method: 'POST',
      path: '/rpc/admin_dashboard',
      body: {},
      targetMs: T,
      // no nestedSql: auto_explain runs in the bench's own session, which is not staff (require_staff)
    },
  ];
}

/**
 * The products CSV export (issue 21; admin/src/lib/providers.ts exportProducts): pages of 1,000
 * variants, the first and the last. Since issue 22 each page is asked after the last SKU of the one
 * before (`after_sku`, `page_size`: the function picks the page); before it, with `.range()` (PostgREST
 * `offset`/`limit` outside the function). `keyset` says which function the database has.
 */
export function exportRequests(ctx: {
  keyset: boolean;
  variants: number;
  lastPageAfterSku: string;
}): BenchRequest[] {
  const T = 300;
  const lastOffset = Math.max(0, Math.floor((ctx.variants - 1) / 1000) * 1000);
  const page = (name: string, from: number, after: string | undefined): BenchRequest =>
    ctx.keyset
      ? {
          name,
          who: 'admin',
          method: 'POST',
          path: '/rpc/admin_export_products',
          body: { ...(after !== undefined ? { after_sku: after } : {}), page_size: 1000 },
          targetMs: T,
          repeat: 50,
        }
      : {
          name,
          who: 'admin',
          method: 'POST',
          path: `/rpc/admin_export_products?${qs([
            ['offset', String(from)],
            ['limit', '1000'],
          ])}`,
          body: {},
          targetMs: T,
          // each page runs the whole export: a few are enough
          repeat: 5,
        };
  return [
    page('export: products CSV, first page (1,000)', 0, undefined),
    page('export: products CSV, last page', lastOffset, ctx.lastPageAfterSku),
  ];
}
