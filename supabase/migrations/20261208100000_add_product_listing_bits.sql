-- A visitor's filtered listing counted from kept bitmaps (issue 22, target 4).
--
-- browse_products counts a filtered listing by scoring every product that fails at most one condition
-- (every figure — total, each facet's counts with its own group left out, the price ranges, 4★ & up, in
-- stock — reads only those). With the candidates of product_listing_entries the all-products listing
-- with material sheesham or teak + colour brown + ₹10,000–50,000 still scores 18,277 of them, ~1.4 µs
-- each: 26.5–27.2 ms in the function, 31–41 ms p99 over REST (target 25; supabase/bench/catalog/README.md).
--
-- private.product_listing_bits keeps, for every active product, one bit per thing a listing filters on:
-- a row per (kind, key, block of 8,192 product ids) with bit (id % 8192) set when the product has it:
--   'a' 0            every active product (the all-products listing)
--   'c' category id  the category's products
--   'v' value id     the products with that attribute value
--   'p' 1–9          the price's segment between the quick ranges' edges (below, 10,000 exactly, between,
--                    25,000 exactly, …), so that each quick range is a union of segments, its edges in both
--   'r' 1–5          rating ≥ 1 … ≥ 5 (a product without a rating has none)
--   's' 1            in stock
-- Every figure is then a bit_count of ANDs of those bitmaps per block: the total is every condition's
-- bitmap ANDed, a facet value's count its bitmap ANDed with every condition but its own group's, a price
-- range's count its segments ANDed with every condition but the price range. The page, newest first
-- or by price: the listing's index walked in that order, keeping the products whose bit is set (when
-- that costs less than reading the listing's products back from the bits); otherwise the listing's
-- products (its bits read back as ids) sorted as before. The price figure's lowest and highest price are read from
-- products in price order. 100,000 products: 651 rows, 816 kB; the all-products request above 50 → 13
-- ms for the function on a busy machine (the same database before and after, alternating).
--
-- browse_products uses them for a caller who reads active products only (visitors, customers: the
-- products policies; the bitmaps hold active products only), without a search, with something chosen,
-- when the price range's ends are the quick ranges' edges and the rating a whole number (what the
-- storefront's radios send). Others (staff, a search, a price typed in, 3.5★) are counted as before.
--
-- Kept by triggers on products: inserts and deletes per statement, an update per row only when a
-- column the bitmaps read changes (a sale that leaves the product in stock does not fire it; one that
-- sells it out clears its stock bit in the sale's transaction). private.recount_listing_counts()
-- rebuilds them too; a bulk load should disable products_listing_bits_moved and recount.

create table private.product_listing_bits (
  kind "char" not null,
  key bigint not null,
  block integer not null,
  bits bit(8192) not null,
  constraint product_listing_bits_pkey primary key (kind, key, block),
  constraint product_listing_bits_kind_check check (kind in ('a', 'c', 'v', 'p', 'r', 's')),
  constraint product_listing_bits_block_check check (block >= 0)
);
comment on table private.product_listing_bits is
  'One bitmap per thing a listing filters on and block of 8,192 product ids (active products); kept by triggers on public.products (browse_products'' figures).';
revoke all on table private.product_listing_bits from public, anon, authenticated, service_role;

-- The price's segment between the quick ranges' edges (0–10,000, 10,000–25,000, 25,000–50,000,
-- 50,000–1,00,000, 1,00,000 and up, each with both edges, as browse_products counts them).
create or replace function private.listing_price_segment(price numeric)
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when price < 10000 then 1 when price = 10000 then 2 when price < 25000 then 3 when price = 25000 then 4
    when price < 50000 then 5 when price = 50000 then 6 when price < 100000 then 7 when price = 100000 then 8
    else 9 end
$$;

-- The segments a price range covers when both its ends are edges of the quick ranges (or open): null
-- for any other range (browse_products then counts it from the products). Each segment by a price
-- inside it.
create or replace function private.listing_price_segments(price_min numeric, price_max numeric)
returns integer[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when (price_min is null or price_min in (0, 10000, 25000, 50000, 100000))
      and (price_max is null or price_max in (10000, 25000, 50000, 100000)) then
    array(
      select s.n
      from (values (1, 5000), (2, 10000), (3, 17500), (4, 25000), (5, 37500), (6, 50000), (7, 75000), (8, 100000),
        (9, 1000000000)) as s (n, inside)
      where (price_min is null or s.inside >= price_min) and (price_max is null or s.inside <= price_max)
      order by s.n
    )
  end
$$;

-- The bitmaps an active product is in.
create or replace function private.listing_bit_keys(category_id bigint, price numeric, rating numeric,
  in_stock boolean, attribute_value_ids bigint[])
returns table (kind "char", key bigint)
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 'a'::"char", 0::bigint
  union all
  select 'c'::"char", listing_bit_keys.category_id
  union all
  select distinct 'v'::"char", u.value_id from unnest(listing_bit_keys.attribute_value_ids) as u (value_id)
  union all
  select 'p'::"char", private.listing_price_segment(listing_bit_keys.price)
  union all
  select 'r'::"char", r.n from generate_series(1, 5) as r (n) where coalesce(listing_bit_keys.rating, 0) >= r.n
  union all
  select 's'::"char", 1 where listing_bit_keys.in_stock
$$;

-- The ids whose bits are set, block i (from 1) holding ids (i - 1) * 8192 …: each block's bits as text,
-- split at its ones (the pieces are the runs of zeros before each one, and one after the last).
create or replace function private.listing_bits_ids(blocks bit(8192)[])
returns bigint[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(array_agg(t.id order by t.id), '{}')
  from (
    select (b.i - 1) * 8192 + sum(length(s.piece) + 1) over (partition by b.i order by s.o) - 1 as id, s.o,
      count(*) over (partition by b.i) as pieces
    from unnest(listing_bits_ids.blocks) with ordinality as b (bits, i)
    cross join lateral unnest(string_to_array(rtrim(b.bits::text, '0'), '1')) with ordinality as s (piece, o)
  ) as t
  where t.o < t.pieces
$$;

-- Moves the bits of products from what they were (old rows) to what they are (new rows): a bit is
-- cleared where only the old row had it, set where only the new one has it. Inactive rows have none.
create or replace function private.move_listing_bits(old_rows public.products[], new_rows public.products[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  with old_keys as (
    select o.id, k.kind, k.key
    from unnest(move_listing_bits.old_rows) as o
    cross join lateral private.listing_bit_keys(o.category_id, o.price, o.rating, o.in_stock, o.attribute_value_ids) as k
    where o.is_active
  ),
  new_keys as (
    select n.id, k.kind, k.key
    from unnest(move_listing_bits.new_rows) as n
    cross join lateral private.listing_bit_keys(n.category_id, n.price, n.rating, n.in_stock, n.attribute_value_ids) as k
    where n.is_active
  ),
  cleared as (
    select c.kind, c.key, (c.id / 8192)::integer as block, bit_or(set_bit(B'0'::bit(8192), (c.id % 8192)::integer, 1)) as mask
    from (select * from old_keys except select * from new_keys) as c
    group by 1, 2, 3
  )
  update private.product_listing_bits as b
  set bits = b.bits & ~c.mask
  from cleared as c
  where b.kind = c.kind and b.key = c.key and b.block = c.block;

  with old_keys as (
    select o.id, k.kind, k.key
    from unnest(move_listing_bits.old_rows) as o
    cross join lateral private.listing_bit_keys(o.category_id, o.price, o.rating, o.in_stock, o.attribute_value_ids) as k
    where o.is_active
  ),
  new_keys as (
    select n.id, k.kind, k.key
    from unnest(move_listing_bits.new_rows) as n
    cross join lateral private.listing_bit_keys(n.category_id, n.price, n.rating, n.in_stock, n.attribute_value_ids) as k
    where n.is_active
  )
  insert into private.product_listing_bits as b (kind, key, block, bits)
  select s.kind, s.key, (s.id / 8192)::integer, bit_or(set_bit(B'0'::bit(8192), (s.id % 8192)::integer, 1))
  from (select * from new_keys except select * from old_keys) as s
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict (kind, key, block) do update set bits = b.bits | excluded.bits;
end
$$;
comment on function private.move_listing_bits(public.products[], public.products[]) is
  'Moves the products'' bits in private.product_listing_bits from their old rows to their new ones (browse_products'' figures).';

-- Every bitmap rebuilt from products (after a bulk load; recount_listing_counts calls it).
create or replace function private.recount_listing_bits()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.product_listing_bits;
  insert into private.product_listing_bits (kind, key, block, bits)
  select g.kind, g.key, g.block,
    rpad(string_agg(repeat('0', g.gap) || '1', '' order by g.pos), 8192, '0')::bit(8192)
  from (
    select d.kind, d.key, d.block, d.pos,
      d.pos - coalesce(lag(d.pos) over (partition by d.kind, d.key, d.block order by d.pos), -1) - 1 as gap
    from (
      select k.kind, k.key, (p.id / 8192)::integer as block, (p.id % 8192)::integer as pos
      from public.products as p
      cross join lateral private.listing_bit_keys(p.category_id, p.price, p.rating, p.in_stock, p.attribute_value_ids) as k
      where p.is_active
    ) as d
  ) as g
  group by g.kind, g.key, g.block
  order by 1, 2, 3;
end
$$;

create or replace function private.products_listing_bits_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.move_listing_bits('{}'::public.products[], array(select n::public.products from new_rows as n));
  return null;
end
$$;

create or replace function private.products_listing_bits_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.move_listing_bits(array(select o::public.products from old_rows as o), '{}'::public.products[]);
  return null;
end
$$;

create or replace function private.products_listing_bits_moved()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.move_listing_bits(array[old], array[new]);
  return null;
end
$$;

create or replace function private.products_listing_bits_truncated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.product_listing_bits;
  return null;
end
$$;

revoke all on function private.move_listing_bits(public.products[], public.products[]) from public, anon, authenticated;
revoke all on function private.listing_price_segment(numeric) from public, anon, authenticated;
revoke all on function private.listing_bit_keys(bigint, numeric, numeric, boolean, bigint[]) from public, anon, authenticated;
revoke all on function private.listing_bits_ids(bit(8192)[]) from public, anon, authenticated;
-- listing_price_segments: browse_products (as its caller) asks whether a price range is one of the
-- quick ranges'; listing_bit_figures (granted below) reads the bitmaps as their owner.
revoke all on function private.recount_listing_bits() from public, anon, authenticated;
revoke all on function private.products_listing_bits_inserted() from public, anon, authenticated;
revoke all on function private.products_listing_bits_deleted() from public, anon, authenticated;
revoke all on function private.products_listing_bits_moved() from public, anon, authenticated;
revoke all on function private.products_listing_bits_truncated() from public, anon, authenticated;

create trigger products_listing_bits_inserted
  after insert on public.products
  referencing new table as new_rows
  for each statement
  execute function private.products_listing_bits_inserted();

create trigger products_listing_bits_deleted
  after delete on public.products
  referencing old table as old_rows
  for each statement
  execute function private.products_listing_bits_deleted();

-- An update of a column the bitmaps read (a stock change that leaves the product in stock, an edit of
-- the name, does not fire it).
create trigger products_listing_bits_moved
  after update of category_id, is_active, price, rating, in_stock, attribute_value_ids on public.products
  for each row
  when (old.category_id is distinct from new.category_id
    or old.is_active is distinct from new.is_active
    or old.price is distinct from new.price
    or old.rating is distinct from new.rating
    or old.in_stock is distinct from new.in_stock
    or old.attribute_value_ids is distinct from new.attribute_value_ids)
  execute function private.products_listing_bits_moved();

create trigger products_listing_bits_truncated
  after truncate on public.products
  for each statement
  execute function private.products_listing_bits_truncated();

-- A listing's figures from the bitmaps: category_id null: every category; selected the chosen values
-- (grouped by their attribute), segments the price range's (null: any price), rating a whole number
-- or null, stock in stock only. value_ids / value_counts: each value of the listing's attributes with
-- its products passing every condition but its own group's; ids: the listing's products.
create or replace function private.listing_bit_figures(category_id bigint, attrs bigint[], selected bigint[],
  segments integer[], rating integer, stock boolean, sort text, page_offset integer, page_size integer,
  out figures jsonb, out ids bigint[], out page boolean, out value_ids bigint[], out value_counts bigint[])
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_hits bit(8192)[];
  v_rest bit(8192)[];
  v_segs bigint[];
  v_lo integer;
  v_hi integer;
  v_min numeric;
  v_max numeric;
begin
  with cond as (
    -- each condition's code: 0 the listing (never left out), an attribute's id its chosen values, -1
    -- the price range, -2 the rating, -3 in stock
    select 0::bigint as code, case when listing_bit_figures.category_id is null then 'a' else 'c' end::"char" as kind,
      coalesce(listing_bit_figures.category_id, 0) as key
    union all
    select v.attribute_id, 'v'::"char", v.id from public.attribute_values as v where v.id = any (listing_bit_figures.selected)
    union all
    select -1, 'p'::"char", s.n from unnest(listing_bit_figures.segments) as s (n)
    union all
    select -2, 'r'::"char", listing_bit_figures.rating where listing_bit_figures.rating is not null
    union all
    select -3, 's'::"char", 1 where listing_bit_figures.stock
  ),
  codes as (
    select distinct c.code from cond as c
  ),
  per as (
    -- each block's bitmap of each condition (a condition without a row in a block passes nothing there)
    select b.block, c.code, bit_or(b.bits) as bits
    from cond as c
    join private.product_listing_bits as b on b.kind = c.kind and b.key = c.key
    group by b.block, c.code
  ),
  x as (
    -- each block's products passing every condition but one (left_out; 0: none), in the blocks where
    -- each of those conditions has a row
    select p.block, e.code as left_out, bit_and(p.bits) as bits
    from per as p
    cross join codes as e
    where p.code <> e.code or p.code = 0
    group by p.block, e.code
    having count(*) = (select count(*) from codes as c where c.code <> e.code or c.code = 0)
  ),
  used as (
    -- what the price, rating and stock figures leave out: their own condition when it is one, else none
    select max(c.code) filter (where c.code = -1) as price, max(c.code) filter (where c.code = -2) as rating,
      max(c.code) filter (where c.code = -3) as stock
    from codes as c
  ),
  blocks as (
    select generate_series(0, coalesce((select max(x.block) from x), -1)) as block
  ),
  vals as (
    -- each value of the listing's attributes and the condition its count leaves out: its own group's
    -- when that is chosen, else none
    select v.id, case when exists (select 1 from codes as c where c.code = v.attribute_id) then v.attribute_id else 0 end
      as left_out
    from public.attribute_values as v
    where v.attribute_id = any (listing_bit_figures.attrs)
  )
  select jsonb_build_object(
      'listed', (select coalesce(sum(bit_count(p.bits)), 0) from per as p where p.code = 0),
      'total', (select coalesce(sum(bit_count(x.bits)), 0) from x where x.left_out = 0),
      'rated', (select coalesce(sum(bit_count(x.bits & b.bits)), 0)
        from used cross join x
        join private.product_listing_bits as b on b.kind = 'r' and b.key = 4 and b.block = x.block
        where x.left_out = coalesce(used.rating, 0)),
      'stocked', (select coalesce(sum(bit_count(x.bits & b.bits)), 0)
        from used cross join x
        join private.product_listing_bits as b on b.kind = 's' and b.key = 1 and b.block = x.block
        where x.left_out = coalesce(used.stock, 0))
    ),
    array(
      select coalesce(x.bits, B'0'::bit(8192)) from blocks as k left join x on x.block = k.block and x.left_out = 0
      order by k.block
    ),
    array(
      select coalesce(x.bits, B'0'::bit(8192))
      from used cross join blocks as k
      left join x on x.block = k.block and x.left_out = coalesce(used.price, 0)
      order by k.block
    ),
    array(
      -- each price segment's products passing every condition but the price range
      select coalesce(sum(bit_count(x.bits & b.bits)), 0)::bigint
      from used cross join generate_series(1, 9) as s (n)
      left join private.product_listing_bits as b on b.kind = 'p' and b.key = s.n
      left join x on x.block = b.block and x.left_out = coalesce(used.price, 0)
      group by s.n
      order by s.n
    ),
    vc.ids,
    vc.counts
  into figures, v_hits, v_rest, v_segs, value_ids, value_counts
  from (
    -- each value's products passing every condition but the one it leaves out
    select coalesce(array_agg(q.id order by q.id), '{}') as ids, coalesce(array_agg(q.n order by q.id), '{}') as counts
    from (
      select v.id, sum(bit_count(b.bits & x.bits))::bigint as n
      from vals as v
      join private.product_listing_bits as b on b.kind = 'v' and b.key = v.id
      join x on x.block = b.block and x.left_out = v.left_out
      group by v.id
    ) as q
    where q.n > 0
  ) as vc;

  -- The quick ranges: each the sum of its segments (both its edges in it).
  figures := figures || jsonb_build_object('b1', v_segs[1] + v_segs[2], 'b2', v_segs[2] + v_segs[3] + v_segs[4],
    'b3', v_segs[4] + v_segs[5] + v_segs[6], 'b4', v_segs[6] + v_segs[7] + v_segs[8], 'b5', v_segs[8] + v_segs[9]);

  -- The price figure's lowest and highest price among the products passing every condition but the
  -- price range: the first in price order from the lowest segment that has any (every product below
  -- it fails), and the first down from the highest.
  select min(s.n), max(s.n) into v_lo, v_hi from unnest(v_segs) with ordinality as s (count, n) where s.count > 0;
  if v_lo is not null then
    select p.price into v_min
    from public.products as p
    where p.is_active
      and p.price >= (array[0, 10000, 10000, 25000, 25000, 50000, 50000, 100000, 100000])[v_lo]
      and get_bit(v_rest[p.id / 8192 + 1], (p.id % 8192)::integer) = 1
    order by p.price, p.id
    limit 1;
    select p.price into v_max
    from public.products as p
    where p.is_active
      and (v_hi = 9 or p.price <= (array[10000, 10000, 25000, 25000, 50000, 50000, 100000, 100000])[v_hi])
      and get_bit(v_rest[p.id / 8192 + 1], (p.id % 8192)::integer) = 1
    order by p.price desc, p.id
    limit 1;
  end if;
  figures := figures || jsonb_build_object('price_min', v_min, 'price_max', v_max);

  -- The page: in an order an index keeps (newest, price), the listing's products in that order with
  -- their bit set, when the rows that reads (the page's end over the share of the listing that
  -- passes) cost less than reading every product of the listing back from its bits (~1,500 rows'
  -- worth for the bits, ~3 a product) for browse_products to sort. Active products only, as the
  -- bitmaps. Planned with the call's values (EXECUTE): the order and the conditions fold to
  -- constants; "<> 0", not "= 1": the planner takes an unknown expression's "=" for rare and would
  -- sort the whole listing instead of walking its index.
  page := listing_bit_figures.sort in ('newest', 'price-asc', 'price-desc') and (figures ->> 'total')::numeric > 0
    and (listing_bit_figures.page_offset + listing_bit_figures.page_size)::numeric * (figures ->> 'listed')::numeric
      <= (figures ->> 'total')::numeric * (3 * (figures ->> 'total')::numeric + 1500);
  if page then
    select (array[0, 10000, 10000, 25000, 25000, 50000, 50000, 100000, 100000])[min(s.n)],
      (array[10000, 10000, 25000, 25000, 50000, 50000, 100000, 100000, null])[max(s.n)]
    into v_min, v_max
    from unnest(listing_bit_figures.segments) as s (n);
    execute $walk$
      select array(
        select p.id
        from public.products as p
        where p.is_active
          and ($1 is null or p.category_id = $1)
          and ($2 is null or p.price >= $2) and ($3 is null or p.price <= $3)
          and get_bit($4[p.id / 8192 + 1], (p.id % 8192)::integer) <> 0
        order by case when $5 = 'price-asc' then p.price end asc,
          case when $5 = 'price-desc' then p.price end desc,
          p.created_at desc, p.id
        offset $6
        limit $7
      )$walk$
    into ids
    using listing_bit_figures.category_id, v_min, v_max, v_hits, listing_bit_figures.sort,
      listing_bit_figures.page_offset, listing_bit_figures.page_size;
  else
    ids := private.listing_bits_ids(v_hits);
  end if;
end
$$;
comment on function private.listing_bit_figures(bigint, bigint[], bigint[], integer[], integer, boolean, text, integer, integer) is
  'A visitor''s filtered listing''s figures, page (or products) and facet counts from private.product_listing_bits (browse_products).';
revoke all on function private.listing_bit_figures(bigint, bigint[], bigint[], integer[], integer, boolean, text, integer, integer) from public;
grant execute on function private.listing_bit_figures(bigint, bigint[], bigint[], integer[], integer, boolean, text, integer, integer)
  to anon, authenticated;

-- recount_listing_counts as in 20261202104400_add_product_listing_entries.sql, and the bitmaps.
create or replace function private.recount_listing_counts()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.category_stats (category_id)
  select c.id from public.categories as c order by c.id
  on conflict (category_id) do nothing;
  update public.category_stats as s
  set product_count = coalesce(r.n, 0), rated_count = coalesce(r.rated, 0), in_stock_count = coalesce(r.stocked, 0),
    price_b1_count = coalesce(r.b1, 0), price_b2_count = coalesce(r.b2, 0), price_b3_count = coalesce(r.b3, 0),
    price_b4_count = coalesce(r.b4, 0), price_b5_count = coalesce(r.b5, 0)
  from public.category_stats as k
  left join (
    select p.category_id,
      count(*)::integer as n,
      count(*) filter (where coalesce(p.rating, 0) >= 4)::integer as rated,
      count(*) filter (where p.in_stock)::integer as stocked,
      count(*) filter (where p.price >= 0 and p.price <= 10000)::integer as b1,
      count(*) filter (where p.price >= 10000 and p.price <= 25000)::integer as b2,
      count(*) filter (where p.price >= 25000 and p.price <= 50000)::integer as b3,
      count(*) filter (where p.price >= 50000 and p.price <= 100000)::integer as b4,
      count(*) filter (where p.price >= 100000)::integer as b5
    from public.products as p
    where p.is_active
    group by p.category_id
  ) as r on r.category_id = k.category_id
  where s.category_id = k.category_id;
  delete from public.category_value_counts;
  insert into public.category_value_counts (category_id, value_id, product_count)
  select p.category_id, v.value_id, count(*)::integer
  from public.products as p
  cross join lateral unnest(p.attribute_value_ids) as v (value_id)
  where p.is_active
  group by p.category_id, v.value_id
  order by 1, 2;
  delete from public.product_listing_entries;
  insert into public.product_listing_entries (product_id, value_id, category_id, price, original_price, rating,
    review_count, in_stock, created_at, attribute_value_ids)
  select p.id, v.value_id, p.category_id, p.price, p.original_price, p.rating, p.review_count, p.in_stock,
    p.created_at, p.attribute_value_ids
  from public.products as p
  cross join lateral (select distinct u.value_id from unnest(p.attribute_value_ids) as u (value_id)) as v
  where p.is_active
  order by 1, 2;
  perform private.recount_listing_bits();
end
$$;

select private.recount_listing_bits();

-- browse_products as in 20261205100200_alter_browse_products_fewer_candidates.sql, with the figures of a
-- visitor's filtered listing from the bitmaps above.

create or replace function public.browse_products(
  category_slug text default null,
  search text default null,
  filters jsonb default '{}',
  price_min numeric default null,
  price_max numeric default null,
  min_rating numeric default null,
  in_stock_only boolean default false,
  sort text default null,
  page_offset integer default 0,
  page_size integer default 24
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
-- planned for each call's own values (EXECUTE plans each statement with its values; kept for the
-- function's own small statements and as search_products).
set plan_cache_mode = force_custom_plan
as $$
declare
  v_category public.categories;
  v_search text := nullif(btrim(left(coalesce(browse_products.search, ''), 200)), '');
  v_search_ids bigint[];
  v_attrs bigint[];
  v_selected bigint[];
  v_min numeric := browse_products.price_min;
  v_max numeric := browse_products.price_max;
  v_rating numeric := case when browse_products.min_rating between 1 and 5 then browse_products.min_rating end;
  v_stock boolean := coalesce(browse_products.in_stock_only, false);
  v_sort text := coalesce(browse_products.sort, '');
  v_offset integer := least(greatest(coalesce(browse_products.page_offset, 0), 0), 10000);
  v_limit integer := least(greatest(coalesce(browse_products.page_size, 24), 1), 100);
  v_where text := 'true';
  v_group_cols text := '';
  v_conds text[];
  v_codes bigint[];
  v_miss text;
  v_kept boolean;
  v_kept_where text := 'true';
  v_active_only boolean;
  v_from text;
  v_entries text;
  v_ctes text;
  v_result jsonb;
  v_segments integer[];
  v_bits boolean;
  v_bit_figures jsonb;
  v_bit_ids bigint[];
  v_bit_page boolean;
  v_small boolean;
  v_bit_value_ids bigint[];
  v_bit_value_counts bigint[];
  -- The listing's order, once: %1$s is the row's relevance (its position among the search's hits),
  -- %2$s the row's alias. $6 is the sort.
  v_order constant text := $order$
        case when $6 = 'relevance' then %1$s end asc nulls last,
        case when $6 = 'popularity' then %2$s.review_count end desc nulls last,
        case when $6 = 'popularity' then %2$s.rating end desc nulls last,
        case when $6 = 'price-asc' then %2$s.price end asc nulls last,
        case when $6 = 'price-desc' then %2$s.price end desc nulls last,
        case when $6 = 'rating' then %2$s.rating end desc nulls last,
        case when $6 = 'rating' then %2$s.review_count end desc nulls last,
        case when $6 = 'discount' then (%2$s.original_price - %2$s.price) / nullif(%2$s.original_price, 0) end desc nulls last,
        %2$s.created_at desc,
        %2$s.id$order$;
begin
  if browse_products.category_slug is not null then
    select * into v_category from public.categories as c where c.slug = browse_products.category_slug;
    if not found then
      return jsonb_build_object('category', null, 'total', 0, 'items', '[]'::jsonb, 'facets', '[]'::jsonb);
    end if;
  end if;
  if v_min is not null and v_min < 0 then v_min := null; end if;
  if v_max is not null and v_max < 0 then v_max := null; end if;
  if v_min is not null and v_max is not null and v_min > v_max then
    select v_max, v_min into v_min, v_max;
  end if;
  if v_sort not in ('relevance', 'popularity', 'price-asc', 'price-desc', 'newest', 'rating', 'discount')
    or (v_sort = 'relevance' and v_search is null) then
    v_sort := case when v_search is not null then 'relevance' else 'newest' end;
  end if;
  if v_search is not null then
    v_search_ids := array(select s.id from public.search_products(v_search, 100) as s);
  end if;

  -- The attributes this listing filters on, and the selected values among theirs (unknown ones dropped).
  v_attrs := array(
    select a.id from public.attributes as a
    where a.all_categories
      or (v_category.id is not null and exists (
        select 1 from public.category_attributes as ca where ca.category_id = v_category.id and ca.attribute_id = a.id))
  );
  if jsonb_typeof(browse_products.filters) = 'object' then
    v_selected := array(
      select distinct v.id
      from jsonb_each(browse_products.filters) as f (code, slugs)
      join public.attributes as a on a.code = f.code and a.id = any (v_attrs)
      cross join lateral jsonb_array_elements_text(case when jsonb_typeof(f.slugs) = 'array' then f.slugs else '[]'::jsonb end) as s (slug)
      join public.attribute_values as v on v.attribute_id = a.id and v.slug = s.slug
      order by v.id
    );
  else
    v_selected := '{}';
  end if;

  -- The listing's products: its category's, or the search's hits (conditions written only when they apply).
  if v_category.id is not null then
    v_where := v_where || format(' and p.category_id = %s', v_category.id);
  end if;
  if v_search is not null then
    v_where := v_where || ' and p.id = any ($1)';
  end if;

  -- Nothing chosen, and a caller who reads active products only (visitors; customers, not staff: the
  -- products policies): every product of the listing counts, so its figures are the kept sums of
  -- category_stats and category_value_counts (issue 22) instead of a pass over the listing.
  v_active_only := current_user in ('anon', 'authenticated');
  if v_active_only and current_user = 'authenticated' then
    v_active_only := not coalesce(private.is_admin(), false);
  end if;
  v_kept := v_active_only and v_search is null and cardinality(v_selected) = 0 and v_min is null and v_max is null
    and v_rating is null and not v_stock;
  if v_kept and v_category.id is not null then
    v_kept_where := format('k.category_id = %s', v_category.id);
  end if;
  -- Something chosen by such a caller, without a search, a price range between the quick ranges' edges
  -- and a whole-number rating: the figures are bit counts of private.product_listing_bits (issue 22).
  if v_min is not null or v_max is not null then
    v_segments := private.listing_price_segments(v_min, v_max);
  end if;
  v_bits := v_active_only and v_search is null and not v_kept
    and (v_segments is not null or (v_min is null and v_max is null))
    and (v_rating is null or v_rating = trunc(v_rating));
  -- In a category with two or more groups chosen, the entries' candidates (below: from the two
  -- smallest groups) cost less than the bitmaps' work over every block when those two groups hold at
  -- most 12,000 products of the category (measured: 9,707 there, 13.7–17.2 ms p50 over REST from the
  -- entries against 18.5–18.9 from the bitmaps at 100,000 products; supabase/bench/catalog/README.md).
  if v_bits and v_category.id is not null then
    select count(*) >= 2 and sum(t.size) filter (where t.n <= 2) <= 12000
    into v_small
    from (
      select sum(k.product_count) as size, row_number() over (order by sum(k.product_count)) as n
      from public.category_value_counts as k
      join public.attribute_values as v on v.id = k.value_id
      where k.category_id = v_category.id and k.value_id = any (v_selected)
      group by v.attribute_id
    ) as t;
    v_bits := not coalesce(v_small, false);
  end if;

  -- Each selected group (an attribute and its selected values, ids only: written as literals) is one
  -- column of `base`, true when the product has none of its values: g1, g2, … The number of groups a
  -- product fails and the one it fails (when it fails exactly one) are then plain expressions over them.
  select coalesce(string_agg(format(', not (p.attribute_value_ids && %L::bigint[]) as g%s', g.value_ids, g.n), '' order by g.n), ''),
    coalesce(array_agg(format('b.g%s', g.n) order by g.n), '{}'),
    coalesce(array_agg(g.attribute_id order by g.n), '{}')
  into v_group_cols, v_conds, v_codes
  from (
    select v.attribute_id, array_agg(v.id order by v.id) as value_ids, row_number() over (order by v.attribute_id) as n
    from public.attribute_values as v
    where v.id = any (v_selected)
    group by v.attribute_id
  ) as g;
  -- The condition a product fails when it fails exactly one (null when it fails two or more): one
  -- case over the conditions in order, each branch testing only those after it (issue 22).
  v_conds := v_conds || array['not b.price_ok', 'not b.rating_ok', 'not b.stock_ok'];
  v_codes := v_codes || array[-1, -2, -3]::bigint[];
  v_miss := 'case';
  for i in 1..cardinality(v_conds) loop
    v_miss := v_miss || format(' when %s then %s', v_conds[i], case when i < cardinality(v_conds)
      then format('case when %s then null else %s::bigint end', array_to_string(v_conds[i + 1:], ' or '), v_codes[i])
      else format('%s::bigint', v_codes[i]) end);
  end loop;
  v_miss := v_miss || ' else 0::bigint end';

  -- The rows the counted listing reads: its products (products_listing_idx), or, with two or more
  -- attribute groups chosen by a caller who reads active products only, the candidates from
  -- product_listing_entries (issue 22). Every figure reads only products that fail at most one
  -- condition, and such a product has a value of A or of B, any two chosen groups (the two with the
  -- fewest products here, by category_value_counts): A's entries (each product once, by its first
  -- value of A) in the price range or with a value of B (one outside the range without B fails two),
  -- then B's entries of products without A's values, which must pass every other condition (the
  -- price range an index range, per category when no category is chosen). The others fail two conditions and
  -- count nowhere.
  v_from := format('public.products as p where %s', v_where);
  if v_active_only and v_search is null and not v_bits then
    with g as (
      select v.attribute_id, array_agg(v.id order by v.id) as value_ids
      from public.attribute_values as v
      where v.id = any (v_selected)
      group by v.attribute_id
    ),
    sized as (
      -- each chosen group: its values, its size in this listing, and "this entry is the product's first
      -- value of the group" (entries of a product with two of them would count it twice)
      select g.attribute_id, g.value_ids,
        (select coalesce(sum(k.product_count), 0) from public.category_value_counts as k
          where k.value_id = any (g.value_ids) and (v_category.id is null or k.category_id = v_category.id)) as size,
        coalesce((
          select 'case e.value_id' || string_agg(format(' when %s then not (e.attribute_value_ids && %L::bigint[])',
              w.value_id, g.value_ids[1:w.i - 1]), '' order by w.i) || ' else true end'
          from unnest(g.value_ids) with ordinality as w (value_id, i)
          where w.i > 1
        ), 'true') as first_only
      from g
    ),
    ranked as (
      select s.*, row_number() over (order by s.size, s.attribute_id) as n from sized as s
    )
    select format($from$(
        select e.product_id as id, e.price, e.original_price, e.rating, e.review_count, e.in_stock, e.created_at,
          e.attribute_value_ids
        from public.product_listing_entries as e
        where e.value_id = any (%1$L::bigint[])%3$s and (%4$s)
          and ((e.price >= $2 or $2 is null) and (e.price <= $3 or $3 is null) or e.attribute_value_ids && %2$L::bigint[])
        union all
        select e.product_id, e.price, e.original_price, e.rating, e.review_count, e.in_stock, e.created_at,
          e.attribute_value_ids
        from public.product_listing_entries as e
        where e.value_id = any (%2$L::bigint[])%3$s and (%5$s)
          and not (e.attribute_value_ids && %1$L::bigint[])
          and (e.price >= $2 or $2 is null) and (e.price <= $3 or $3 is null)
          and ($4 is null or coalesce(e.rating, 0) >= $4) and (not $5 or e.in_stock)
      ) as p where true$from$,
      a.value_ids, b.value_ids,
      -- the listing's category; on the all-products listing every category (each is readable by
      -- every caller: the categories policies), so that B's price range is an index range per category
      case when v_category.id is not null then format(' and e.category_id = %s', v_category.id)
        else format(' and e.category_id = any (%L::bigint[])',
          (select array_agg(c.id order by c.id) from public.categories as c)) end,
      a.first_only, b.first_only)
    into v_entries
    from ranked as a
    join ranked as b on a.n = 1 and b.n = 2;
    v_from := coalesce(v_entries, v_from);
  end if;

  if v_kept then
    -- The page is a top-N of the listing (for newest first an index range of
    -- products_category_id_created_at_idx or products_created_at_idx), the price range two probes.
    v_ctes := format($ctes$
    with page as (
      select p.id, array_position($1, p.id) as relevance, p.review_count, p.rating, p.price, p.original_price, p.created_at
      from public.products as p
      where %s
      order by
        %s
      offset $7
      limit $8
    ),
    value_counts as (
      select k.value_id as id, sum(k.product_count)::bigint as n
      from public.category_value_counts as k
      where %s
      group by k.value_id
    ),
    agg as (
      select coalesce(sum(k.product_count), 0)::bigint as total,
        (select min(p.price) from public.products as p where %s) as price_min,
        (select max(p.price) from public.products as p where %s) as price_max,
        coalesce(sum(k.price_b1_count), 0)::bigint as b1,
        coalesce(sum(k.price_b2_count), 0)::bigint as b2,
        coalesce(sum(k.price_b3_count), 0)::bigint as b3,
        coalesce(sum(k.price_b4_count), 0)::bigint as b4,
        coalesce(sum(k.price_b5_count), 0)::bigint as b5,
        coalesce(sum(k.rated_count), 0)::bigint as rated,
        coalesce(sum(k.in_stock_count), 0)::bigint as stocked
      from public.category_stats as k
      where %s
    )
    $ctes$, v_where, format(v_order, 'array_position($1, p.id)', 'p'), v_kept_where, v_where, v_where, v_kept_where);
  elsif v_bits then
    select f.figures, f.ids, f.page, f.value_ids, f.value_counts
    into v_bit_figures, v_bit_ids, v_bit_page, v_bit_value_ids, v_bit_value_counts
    from private.listing_bit_figures(v_category.id, v_attrs, v_selected, v_segments, v_rating::integer, v_stock,
      v_sort, v_offset, v_limit) as f;
    -- The page: its products as listing_bit_figures found them in the page's order, or the listing's
    -- products sorted here.
    v_ctes := format($ctes$
    with page as (
      select p.id, null::integer as relevance, p.review_count, p.rating, p.price, p.original_price, p.created_at
      from unnest($12::bigint[]) as u (id)
      join public.products as p on p.id = u.id
      order by
        %s
      offset %s
      limit $8
    ),
    value_counts as (
      select u.id, u.n from unnest($13::bigint[], $14::bigint[]) as u (id, n)
    ),
    agg as (
      select ($15 ->> 'total')::bigint as total,
        ($15 ->> 'price_min')::numeric as price_min,
        ($15 ->> 'price_max')::numeric as price_max,
        coalesce(($15 ->> 'b1')::bigint, 0) as b1,
        coalesce(($15 ->> 'b2')::bigint, 0) as b2,
        coalesce(($15 ->> 'b3')::bigint, 0) as b3,
        coalesce(($15 ->> 'b4')::bigint, 0) as b4,
        coalesce(($15 ->> 'b5')::bigint, 0) as b5,
        ($15 ->> 'rated')::bigint as rated,
        ($15 ->> 'stocked')::bigint as stocked
    )
    $ctes$, format(v_order, 'null::integer', 'p'), case when v_bit_page then 0 else v_offset end);
  else
    v_ctes := format($ctes$
    with base as (
      select p.id, p.price, p.original_price, p.rating, p.review_count, p.in_stock, p.created_at, p.attribute_value_ids,
        array_position($1, p.id) as relevance,
        ((p.price >= $2 or $2 is null) and (p.price <= $3 or $3 is null)) as price_ok,
        ($4 is null or coalesce(p.rating, 0) >= $4) as rating_ok,
        (not $5 or p.in_stock) as stock_ok
        %s
      from %s
      -- not flattened into its readers: each row's conditions are evaluated once, not in each
      -- expression that reads them (miss)
      offset 0
    ),
    -- The products failing at most one condition, each with the one it fails as a number (issue 22):
    -- 0 none, an attribute's id (a chosen group), -1 the price range, -2 the rating, -3 in stock. Every
    -- figure below is a plain test of it.
    counted as materialized (
      select x.id, x.price, x.original_price, x.rating, x.review_count, x.in_stock, x.created_at,
        x.attribute_value_ids, x.relevance, x.miss
      from (
        select b.id, b.price, b.original_price, b.rating, b.review_count, b.in_stock, b.created_at,
          b.attribute_value_ids, b.relevance, %s as miss
        from base as b
      ) as x
      where x.miss is not null
    ),
    page as (
      select h.id, h.relevance, h.review_count, h.rating, h.price, h.original_price, h.created_at
      from counted as h
      where h.miss = 0
      order by
        %s
      offset $7
      limit $8
    ),
    -- each value's products that pass every condition but its own group's: the kept rows grouped by
    -- (value array, miss) first (~1,200 pairs on the whole catalog, filtered), then those arrays
    -- unnested
    value_counts as (
      select v.id, sum(g.n)::bigint as n
      from (
        select s.attribute_value_ids, s.miss, count(*) as n
        from counted as s
        where s.miss >= 0
        group by s.attribute_value_ids, s.miss
      ) as g
      cross join lateral unnest(g.attribute_value_ids) as u (value_id)
      join public.attribute_values as v on v.id = u.value_id
      where v.attribute_id = any ($9)
        and (g.miss = 0 or g.miss = v.attribute_id)
      group by v.id
    ),
    agg as (
      select count(*) filter (where s.miss = 0) as total,
        min(s.price) filter (where s.miss in (0, -1)) as price_min,
        max(s.price) filter (where s.miss in (0, -1)) as price_max,
        count(*) filter (where s.miss in (0, -1) and s.price >= 0 and s.price <= 10000) as b1,
        count(*) filter (where s.miss in (0, -1) and s.price >= 10000 and s.price <= 25000) as b2,
        count(*) filter (where s.miss in (0, -1) and s.price >= 25000 and s.price <= 50000) as b3,
        count(*) filter (where s.miss in (0, -1) and s.price >= 50000 and s.price <= 100000) as b4,
        count(*) filter (where s.miss in (0, -1) and s.price >= 100000) as b5,
        count(*) filter (where coalesce(s.rating, 0) >= 4 and s.miss in (0, -2)) as rated,
        count(*) filter (where s.in_stock and s.miss in (0, -3)) as stocked
      from counted as s
    )
    $ctes$, v_group_cols, v_from, v_miss, format(v_order, 'h.relevance', 'h'));
  end if;

  execute format($sql$
    %s
    select jsonb_build_object(
      'category', $11,
      'total', (select a.total from agg as a),
      'items', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', g.id, 'slug', g.slug, 'name', g.name, 'description', g.description, 'price', g.price,
          'price_max', g.price_max, 'variant_count', g.variant_count, 'original_price', g.original_price,
          'category_id', g.category_id, 'image_url', g.image_url, 'images', g.images, 'dimensions', g.dimensions,
          'material', g.material, 'color', g.color, 'weight', g.weight, 'stock_quantity', g.stock_quantity,
          'featured', g.featured, 'in_stock', g.in_stock, 'specifications', g.specifications, 'rating', g.rating,
          'review_count', g.review_count, 'created_at', g.created_at,
          'category', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug)
        ) order by
          %s)
        from page as pg
        join public.products as g on g.id = pg.id
        join public.categories as c on c.id = g.category_id
      ), '[]'::jsonb),
      'facets', coalesce((
        select jsonb_agg(jsonb_build_object('code', a.code, 'name', a.name, 'values', a.vals) order by a.position, a.name)
        from (
          select a.code, a.name, a.position, jsonb_agg(jsonb_build_object(
              'slug', v.slug, 'value', v.value, 'swatch_color', v.swatch_color,
              'count', coalesce(vc.n, 0), 'selected', v.id = any ($10)
            ) order by v.position, v.value) as vals
          from public.attributes as a
          join public.attribute_values as v on v.attribute_id = a.id
          left join value_counts as vc on vc.id = v.id
          where a.id = any ($9) and (vc.n > 0 or v.id = any ($10))
          group by a.id, a.code, a.name, a.position
        ) as a
      ), '[]'::jsonb),
      'price', jsonb_build_object(
        'min', (select a.price_min from agg as a),
        'max', (select a.price_max from agg as a),
        'buckets', (
          select jsonb_agg(jsonb_build_object('min', b.lo, 'max', b.hi, 'count', b.n) order by b.lo)
          from agg as a
          cross join lateral (
            values (0::numeric, 10000::numeric, a.b1), (10000, 25000, a.b2), (25000, 50000, a.b3), (50000, 100000, a.b4),
              (100000, null, a.b5)
          ) as b (lo, hi, n)
        )
      ),
      'rating', jsonb_build_object('count', (select a.rated from agg as a)),
      'in_stock', jsonb_build_object('count', (select a.stocked from agg as a)),
      'applied', jsonb_build_object(
        'filters', coalesce((
          select jsonb_object_agg(x.code, x.slugs)
          from (
            select a.code, jsonb_agg(v.slug order by v.slug) as slugs
            from public.attribute_values as v join public.attributes as a on a.id = v.attribute_id
            where v.id = any ($10)
            group by a.code
          ) as x
        ), '{}'::jsonb),
        'price_min', $2, 'price_max', $3, 'min_rating', $4, 'in_stock', $5, 'sort', $6
      )
    )
  $sql$, v_ctes, format(v_order, 'pg.relevance', 'pg'))
  into v_result
  using v_search_ids, v_min, v_max, v_rating, v_stock, v_sort, v_offset, v_limit, v_attrs, v_selected,
    case when v_category.id is not null then jsonb_build_object(
      'id', v_category.id, 'name', v_category.name, 'slug', v_category.slug, 'description', v_category.description) end,
    v_bit_ids, v_bit_value_ids, v_bit_value_counts, v_bit_figures;
  return v_result;
end
$$;
