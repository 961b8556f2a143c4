-- An unfiltered listing's figures kept, not counted (issue 22).
--
-- browse_products counted every product of a listing on each request, filtered or not: the largest
-- category unfiltered (19,330 sofas) took ~30 ms and the all-products page (100,069) ~125 ms of the
-- 25 ms target for a listing with its counts (`pnpm bench:catalog`, supabase/bench/catalog/README.md,
-- issue 20). With nothing chosen every product of the listing counts, so its figures are sums that
-- triggers can keep, as category_stats already keeps /all-categories' item counts:
--   category_stats           now also, per category, of its active products: how many rate 4★ & up
--                            (rated_count), are in stock (in_stock_count), and fall in each of the
--                            five price ranges browse_products draws (price_b1_count … price_b5_count:
--                            0–10,000, 10,000–25,000, 25,000–50,000, 50,000–1,00,000, 1,00,000 and
--                            up; edges count in both ranges, as browse_products counts them)
--   category_value_counts    per category and attribute value, its active products that have it
-- Active products only: what visitors and customers read (the products policies). One function,
-- private.bump_listing_counts, adds a set of signed rows; the triggers on products call it per
-- statement for inserts and deletes (a bulk import bumps each category once) and per row for an
-- update that changes what a listing counts (category, active, price, in stock, 4★ & up or not,
-- attribute values); a stock or review-count change (place_order, a review) leaves them alone.
-- private.recount_listing_counts() recounts everything (here, once, and after a bulk load).
--
-- browse_products then answers an unfiltered listing (no search, attribute, price, rating or stock
-- choice) of a caller who reads active products only from these rows: the page is a top-N of the
-- listing (newest first: an index range), the price range two index probes. Anyone else (staff,
-- who read inactive products too; the service role) and any filtered listing is counted as before.
-- A bulk update of many thousands of products in one transaction updates its categories' rows once
-- per product (row triggers); a bulk load should disable products_count_moved and recount.

alter table public.category_stats
  add column rated_count integer not null default 0,
  add column in_stock_count integer not null default 0,
  add column price_b1_count integer not null default 0,
  add column price_b2_count integer not null default 0,
  add column price_b3_count integer not null default 0,
  add column price_b4_count integer not null default 0,
  add column price_b5_count integer not null default 0;
comment on table public.category_stats is
  'Per category, of its active products: how many, 4★ & up, in stock, per price range; kept by triggers on public.products (category_summaries, browse_products).';

create table public.category_value_counts (
  category_id bigint not null references public.categories (id) on delete cascade,
  -- no foreign key: a value deleted with its tags is taken off its products' arrays after it is gone;
  -- browse_products joins attribute_values, so a count of a deleted value is never read
  value_id bigint not null,
  product_count integer not null default 0,
  constraint category_value_counts_pkey primary key (category_id, value_id)
);
comment on table public.category_value_counts is
  'Per category and attribute value: its active products with that value; kept by triggers on public.products (browse_products).';

alter table public.category_value_counts enable row level security;
-- Read-only for the API roles (browse_products runs as the caller); only the triggers write it.
revoke all on table public.category_value_counts from anon, authenticated;
grant select on table public.category_value_counts to anon, authenticated;

create policy "visitors read listing value counts"
  on public.category_value_counts for select to anon
  using (true);

create policy "signed-in users read listing value counts"
  on public.category_value_counts for select to authenticated
  using (true);

-- A product as a listing counts it, with a sign (+1 joins, -1 leaves).
create type private.listing_change as (
  category_id bigint,
  sign integer,
  price numeric,
  rating numeric,
  in_stock boolean,
  value_ids bigint[]
);

create or replace function private.bump_listing_counts(changes private.listing_change[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(cardinality(changes), 0) = 0 then
    return;
  end if;
  insert into public.category_stats (category_id)
  select distinct c.category_id from unnest(changes) as c order by 1
  on conflict (category_id) do nothing;
  -- Rows locked in category order (as bump_category_counts): concurrent writers queue, never deadlock.
  perform 1 from public.category_stats as s
  where s.category_id in (select c.category_id from unnest(changes) as c)
  order by s.category_id
  for update;
  update public.category_stats as s
  set product_count = s.product_count + d.n,
    rated_count = s.rated_count + d.rated,
    in_stock_count = s.in_stock_count + d.stocked,
    price_b1_count = s.price_b1_count + d.b1,
    price_b2_count = s.price_b2_count + d.b2,
    price_b3_count = s.price_b3_count + d.b3,
    price_b4_count = s.price_b4_count + d.b4,
    price_b5_count = s.price_b5_count + d.b5
  from (
    select c.category_id,
      sum(c.sign)::integer as n,
      coalesce(sum(c.sign) filter (where coalesce(c.rating, 0) >= 4), 0)::integer as rated,
      coalesce(sum(c.sign) filter (where c.in_stock), 0)::integer as stocked,
      coalesce(sum(c.sign) filter (where c.price >= 0 and c.price <= 10000), 0)::integer as b1,
      coalesce(sum(c.sign) filter (where c.price >= 10000 and c.price <= 25000), 0)::integer as b2,
      coalesce(sum(c.sign) filter (where c.price >= 25000 and c.price <= 50000), 0)::integer as b3,
      coalesce(sum(c.sign) filter (where c.price >= 50000 and c.price <= 100000), 0)::integer as b4,
      coalesce(sum(c.sign) filter (where c.price >= 100000), 0)::integer as b5
    from unnest(changes) as c
    group by c.category_id
  ) as d
  where s.category_id = d.category_id
    and (d.n, d.rated, d.stocked, d.b1, d.b2, d.b3, d.b4, d.b5) <> (0, 0, 0, 0, 0, 0, 0, 0);
  insert into public.category_value_counts as t (category_id, value_id, product_count)
  select c.category_id, v.value_id, sum(c.sign)::integer
  from unnest(changes) as c
  cross join lateral unnest(c.value_ids) as v (value_id)
  group by c.category_id, v.value_id
  having sum(c.sign) <> 0
  order by 1, 2
  on conflict (category_id, value_id) do update set product_count = t.product_count + excluded.product_count;
end
$$;
comment on function private.bump_listing_counts(private.listing_change[]) is
  'Adds signed products to category_stats and category_value_counts (the unfiltered listings'' figures).';

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
end
$$;
comment on function private.recount_listing_counts() is
  'Recounts category_stats and category_value_counts from products (after a bulk load; they are otherwise kept by triggers).';

create or replace function private.products_count_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_listing_counts(array(
    select row(n.category_id, 1, n.price, n.rating, n.in_stock, n.attribute_value_ids)::private.listing_change
    from new_rows as n where n.is_active
  ));
  return null;
end
$$;

create or replace function private.products_count_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_listing_counts(array(
    select row(d.category_id, -1, d.price, d.rating, d.in_stock, d.attribute_value_ids)::private.listing_change
    from old_rows as d where d.is_active
  ));
  return null;
end
$$;

-- An update that changes what a listing counts: the old row leaves, the new one joins (each only if
-- active), in one call so a row doing both is counted once.
create or replace function private.products_count_moved()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_changes private.listing_change[] := '{}';
begin
  if old.is_active then
    v_changes := v_changes || row(old.category_id, -1, old.price, old.rating, old.in_stock, old.attribute_value_ids)::private.listing_change;
  end if;
  if new.is_active then
    v_changes := v_changes || row(new.category_id, 1, new.price, new.rating, new.in_stock, new.attribute_value_ids)::private.listing_change;
  end if;
  perform private.bump_listing_counts(v_changes);
  return null;
end
$$;

create or replace function private.products_count_truncated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.category_stats
  set product_count = 0, rated_count = 0, in_stock_count = 0, price_b1_count = 0, price_b2_count = 0,
    price_b3_count = 0, price_b4_count = 0, price_b5_count = 0;
  delete from public.category_value_counts;
  return null;
end
$$;

revoke all on function private.bump_listing_counts(private.listing_change[]) from public, anon, authenticated;
revoke all on function private.recount_listing_counts() from public, anon, authenticated;
revoke all on function private.products_count_inserted() from public, anon, authenticated;
revoke all on function private.products_count_deleted() from public, anon, authenticated;
revoke all on function private.products_count_moved() from public, anon, authenticated;
revoke all on function private.products_count_truncated() from public, anon, authenticated;

drop trigger products_count_moved on public.products;
create trigger products_count_moved
  after update of category_id, is_active, price, in_stock, rating, attribute_value_ids on public.products
  for each row
  when (old.category_id is distinct from new.category_id
    or old.is_active is distinct from new.is_active
    or old.price is distinct from new.price
    or old.in_stock is distinct from new.in_stock
    or (coalesce(old.rating, 0) >= 4) is distinct from (coalesce(new.rating, 0) >= 4)
    or old.attribute_value_ids is distinct from new.attribute_value_ids)
  execute function private.products_count_moved();

select private.recount_listing_counts();

-- browse_products as in 20261128100200_create_browse_products.sql, with the kept path above.
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
  v_gfails text := '0';
  v_failed_one text := 'null::bigint';
  v_kept boolean;
  v_kept_where text := 'true';
  v_ctes text;
  v_result jsonb;
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
  v_kept := v_search is null and cardinality(v_selected) = 0 and v_min is null and v_max is null
    and v_rating is null and not v_stock and current_user in ('anon', 'authenticated');
  if v_kept and current_user = 'authenticated' then
    v_kept := not coalesce(private.is_admin(), false);
  end if;
  if v_kept and v_category.id is not null then
    v_kept_where := format('k.category_id = %s', v_category.id);
  end if;

  -- Each selected group (an attribute and its selected values, ids only: written as literals) is one
  -- column of `base`, true when the product has none of its values: g1, g2, … The number of groups a
  -- product fails and the one it fails (when it fails exactly one) are then plain expressions over them.
  select coalesce(string_agg(format(', not (p.attribute_value_ids && %L::bigint[]) as g%s', g.value_ids, g.n), '' order by g.n), ''),
    coalesce(string_agg(format('b.g%s::integer', g.n), ' + ' order by g.n), '0'),
    coalesce('case' || string_agg(format(' when b.g%s then %s::bigint', g.n, g.attribute_id), '' order by g.n) || ' end', 'null::bigint')
  into v_group_cols, v_gfails, v_failed_one
  from (
    select v.attribute_id, array_agg(v.id order by v.id) as value_ids, row_number() over (order by v.attribute_id) as n
    from public.attribute_values as v
    where v.id = any (v_selected)
    group by v.attribute_id
  ) as g;

  if v_kept then
    -- The page is a top-N of the listing (for newest first an index range of
    -- products_category_id_created_at_idx or products_created_at_idx), the price range two probes.
    v_ctes := format($ctes$
    with page as (
      select p.id, array_position($1, p.id) as relevance, p.review_count, p.rating, p.price, p.original_price, p.created_at
      from public.products as p
      where %s
      order by
        case when $6 = 'relevance' then array_position($1, p.id) end asc nulls last,
        case when $6 = 'popularity' then p.review_count end desc nulls last,
        case when $6 = 'popularity' then p.rating end desc nulls last,
        case when $6 = 'price-asc' then p.price end asc nulls last,
        case when $6 = 'price-desc' then p.price end desc nulls last,
        case when $6 = 'rating' then p.rating end desc nulls last,
        case when $6 = 'rating' then p.review_count end desc nulls last,
        case when $6 = 'discount' then (p.original_price - p.price) / nullif(p.original_price, 0) end desc nulls last,
        p.created_at desc,
        p.id
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
    $ctes$, v_where, v_kept_where, v_where, v_where, v_kept_where);
  else
    v_ctes := format($ctes$
    with base as (
      select p.id, p.price, p.original_price, p.rating, p.review_count, p.in_stock, p.created_at, p.attribute_value_ids,
        array_position($1, p.id) as relevance,
        ((p.price >= $2 or $2 is null) and (p.price <= $3 or $3 is null)) as price_ok,
        ($4 is null or coalesce(p.rating, 0) >= $4) as rating_ok,
        (not $5 or p.in_stock) as stock_ok
        %s
      from public.products as p
      where %s
    ),
    scored as (
      select b.id, b.price, b.original_price, b.rating, b.review_count, b.in_stock, b.created_at, b.attribute_value_ids,
        b.relevance, b.price_ok, b.rating_ok, b.stock_ok,
        %s as gfails,
        %s as failed_one
      from base as b
    ),
    counted as (
      select x.*
      from (
        select s.*, s.gfails + (not s.price_ok)::integer + (not s.rating_ok)::integer + (not s.stock_ok)::integer as fails
        from scored as s
      ) as x
      where x.fails <= 1
    ),
    hits as (
      select s.* from counted as s where s.fails = 0
    ),
    page as (
      select h.id, h.relevance, h.review_count, h.rating, h.price, h.original_price, h.created_at
      from hits as h
      order by
        case when $6 = 'relevance' then h.relevance end asc nulls last,
        case when $6 = 'popularity' then h.review_count end desc nulls last,
        case when $6 = 'popularity' then h.rating end desc nulls last,
        case when $6 = 'price-asc' then h.price end asc nulls last,
        case when $6 = 'price-desc' then h.price end desc nulls last,
        case when $6 = 'rating' then h.rating end desc nulls last,
        case when $6 = 'rating' then h.review_count end desc nulls last,
        case when $6 = 'discount' then (h.original_price - h.price) / nullif(h.original_price, 0) end desc nulls last,
        h.created_at desc,
        h.id
      offset $7
      limit $8
    ),
    value_counts as (
      select v.id, sum(g.n)::bigint as n
      from (
        select u.value_id, u.only_failed, count(*) as n
        from (
          select unnest(s.attribute_value_ids) as value_id, case when s.fails = 1 then s.failed_one end as only_failed
          from counted as s
          where s.fails = 0 or (s.fails = 1 and s.gfails = 1)
        ) as u
        group by u.value_id, u.only_failed
      ) as g
      join public.attribute_values as v on v.id = g.value_id
      where v.attribute_id = any ($9)
        and (g.only_failed is null or g.only_failed = v.attribute_id)
      group by v.id
    ),
    agg as (
      select count(*) filter (where s.fails = 0) as total,
        min(s.price) filter (where s.priced) as price_min,
        max(s.price) filter (where s.priced) as price_max,
        count(*) filter (where s.priced and s.price >= 0 and s.price <= 10000) as b1,
        count(*) filter (where s.priced and s.price >= 10000 and s.price <= 25000) as b2,
        count(*) filter (where s.priced and s.price >= 25000 and s.price <= 50000) as b3,
        count(*) filter (where s.priced and s.price >= 50000 and s.price <= 100000) as b4,
        count(*) filter (where s.priced and s.price >= 100000) as b5,
        count(*) filter (where coalesce(s.rating, 0) >= 4 and (s.fails = 0 or (s.fails = 1 and not s.rating_ok))) as rated,
        count(*) filter (where s.in_stock and (s.fails = 0 or (s.fails = 1 and not s.stock_ok))) as stocked
      from (select x.*, (x.fails = 0 or (x.fails = 1 and not x.price_ok)) as priced from counted as x) as s
    )
    $ctes$, v_group_cols, v_where, v_gfails, v_failed_one);
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
          case when $6 = 'relevance' then pg.relevance end asc nulls last,
          case when $6 = 'popularity' then pg.review_count end desc nulls last,
          case when $6 = 'popularity' then pg.rating end desc nulls last,
          case when $6 = 'price-asc' then pg.price end asc nulls last,
          case when $6 = 'price-desc' then pg.price end desc nulls last,
          case when $6 = 'rating' then pg.rating end desc nulls last,
          case when $6 = 'rating' then pg.review_count end desc nulls last,
          case when $6 = 'discount' then (pg.original_price - pg.price) / nullif(pg.original_price, 0) end desc nulls last,
          pg.created_at desc,
          pg.id)
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
  $sql$, v_ctes)
  into v_result
  using v_search_ids, v_min, v_max, v_rating, v_stock, v_sort, v_offset, v_limit, v_attrs, v_selected,
    case when v_category.id is not null then jsonb_build_object(
      'id', v_category.id, 'name', v_category.name, 'slug', v_category.slug, 'description', v_category.description) end;
  return v_result;
end
$$;
comment on function public.browse_products(text, text, jsonb, numeric, numeric, numeric, boolean, text, integer, integer) is
  'A listing page in one answer: filtered, sorted, paged products with the total and each filter group''s counts (its own selection left out).';
revoke all on function public.browse_products(text, text, jsonb, numeric, numeric, numeric, boolean, text, integer, integer) from public;
grant execute on function public.browse_products(text, text, jsonb, numeric, numeric, numeric, boolean, text, integer, integer)
  to anon, authenticated, service_role;
