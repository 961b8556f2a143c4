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
  // towards the cheap end, 40% discounted, 10% featured, 5% out of stock, created over two years.
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
       round((3.5 + 1.5 * pg_temp.r(s.g, 8))::numeric, 1), floor(power(pg_temp.r(s.g, 9), 2) * 500)::int,
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
  await step(
    'vacuum_analyze',
    `vacuum (analyze) public.products, public.product_variants, public.product_options, public.product_option_values,
       public.variant_option_values, public.stock_movements, public.orders, public.order_items, private.search_words, public.profiles, public.notification_outbox,
       public.invoices, public.returns, public.return_items, public.refunds`,
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
    seconds,
  };
}
