/**
 * Set-based generation of a large catalog on a freshly migrated + seeded database: products over the
 * seed's categories, customers in auth.users, orders with their order_items. Everything is
 * deterministic (hash-based pseudo-random numbers), one statement per table, with the row triggers
 * off (session_replication_role = replica) for the bulk inserts: what they would do per row
 * (slug, search vocabulary, order numbers) is done here set-based instead. CHECK constraints and
 * generated columns still apply.
 */
import type pg from 'pg';

export interface GenerateOptions {
  products: number;
  orders: number;
  log: (line: string) => void;
}

export interface GenerateChecks {
  /** products with at least one approved review */
  reviewedProducts: number;
  approvedReviews: number;
  pendingReviews: number;
  rejectedReviews: number;
  /** product_review_stats rows that differ from a recount of the approved reviews (0 expected) */
  statsMismatches: number;
  /** products whose rating / review_count differ from the recount (0 expected) */
  productMismatches: number;
  /** products whose attribute_value_ids differ from product_attribute_values (0 expected) */
  attributeMismatches: number;
  /** the product with the most approved reviews, and how many */
  topProductId: number;
  topProductReviews: number;
}

export interface GenerateResult {
  productIdMin: number;
  productIdMax: number;
  users: number;
  orderItems: number;
  /** notification_outbox rows, as the order triggers would have written them */
  outboxRows: number;
  /** invoices of the shipped and delivered orders (issue 18) */
  invoices: number;
  /** returns of delivered orders (issue 19: about 3 in 100, every status) */
  returns: number;
  /** product_variants rows (issue 16: 1–5 per product, about 3 on average) */
  variants: number;
  /** product_attribute_values rows of the generated products (issue 20) */
  attributeValues: number;
  /** reviews of delivered lines (issue 20), every status */
  reviews: number;
  /** the checks run once after generation: triggers' figures against a recount */
  checks: GenerateChecks;
  seconds: Record<string, number>;
}

/** Product kinds per seed category slug (names read like the seed's). */
const KINDS: Record<string, string[]> = {
  sofas: ['Sofa', 'Sectional Sofa', 'Loveseat', 'Sofa Cum Bed'],
  chairs: ['Accent Chair', 'Rocking Chair', 'Lounge Chair', 'Bean Bag'],
  tables: ['Coffee Table', 'Side Table', 'Console Table', 'Study Table'],
  beds: ['King Bed', 'Queen Bed', 'Single Bed', 'Storage Bed'],
  storage: ['Wardrobe', 'Bookshelf', 'Shoe Rack', 'Chest of Drawers'],
  office: ['Office Chair', 'Work Desk', 'Filing Cabinet', 'Ergonomic Chair'],
  dining: ['Dining Set', 'Dining Table', 'Dining Chair', 'Crockery Unit'],
  'living-room': ['TV Unit', 'Recliner', 'Display Cabinet', 'Ottoman'],
  bedroom: ['Bedside Table', 'Dressing Table', 'Bed Bench', 'Mirror'],
  outdoor: ['Balcony Set', 'Garden Swing', 'Garden Bench', 'Lounger'],
};
const ADJECTIVES = [
  'Aarav',
  'Zara',
  'Aria',
  'Maharaja',
  'Vedika',
  'Royal',
  'Skyline',
  'Rani',
  'Goa',
  'Nova',
  'Kavya',
  'Ishaan',
  'Meera',
  'Arjun',
  'Tara',
  'Vihaan',
  'Anaya',
  'Kabir',
  'Diya',
  'Rohan',
  'Siya',
  'Veer',
  'Myra',
  'Advik',
  'Heritage',
  'Urban',
  'Classic',
  'Modern',
  'Jaipur',
  'Udaipur',
];
const MATERIALS = [
  'Sheesham',
  'Teak',
  'Mango Wood',
  'Fabric',
  'Leather',
  'Velvet',
  'Metal',
  'Engineered Wood',
  'Cane',
  'Rattan',
];
const COLORS = [
  'Walnut',
  'Honey',
  'Grey',
  'Beige',
  'Navy Blue',
  'Emerald',
  'Black',
  'White',
  'Teak Finish',
  'Mustard',
];
const CITIES: [string, string][] = [
  ['Mumbai', 'Maharashtra'],
  ['Delhi', 'Delhi'],
  ['Bengaluru', 'Karnataka'],
  ['Hyderabad', 'Telangana'],
  ['Chennai', 'Tamil Nadu'],
  ['Kolkata', 'West Bengal'],
  ['Pune', 'Maharashtra'],
  ['Jaipur', 'Rajasthan'],
  ['Jodhpur', 'Rajasthan'],
  ['Ahmedabad', 'Gujarat'],
  ['Lucknow', 'Uttar Pradesh'],
  ['Kochi', 'Kerala'],
];

/** The generated products' material and colour text → the seed's attribute values (issue 20). */
const MATERIAL_VALUES: [string, string][] = [
  ['Sheesham', 'Sheesham wood'],
  ['Teak', 'Teak wood'],
  ['Mango Wood', 'Mango wood'],
  ['Fabric', 'Fabric'],
  ['Leather', 'Leather'],
  ['Velvet', 'Velvet'],
  ['Metal', 'Metal'],
  ['Engineered Wood', 'Engineered wood'],
  ['Cane', 'Cane and wicker'],
  ['Rattan', 'Cane and wicker'],
];
const SECOND_MATERIALS = ['Metal', 'Marble', 'Fabric', 'Engineered wood', 'Cane and wicker'];
const COLOUR_VALUES: [string, string][] = [
  ['Walnut', 'Brown'],
  ['Honey', 'Brown'],
  ['Grey', 'Grey'],
  ['Beige', 'Beige'],
  ['Navy Blue', 'Blue'],
  ['Emerald', 'Green'],
  ['Black', 'Black'],
  ['White', 'White'],
  ['Teak Finish', 'Brown'],
  ['Mustard', 'Yellow'],
];
const SECOND_COLOURS = ['Natural', 'Gold', 'Black', 'White', 'Pink', 'Grey'];
const SEATING = [
  '1 seater',
  '2 seater',
  '3 seater',
  '3 seater',
  '4 seater',
  '5 seater',
  '6 seater',
  '8 seater',
];
const REVIEW_TITLES = [
  'Disappointed',
  'Not worth the price',
  'Okay for the price',
  'Good quality',
  'Excellent, recommended',
];
const REVIEW_BODIES = [
  'The finish peeled within a month and the legs wobble.',
  'Smaller than it looked and the cushions are thin.',
  'Decent for the price; assembly took a while.',
  'Sturdy, comfortable and looks like the photos.',
  'Beautiful piece, solid wood and great craftsmanship.',
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: string[]) => `array[${xs.map(lit).join(',')}]::text[]`;

export function userId(n: number): string {
  // md5('bench-user-<n>')::uuid, computed in SQL too.
  return `bench-user-${n}`;
}

/** Customers: one per 20 orders (at least 100), so an order history holds ~20 orders. */
export function userCount(orders: number): number {
  return Math.max(100, Math.ceil(orders / 20));
}

export async function generate(c: pg.Client, o: GenerateOptions): Promise<GenerateResult> {
  const seconds: Record<string, number> = {};
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const r = await c.query(sql, params);
    seconds[name] = Math.round((performance.now() - t) / 100) / 10;
    o.log(
      `  ${name}: ${seconds[name]} s${r.rowCount != null && r.command === 'INSERT' ? ` (${r.rowCount} rows)` : ''}`,
    );
    return r;
  };
  // r(n, salt) in [0, 1): a hash of (n, salt), so every run makes the same catalog.
  await c.query(`create function pg_temp.r(n bigint, salt int) returns float8 language sql immutable parallel safe
    as $$ select (hashint8(n * 97 + salt) & 2147483647)::float8 / 2147483648.0 $$`);
  const kinds = Object.entries(KINDS)
    .map(([slug, k]) => `(${lit(slug)}, ${arr(k)})`)
    .join(',');
  await c.query(`create temp table bench_cat as
    select row_number() over (order by c.sort_order, c.id)::int as idx, c.id,
           coalesce(k.kinds, array[c.name, c.name, c.name, c.name]) as kinds
    from public.categories c left join (values ${kinds}) as k (slug, kinds) on k.slug = c.slug`);
  const ncat = Number((await c.query(`select count(*)::int n from bench_cat`)).rows[0].n);
  if (!ncat) throw new Error('no categories: the seed did not run');
  // Variant j (1…k) of a product costs 10% more per step (an L-shape more than a 3-seater).
  await c.query(`create function pg_temp.vprice(price numeric, j int) returns numeric language sql immutable parallel safe
    as $$ select round(price * (1 + 0.1 * (j - 1)))::numeric(10, 2) $$`);
  const base = Number(
    (await c.query(`select coalesce(max(id), 0)::bigint m from public.products`)).rows[0].m,
  );
  const users = userCount(o.orders);

  await c.query(`set session_replication_role = replica`);
  // Products: categories skewed towards the first ones (sofas most), prices ₹2,099–₹1,50,000 skewed
  // towards the cheap end, 40% discounted, 10% featured, 5% out of stock, created over two years; no
  // rating (issue 20: the approved reviews below give it, through their triggers).
  await step(
    'products',
    `insert into public.products (id, slug, name, description, price, original_price, category_id, image_url,
       images, dimensions, material, color, weight, stock_quantity, featured, in_stock, specifications, rating,
       review_count, created_at, updated_at, price_max, variant_count)
     overriding system value
     select s.id, lower(regexp_replace(s.name, '[^A-Za-z0-9]+', '-', 'g')) || '-' || s.id, s.name,
       format('The %s %s in %s %s: handcrafted, sturdy and easy to care for. Free delivery above ₹2,999.',
              s.adj, lower(s.kind), lower(s.color), lower(s.material)),
       s.price, case when pg_temp.r(s.g, 3) < 0.4 then round(s.price * (1.1 + 0.4 * pg_temp.r(s.g, 4))) end,
       s.category_id, s.img, array[s.img, replace(s.img, '.webp', '-2.webp')],
       (60 + (s.g % 150)) || ' x ' || (40 + (s.g % 60)) || ' x ' || (40 + (s.g % 80)) || ' cm',
       s.material, s.color, (5 + s.g % 90) || ' kg', s.stock, pg_temp.r(s.g, 5) < 0.10, s.stock > 0,
       jsonb_build_object('features', jsonb_build_array('Solid build', s.material || ' finish'),
                          'warranty', (1 + s.g % 3) || ' year', 'assembly', 'Free assembly'),
       null, 0,
       s.created, s.created, pg_temp.vprice(s.price, 1 + s.g % 5), 1 + s.g % 5
     from (
       select g, $1::bigint + g as id, cat.id as category_id, a.adj, a.material, a.color,
              cat.kinds[1 + (g % 4)] as kind,
              a.adj || ' ' || a.material || ' ' || cat.kinds[1 + (g % 4)] as name,
              least(150000, 2000 + floor(148000 * power(pg_temp.r(g, 2), 2.5) / 100) * 100 + 99)::numeric(10, 2) as price,
              case when pg_temp.r(g, 6) < 0.05 then 0 else 1 + floor(pg_temp.r(g, 7) * 60)::int end as stock,
              '/images/products/bench-' || (g % 500) || '.webp' as img,
              now() - interval '1 day' * (730 * pg_temp.r(g, 10)) as created
       from generate_series(1, $2::int) as g
       join bench_cat as cat on cat.idx = 1 + floor(power(pg_temp.r(g, 1), 1.4) * ${ncat})::int
       cross join lateral (select
         (${arr(ADJECTIVES)})[1 + floor(pg_temp.r(g, 11) * ${ADJECTIVES.length})::int] as adj,
         (${arr(MATERIALS)})[1 + floor(pg_temp.r(g, 12) * ${MATERIALS.length})::int] as material,
         (${arr(COLORS)})[1 + floor(pg_temp.r(g, 13) * ${COLORS.length})::int] as color) as a
     ) as s`,
    [base, o.products],
  );
  await c.query(
    `select setval(pg_get_serial_sequence('public.products', 'id'), (select max(id) from public.products))`,
  );
  // Variants (issue 16), set-based as products_add_default_variant and the admin's options would
  // make them: product g has k = 1 + g % 5 variants (about 3 on average); with k > 1 one option,
  // "Finish", with k values (k colours), and one variant per value; variant j costs 10% more per step;
  // the product's stock split over its variants, each as an 'import' in the ledger (stock = the sum
  // of its movements). The product's price / price_max / stock_quantity are its variants' summary.
  await step(
    'product_options',
    `insert into public.product_options (product_id, name, position)
     select p.id, 'Finish', 1 from public.products as p where p.id > $1::bigint and (p.id - $1::bigint) % 5 <> 0`,
    [base],
  );
  await step(
    'product_option_values',
    `insert into public.product_option_values (option_id, value, position)
     select o.id, (${arr(COLORS)})[1 + ((o.product_id - $1::bigint + j) % ${COLORS.length})::int], j
     from public.product_options as o
     cross join lateral generate_series(1, 1 + ((o.product_id - $1::bigint) % 5)::int) as j
     where o.product_id > $1::bigint`,
    [base],
  );
  const variants = await step(
    'product_variants',
    `insert into public.product_variants (product_id, sku, title, price, original_price, stock_quantity, is_default,
       is_active, position, option_signature, created_at, updated_at)
     select p.id, 'BV' || p.id || '-' || j, coalesce(ov.value, 'Default'), pg_temp.vprice(p.price, j),
       case when p.original_price is not null then pg_temp.vprice(p.original_price, j) end,
       p.stock_quantity / k + (j <= p.stock_quantity % k)::int, j = 1, true, j, coalesce(ov.id::text, ''),
       p.created_at, p.created_at
     from public.products as p
     cross join lateral (select 1 + ((p.id - $1::bigint) % 5)::int as k) as kk
     cross join lateral generate_series(1, kk.k) as j
     left join public.product_options as o on o.product_id = p.id
     left join public.product_option_values as ov on ov.option_id = o.id and ov.position = j
     where p.id > $1::bigint`,
    [base],
  );
  await step(
    'variant_option_values',
    `insert into public.variant_option_values (variant_id, product_id, option_id, value_id)
     select v.id, v.product_id, o.id, v.option_signature::bigint
     from public.product_variants as v
     join public.product_options as o on o.product_id = v.product_id
     where v.product_id > $1::bigint and v.option_signature <> ''`,
    [base],
  );
  await step(
    'stock_movements',
    `insert into public.stock_movements (variant_id, product_id, sku, quantity, reason, note, actor, balance_after, created_at)
     select v.id, v.product_id, v.sku, v.stock_quantity, 'import', 'bench', null, v.stock_quantity, v.created_at
     from public.product_variants as v
     where v.product_id > $1::bigint and v.stock_quantity > 0`,
    [base],
  );
  // What products_index_words does per row: the catalog's vocabulary for typo correction.
  await step(
    'search_words',
    `insert into private.search_words (word)
     select distinct w from public.products as p,
       regexp_split_to_table(lower(concat_ws(' ', p.name, p.material, p.color, p.description)), '[^a-z0-9]+') as w
     where length(w) between 3 and 30
     on conflict do nothing`,
  );
  // And the lexemes of the products' search vectors, for the search's prefixes (20261205100100).
  await step(
    'search_lexemes',
    `insert into private.search_lexemes (lexeme)
     select distinct u.lexeme from public.products as p, unnest(p.search_vector) as u
     on conflict do nothing`,
  );
  // What the products_count_* triggers do per statement: the item counts of /all-categories.
  await step(
    'category_stats',
    `insert into public.category_stats (category_id, product_count)
     select p.category_id, count(*) from public.products as p group by p.category_id
     on conflict (category_id) do update set product_count = excluded.product_count`,
  );
  await c.query(`set session_replication_role = origin`);

  // Customers, through the triggers (profiles are made as on sign-up).
  await step(
    'users',
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', md5('bench-user-' || g)::uuid, 'authenticated', 'authenticated',
       'customer' || g || '@example.com', '', now(), '{"provider":"email","providers":["email"]}',
       jsonb_build_object('full_name', 'Customer ' || g), now() - interval '800 days', now()
     from generate_series(1, $1::int) as g`,
    [users],
  );

  await c.query(`set session_replication_role = replica`);
  // The dashboard's kept order sums (issue 22) follow every write to orders, in replication mode
  // too (enable always): off for the bulk load, recounted set-based after it.
  await c.query(
    `alter table public.orders disable trigger orders_keep_day_totals, disable trigger orders_keep_day_totals_moved`,
  );
  const cities = CITIES.map(([city, state]) => `(${lit(city)}, ${lit(state)})`).join(',');
  await step(
    'orders_plan',
    `create temp table bench_orders as
     select o, md5('bench-order-' || o)::uuid as id, u,
       md5('bench-user-' || u)::uuid as user_id,
       now() - interval '1 day' - interval '1 day' * (365 * power(pg_temp.r(o, 21), 1.5)) as created,
       pg_temp.r(o, 22) as rs, pg_temp.r(o, 23) < 0.6 as cod,
       case when pg_temp.r(o, 24) < 0.55 then 1 when pg_temp.r(o, 24) < 0.85 then 2 else 3 end as lines
     from (select o, 1 + floor(pg_temp.r(o, 20) * $1)::int as u from generate_series(1, $2::int) as o) as x`,
    [users, o.orders],
  );
  // Lines: popular products more often (power skew), the price and name as they are now.
  const items = await step(
    'order_items',
    `insert into public.order_items (order_id, product_id, variant_id, sku, variant_title, product_name, product_image,
       unit_price, quantity, created_at)
     select bo.id, p.id, v.id, v.sku, case when v.option_signature = '' then null else v.title end, p.name, p.image_url,
       v.price, 1 + (pg_temp.r(bo.o * 4 + k, 26) < 0.15)::int, bo.created
     from bench_orders as bo
     cross join lateral generate_series(1, bo.lines) as k
     join public.products as p on p.id = $1::bigint + 1 + floor(power(pg_temp.r(bo.o * 4 + k, 25), 1.5) * $2)::bigint
     join public.product_variants as v on v.product_id = p.id and v.is_default`,
    [base, o.products],
  );
  await step(
    'orders',
    `insert into public.orders (id, order_number, user_id, status, payment_method, payment_status, payment_id,
       razorpay_order_id, razorpay_payment_id, subtotal, delivery_fee, discount, total, shipping_address,
       estimated_delivery_from, estimated_delivery_to, delivered_at, created_at, updated_at)
     select bo.id,
       'ORD' || to_char(bo.created at time zone 'Asia/Kolkata', 'YYMMDD') || lpad(bo.o::text, 10, '0'),
       bo.user_id, st.status::public.order_status,
       (case when bo.cod then 'cod' else 'razorpay' end)::public.payment_method,
       (case when st.status = 'delivered' then 'paid'
             when not bo.cod and st.status = 'cancelled' then 'refunded'
             when not bo.cod then 'paid' else 'pending' end)::public.payment_status,
       case when bo.cod then 'COD_' || bo.o else 'pay_bench' || bo.o end,
       case when bo.cod then null else 'order_bench' || bo.o end,
       case when bo.cod then null else 'pay_bench' || bo.o end,
       t.subtotal, case when t.subtotal >= 2999 then 0 else 99 end, 0,
       t.subtotal + case when t.subtotal >= 2999 then 0 else 99 end,
       jsonb_build_object('fullName', 'Customer ' || bo.u, 'email', 'customer' || bo.u || '@example.com',
         'phone', '9' || lpad((bo.u % 1000000000)::text, 9, '0'), 'address', (1 + bo.u % 500) || ' MG Road',
         'city', ci.city, 'state', ci.state, 'pincode', (110001 + bo.u % 800000)::text),
       (bo.created at time zone 'Asia/Kolkata')::date + 5, (bo.created at time zone 'Asia/Kolkata')::date + 7,
       case when st.status = 'delivered' then bo.created + interval '4 days' end,
       bo.created, bo.created
     from bench_orders as bo
     join (select order_id, sum(line_total)::numeric(10, 2) as subtotal from public.order_items group by order_id) as t
       on t.order_id = bo.id
     join (select row_number() over () - 1 as i, city, state from (values ${cities}) as v (city, state)) as ci
       on ci.i = bo.u % ${CITIES.length}
     cross join lateral (select case
       when bo.rs < 0.07 then 'cancelled'
       when bo.created > now() - interval '4 days' then (array['pending', 'processing', 'shipped'])[1 + floor(bo.rs * 3)::int % 3]
       else 'delivered' end as status) as st`,
  );
  // The outbox the order triggers would have written: the confirmation of every order, then
  // shipped + delivered or cancelled; all sent, except one order in 2,000 whose last mail is dead
  // (the dashboard's count) and one in 2,000 whose last mail is still due (what claim_notifications finds).
  const outbox = await step(
    'notification_outbox',
    `insert into public.notification_outbox (event, order_id, recipient, payload, dedupe_key, status, attempts,
       next_attempt_at, last_error, sent_at, created_at, updated_at)
     select e.event, o.id, o.contact_email, jsonb_build_object('order_number', o.order_number, 'total', o.total),
       e.event || '/' || o.id,
       case when not e.last then 'sent' when bo.o % 2000 = 0 then 'dead' when bo.o % 2000 = 1 then 'pending' else 'sent' end,
       case when e.last and bo.o % 2000 = 0 then 8 else 1 end,
       o.created_at + e.after,
       case when e.last and bo.o % 2000 = 0 then '550 mailbox unavailable' end,
       case when e.last and bo.o % 2000 in (0, 1) then null else o.created_at + e.after + interval '1 minute' end,
       o.created_at + e.after, o.created_at + e.after
     from bench_orders as bo
     join public.orders as o on o.id = bo.id
     cross join lateral (
       select v.event, v.after, v.n = max(v.n) over () as last
       from (values
         (1, case when bo.cod then 'order_placed' else 'order_paid' end, interval '0'),
         (2, case when o.status in ('shipped', 'delivered') then 'shipped' end, interval '1 day'),
         (3, case when o.status = 'delivered' then 'delivered' end, interval '4 days'),
         (4, case when o.status = 'cancelled' then 'cancelled' end, interval '2 hours')
       ) as v (n, event, after)
       where v.event is not null
     ) as e`,
  );
  // The customers' figures the orders' deferred triggers would have kept (issue 21): one set-based
  // recount, as the migration's backfill does (no refunds are generated).
  await step(
    'customer_stats',
    `update public.customer_stats as s
     set order_count = o.order_count, total_spent = o.paid, last_order_at = o.last_order_at
     from (
       select x.user_id, count(*)::integer as order_count,
         coalesce(sum(x.total) filter (where x.payment_status in ('paid', 'partially_refunded', 'refunded')), 0) as paid,
         max(x.created_at) as last_order_at
       from public.orders as x where x.user_id is not null group by x.user_id
     ) as o
     where s.user_id = o.user_id`,
  );
  await c.query(
    `alter table public.orders enable always trigger orders_keep_day_totals, enable always trigger orders_keep_day_totals_moved`,
  );
  await step('order_day_totals', `select private.recount_order_day_totals()`);
  // The tax invoices dispatch would have issued (issue 18), one per shipped or delivered order, with
  // the lines' GST at 18% (IGST outside Karnataka): what admin_gst_register reads.
  const invoices = await step(
    'invoices',
    `insert into public.invoices (order_id, number, financial_year, issued_at, place_of_supply, supply_type, is_b2b,
       taxable_value, cgst, sgst, utgst, igst, total, snapshot)
     select o.id, 'BN/' || lpad(row_number() over (order by o.created_at, o.id)::text, 12, '0'),
       private.financial_year(o.created_at + interval '1 day'), o.created_at + interval '1 day',
       st.code, case when st.code = '29' then 'cgst_sgst' else 'igst' end, false,
       l.taxable, case when st.code = '29' then l.tax - floor(l.tax * 50) / 100 else 0 end,
       case when st.code = '29' then floor(l.tax * 50) / 100 else 0 end, 0,
       case when st.code = '29' then 0 else l.tax end, o.total,
       jsonb_build_object('document', 'invoice', 'order', jsonb_build_object('number', o.order_number),
         'recipient', jsonb_build_object('name', o.shipping_address ->> 'fullName', 'gstin', null),
         'place_of_supply', jsonb_build_object('code', st.code, 'name', st.name),
         'supply_type', case when st.code = '29' then 'cgst_sgst' else 'igst' end,
         'lines', l.lines)
     from public.orders as o
     join public.states as st on st.name = o.shipping_address ->> 'state'
     cross join lateral (
       select round(o.total * 100 / 118, 2) as taxable, o.total - round(o.total * 100 / 118, 2) as tax,
         jsonb_agg(jsonb_build_object('hsn', '940360', 'rate', 18, 'quantity', i.quantity,
           'taxable_value', round(i.line_total * 100 / 118, 2), 'cgst', 0, 'sgst', 0, 'utgst', 0,
           'igst', i.line_total - round(i.line_total * 100 / 118, 2), 'total', i.line_total)) as lines
       from public.order_items as i
       where i.order_id = o.id
     ) as l
     where o.status in ('shipped', 'delivered')`,
  );
  // Returns (issue 19): about 3 in 100 delivered orders, in every status (most of them finished),
  // each of the order's first line; the refunded and closed ones with their refund.
  const returns = await step(
    'returns',
    `insert into public.returns (id, order_id, user_id, status, resolution, pickup_address, pickup_date, pickup_window,
       refund_upi_id, rejection_reason, decided_at, received_at, refunded_at, closed_at, created_at, updated_at)
     select md5('bench-return-' || bo.o)::uuid, o.id, o.user_id, st.status, 'refund', o.shipping_address,
       (o.delivered_at at time zone 'Asia/Kolkata')::date + 3, '09-13',
       case when bo.cod then 'customer' || bo.u || '@okaxis' end,
       case when st.status = 'rejected' then 'The photos show wear from use, not a defect.' end,
       case when st.status <> 'requested' then o.delivered_at + interval '2 days' end,
       case when st.status in ('received', 'refunded', 'closed') then o.delivered_at + interval '5 days' end,
       case when st.status in ('refunded', 'closed') then o.delivered_at + interval '6 days' end,
       case when st.status = 'closed' then o.delivered_at + interval '9 days' end,
       o.delivered_at + interval '1 day', o.delivered_at + interval '1 day'
     from bench_orders as bo
     join public.orders as o on o.id = bo.id
     cross join lateral (select (array['requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received',
       'refunded', 'closed', 'closed', 'closed', 'closed', 'closed'])[1 + floor(pg_temp.r(bo.o, 31) * 12)::int] as status) as st
     where o.status = 'delivered' and pg_temp.r(bo.o, 30) < 0.03`,
  );
  await step(
    'return_items',
    `insert into public.return_items (return_id, order_item_id, quantity, reason, received_quantity, damaged_quantity)
     select distinct on (r.id) r.id, i.id, 1,
       (array['damaged_in_transit', 'defective', 'changed_mind', 'does_not_fit'])[1 + abs(hashtext(r.id::text)) % 4],
       case when r.received_at is not null then 1 end, case when r.received_at is not null then 0 end
     from public.returns as r
     join public.order_items as i on i.order_id = r.order_id
     order by r.id, i.id`,
  );
  await step(
    'refunds',
    `insert into public.refunds (order_id, return_id, amount, reason, rail, razorpay_payment_id, destination, status,
       provider_id, reference, idempotency_key, processed_at, created_at, updated_at)
     select o.id, r.id, least(i.unit_price, o.total), 'Return ' || r.return_number,
       case when o.payment_method = 'cod' then 'upi_payout' else 'razorpay' end,
       o.razorpay_payment_id,
       case when o.payment_method = 'cod' then jsonb_build_object('vpa', r.refund_upi_id) end,
       case when r.status = 'closed' then 'processed' else 'pending' end,
       case when r.status = 'closed' then 'rfnd_bench' || replace(r.id::text, '-', '') end,
       case when r.status = 'closed' then '3' || lpad((abs(hashtext(r.id::text)) % 100000000000)::text, 11, '0') end,
       replace(gen_random_uuid()::text, '-', '') || '-1',
       case when r.status = 'closed' then r.closed_at end, r.refunded_at, r.refunded_at
     from public.returns as r
     join public.orders as o on o.id = r.order_id
     join public.return_items as ri on ri.return_id = r.id
     join public.order_items as i on i.id = ri.order_item_id
     where r.status in ('refunded', 'closed')`,
  );
  await c.query(`set session_replication_role = origin`);
  // The listing counts' row trigger (issue 22: products_count_moved, per product whose attribute
  // values or 4★ standing change) would bump its category's rows once per product in one transaction
  // below; off for the two bulk inserts, then recounted set-based (private.recount_listing_counts).
  await c.query(`alter table public.products disable trigger products_count_moved`);
  // The same for the listing entries' row trigger (issue 22: products_listing_entries_moved rewrites a
  // product's entries when its values or rating change), rebuilt by the same recount.
  const entries =
    (await c.query(`select to_regclass('public.product_listing_entries') as t`)).rows[0].t !== null;
  if (entries) await c.query(`alter table public.products disable trigger products_listing_entries_moved`);
  // And the listing bitmaps' row trigger (issue 22: products_listing_bits_moved), rebuilt by the same recount.
  const bits = (await c.query(`select to_regclass('private.product_listing_bits') as t`)).rows[0].t !== null;
  if (bits) await c.query(`alter table public.products disable trigger products_listing_bits_moved`);

  // Filters (issue 20), through the triggers: one bulk insert into product_attribute_values, whose
  // statement trigger (sync_product_attribute_ids) rewrites products.attribute_value_ids of every
  // product it touched. Material and colour from the product's own text (as the seed tags its
  // products), a second material for 1 in 5 (legs of metal, a marble top…) and a second colour for
  // 1 in 10; seating (1–8 seater) on the categories linked to it (category_attributes: sofas, dining).
  const attributeValues = await step(
    'product_attribute_values',
    `insert into public.product_attribute_values (product_id, value_id)
     select distinct x.product_id, v.id
     from (
       select p.id as product_id, 'material' as code, m.value
       from public.products as p
       join (values ${MATERIAL_VALUES.map(([a, b]) => `(${lit(a)}, ${lit(b)})`).join(',')}) as m (material, value)
         on m.material = p.material
       where p.id > $1::bigint
       union all
       select p.id, 'material', (${arr(SECOND_MATERIALS)})[1 + floor(pg_temp.r(p.id, 41) * ${SECOND_MATERIALS.length})::int]
       from public.products as p where p.id > $1::bigint and pg_temp.r(p.id, 40) < 0.2
       union all
       select p.id, 'colour', k.value
       from public.products as p
       join (values ${COLOUR_VALUES.map(([a, b]) => `(${lit(a)}, ${lit(b)})`).join(',')}) as k (color, value)
         on k.color = p.color
       where p.id > $1::bigint
       union all
       select p.id, 'colour', (${arr(SECOND_COLOURS)})[1 + floor(pg_temp.r(p.id, 43) * ${SECOND_COLOURS.length})::int]
       from public.products as p where p.id > $1::bigint and pg_temp.r(p.id, 42) < 0.1
       union all
       select p.id, a.code, (${arr(SEATING)})[1 + floor(pg_temp.r(p.id, 44) * ${SEATING.length})::int]
       from public.products as p
       join public.category_attributes as ca on ca.category_id = p.category_id
       join public.attributes as a on a.id = ca.attribute_id and a.code = 'seating'
       where p.id > $1::bigint
     ) as x
     join public.attributes as a on a.code = x.code
     join public.attribute_values as v on v.attribute_id = a.id and v.value = x.value`,
    [base],
  );
  if (!attributeValues.rowCount)
    throw new Error('no attribute values: the seed did not make material/colour');

  // Reviews (issue 20): ~3 per product over 30% of the products (the hash of the product picks
  // them), each of a delivered line of that product (one review per line, the line's customer as the
  // author); 80% approved, 13% pending (some holding a phone number, so flagged), 7% rejected with a
  // reason; ratings skewed to 4–5 stars. One bulk insert through the triggers: the statement trigger
  // (reviews_count_inserted) writes product_review_stats and products.rating / review_count.
  await step(
    'review_lines',
    `create temp table bench_review_lines as
     select i.id as item_id, i.product_id, i.variant_id, i.variant_title, o.user_id, o.delivered_at, bo.u
     from public.order_items as i
     join bench_orders as bo on bo.id = i.order_id
     join public.orders as o on o.id = i.order_id
     where o.status = 'delivered' and i.product_id > $1::bigint and pg_temp.r(i.product_id, 50) < 0.3`,
    [base],
  );
  const candidates = Number(
    (await c.query(`select count(*)::bigint as n from bench_review_lines`)).rows[0].n,
  );
  const share = Math.min(1, (3 * o.products) / Math.max(1, candidates));
  const reviews = await step(
    'reviews',
    `insert into public.reviews (product_id, variant_id, variant_title, order_item_id, user_id, author_name, rating,
       title, body, status, rejection_reason, moderated_at, created_at, updated_at)
     select l.product_id, l.variant_id, l.variant_title, l.item_id, l.user_id,
       private.review_author_name('Customer ' || l.u), k.rating,
       (${arr(REVIEW_TITLES)})[k.rating],
       format('%s %s', (${arr(REVIEW_BODIES)})[k.rating],
         case when k.status = 'pending' and pg_temp.r(l.item_id, 55) < 0.03
           then 'Call me on 98765 43210 for a better price.' else 'Delivered and assembled on time.' end),
       k.status::public.review_status,
       case when k.status = 'rejected' then 'Not about the product (delivery or pricing only).' end,
       case when k.status <> 'pending' then least(now(), k.created + interval '1 day') end,
       k.created, k.created
     from bench_review_lines as l
     cross join lateral (select
       case when pg_temp.r(l.item_id, 54) < 0.05 then 1 when pg_temp.r(l.item_id, 54) < 0.10 then 2
            when pg_temp.r(l.item_id, 54) < 0.22 then 3 when pg_temp.r(l.item_id, 54) < 0.50 then 4 else 5 end as rating,
       case when pg_temp.r(l.item_id, 52) < 0.80 then 'approved' when pg_temp.r(l.item_id, 52) < 0.93 then 'pending'
            else 'rejected' end as status) as s0
     cross join lateral (select s0.rating, s0.status,
       case when s0.status = 'pending' then now() - interval '30 days' * pg_temp.r(l.item_id, 53)
            else l.delivered_at + (now() - l.delivered_at) * pg_temp.r(l.item_id, 53) end as created) as k
     where pg_temp.r(l.item_id, 51) < $1::float8
     order by l.item_id`,
    [share],
  );

  await c.query(`alter table public.products enable trigger products_count_moved`);
  if (entries) await c.query(`alter table public.products enable trigger products_listing_entries_moved`);
  if (bits) await c.query(`alter table public.products enable trigger products_listing_bits_moved`);
  if ((await c.query(`select to_regprocedure('private.recount_listing_counts()') as f`)).rows[0].f)
    await step('listing_counts', `select private.recount_listing_counts()`);

  // Checked once: the triggers' figures against a recount.
  const t0 = performance.now();
  const checks = await recount(c);
  seconds['checks'] = Math.round((performance.now() - t0) / 100) / 10;
  o.log(
    `  checks (${seconds['checks']} s): review stats vs a recount: ${checks.statsMismatches} of ${checks.reviewedProducts} products differ; ` +
      `products.rating/review_count: ${checks.productMismatches} differ; attribute_value_ids vs product_attribute_values: ${checks.attributeMismatches} differ`,
  );
  if (checks.statsMismatches || checks.productMismatches || checks.attributeMismatches)
    throw new Error(`the triggers' figures differ from a recount: ${JSON.stringify(checks)}`);

  // The two trigger-made updates of every product above (attribute_value_ids, then rating and
  // review_count) left dead versions behind: 185 MB of heap instead of a loaded catalog's size, and
  // every product Seq Scan (the admin's last page, 129 → 264 ms p50) read them. A store's own table
  // reuses that space as autovacuum frees it; a bulk load does not: rewrite it once.
  await step('products_compact', `vacuum full public.products`);
  await step(
    'vacuum_analyze',
    `vacuum (analyze) public.products, public.product_variants, public.product_options, public.product_option_values,
       public.variant_option_values, public.stock_movements, public.orders, public.order_items, private.search_words, public.profiles, public.notification_outbox,
       public.invoices, public.returns, public.return_items, public.refunds, public.product_attribute_values, public.customer_stats,
       public.reviews, public.product_review_stats, public.category_stats${entries ? ', public.product_listing_entries' : ''}`,
  );
  await c.query(`analyze`);
  return {
    productIdMin: base + 1,
    productIdMax: base + o.products,
    users,
    orderItems: items.rowCount ?? 0,
    outboxRows: outbox.rowCount ?? 0,
    invoices: invoices.rowCount ?? 0,
    returns: returns.rowCount ?? 0,
    variants: variants.rowCount ?? 0,
    attributeValues: attributeValues.rowCount ?? 0,
    reviews: reviews.rowCount ?? 0,
    checks,
    seconds,
  };
}

/** The review statistics, products' ratings and attribute arrays against a recount (and the most reviewed product). */
export async function recount(c: pg.Client): Promise<GenerateChecks> {
  const row = (
    await c.query(
      `with recount as (
         select r.product_id, count(*)::int as n, sum(r.rating)::int as total,
           count(*) filter (where r.rating = 1)::int as s1, count(*) filter (where r.rating = 2)::int as s2,
           count(*) filter (where r.rating = 3)::int as s3, count(*) filter (where r.rating = 4)::int as s4,
           count(*) filter (where r.rating = 5)::int as s5
         from public.reviews as r where r.status = 'approved' group by r.product_id
       ),
       attrs as (
         select v.product_id, array_agg(v.value_id order by v.value_id) as ids
         from public.product_attribute_values as v group by v.product_id
       )
       select
         (select count(*) from recount)::int as "reviewedProducts",
         (select count(*) from public.reviews where status = 'approved')::int as "approvedReviews",
         (select count(*) from public.reviews where status = 'pending')::int as "pendingReviews",
         (select count(*) from public.reviews where status = 'rejected')::int as "rejectedReviews",
         (select count(*) from recount as r full join public.product_review_stats as s on s.product_id = r.product_id
          where (coalesce(r.n, 0), coalesce(r.total, 0), coalesce(r.s1, 0), coalesce(r.s2, 0), coalesce(r.s3, 0),
                 coalesce(r.s4, 0), coalesce(r.s5, 0))
             is distinct from (coalesce(s.review_count, 0), coalesce(s.rating_sum, 0), coalesce(s.stars_1, 0),
                 coalesce(s.stars_2, 0), coalesce(s.stars_3, 0), coalesce(s.stars_4, 0), coalesce(s.stars_5, 0))
         )::int as "statsMismatches",
         (select count(*) from public.products as p left join recount as r on r.product_id = p.id
          where p.review_count <> coalesce(r.n, 0)
             or p.rating is distinct from round(r.total::numeric / nullif(r.n, 0), 1))::int as "productMismatches",
         (select count(*) from public.products as p left join attrs as x on x.product_id = p.id
          where p.attribute_value_ids <> coalesce(x.ids, '{}'))::int as "attributeMismatches",
         (select r.product_id from recount as r order by r.n desc, r.product_id limit 1)::bigint as "topProductId",
         (select r.n from recount as r order by r.n desc, r.product_id limit 1)::int as "topProductReviews"`,
    )
  ).rows[0] as Record<string, number | string>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as GenerateChecks;
}
