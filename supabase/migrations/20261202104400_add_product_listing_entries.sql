-- A filtered listing's candidates from an index, not a pass over the listing (issue 22, target 4).
--
-- browse_products counted a filtered listing by reading every product of it (products_listing_idx)
-- and keeping those that fail at most one condition (every figure — total, page, each facet's counts
-- with its own group left out, price, 4★ & up, in stock — reads only those). At 100,000 products that
-- is ~0.9 µs per product of the listing: all products with material + colour + price 92.3 / 105.8 ms
-- p50 / p99 (100,069 read, 18,277 kept), the largest category 23.2 / 28.5 ms (19,330 read, 3,542 kept);
-- target 25 ms (supabase/bench/catalog/README.md).
--
-- A product failing at most one condition has a value of A or of B, for any two chosen attribute
-- groups A and B. So with two or more groups chosen the candidates are:
--   A's products            (the listing's entries of A's values: each product once, by its first one)
--   B's products without A  (they fail A, so they must pass every other condition: the price range is
--                            a range of the index, rating and stock plain filters)
-- with A and B the two groups with the fewest products in the listing (category_value_counts). The
-- rest of the function is unchanged: it counts the candidates exactly as it counted the listing, and
-- the others fail two conditions or more, so they counted nowhere before either.
--
-- product_listing_entries: one row per active product and attribute value it has, with the columns a
-- listing reads (as products_listing_idx carries them), indexed by (value_id, category_id, price) to
-- cover them: a listing's entries of a value are an index-only range. Active products only, so it
-- serves the callers who read active products only (visitors, customers: the products policies);
-- staff and the service role are counted from products as before, and so is a listing with a search
-- or fewer than two groups chosen. Kept by the products triggers: inserts and deletes per statement
-- (with category_stats), an update per row only when a column it carries changes (a stock change from
-- place_order leaves it alone); private.recount_listing_counts() rebuilds it too. A bulk load should
-- disable products_listing_entries_moved (as products_count_moved) and recount.

create table public.product_listing_entries (
  -- no foreign keys: the triggers below write it (a key check per row would lock the product) and a
  -- deleted value leaves its products' arrays after it is gone, as in category_value_counts
  product_id bigint not null,
  value_id bigint not null,
  category_id bigint not null,
  price numeric(10, 2) not null,
  original_price numeric(10, 2),
  rating numeric(2, 1),
  review_count integer not null,
  in_stock boolean not null,
  created_at timestamptz not null,
  attribute_value_ids bigint[] not null,
  constraint product_listing_entries_pkey primary key (product_id, value_id)
);
comment on table public.product_listing_entries is
  'One row per active product and attribute value it has, with the listing''s columns; kept by triggers on public.products (browse_products'' candidates).';
create index product_listing_entries_value_idx on public.product_listing_entries (value_id, category_id, price)
  include (product_id, original_price, rating, review_count, in_stock, created_at, attribute_value_ids);

alter table public.product_listing_entries enable row level security;
-- Read-only for the API roles (browse_products runs as the caller); only the triggers write it. What it
-- holds of a product, visitors read from products anyway (active products only).
revoke all on table public.product_listing_entries from anon, authenticated;
grant select on table public.product_listing_entries to anon, authenticated;

create policy "visitors read listing entries"
  on public.product_listing_entries for select to anon
  using (true);

create policy "signed-in users read listing entries"
  on public.product_listing_entries for select to authenticated
  using (true);

-- The entries of the given products, rewritten from products (none for an inactive or deleted one).
create or replace function private.rewrite_listing_entries(product_ids bigint[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(cardinality(product_ids), 0) = 0 then
    return;
  end if;
  delete from public.product_listing_entries as e where e.product_id = any (product_ids);
  insert into public.product_listing_entries (product_id, value_id, category_id, price, original_price, rating,
    review_count, in_stock, created_at, attribute_value_ids)
  select p.id, v.value_id, p.category_id, p.price, p.original_price, p.rating, p.review_count, p.in_stock,
    p.created_at, p.attribute_value_ids
  from public.products as p
  cross join lateral (select distinct u.value_id from unnest(p.attribute_value_ids) as u (value_id)) as v
  where p.id = any (product_ids) and p.is_active
  order by 1, 2;
end
$$;
comment on function private.rewrite_listing_entries(bigint[]) is
  'Rewrites product_listing_entries of these products from products (browse_products'' candidates).';

-- recount_listing_counts (20261130100100) rebuilds the entries too: the one call after a bulk load.
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
end
$$;

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
  perform private.rewrite_listing_entries(array(
    select n.id from new_rows as n where n.is_active and cardinality(n.attribute_value_ids) > 0
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
  delete from public.product_listing_entries as e where e.product_id in (select d.id from old_rows as d);
  return null;
end
$$;

create or replace function private.products_listing_entries_moved()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.rewrite_listing_entries(array[new.id]);
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
  delete from public.product_listing_entries;
  return null;
end
$$;

revoke all on function private.rewrite_listing_entries(bigint[]) from public, anon, authenticated;
revoke all on function private.products_listing_entries_moved() from public, anon, authenticated;

-- An update of a column the entries carry (a stock change, an edit of the name or the description does
-- not fire it).
create trigger products_listing_entries_moved
  after update of category_id, is_active, price, original_price, rating, review_count, in_stock, created_at,
    attribute_value_ids on public.products
  for each row
  when (old.category_id is distinct from new.category_id
    or old.is_active is distinct from new.is_active
    or old.price is distinct from new.price
    or old.original_price is distinct from new.original_price
    or old.rating is distinct from new.rating
    or old.review_count is distinct from new.review_count
    or old.in_stock is distinct from new.in_stock
    or old.created_at is distinct from new.created_at
    or old.attribute_value_ids is distinct from new.attribute_value_ids)
  execute function private.products_listing_entries_moved();

select private.recount_listing_counts();

-- browse_products as in 20261201100100_alter_browse_products_sort_once.sql, with the candidates above.

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
  v_active_only boolean;
  v_from text;
  v_entries text;
  v_ctes text;
  v_result jsonb;
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

  -- The rows the counted listing reads: its products (products_listing_idx), or, with two or more
  -- attribute groups chosen by a caller who reads active products only, the candidates from
  -- product_listing_entries (issue 22). Every figure reads only products that fail at most one
  -- condition, and such a product has a value of A or of B, any two chosen groups (the two with the
  -- fewest products here, by category_value_counts): A's entries (each product once, by its first
  -- value of A), then B's entries of products without A's values, which must pass every other
  -- condition (the price range an index range). The others fail two conditions and count nowhere.
  v_from := format('public.products as p where %s', v_where);
  if v_active_only and v_search is null then
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
      case when v_category.id is not null then format(' and e.category_id = %s', v_category.id) else '' end,
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
      -- expression that reads them (the filter, gfails, failed_one, fails)
      offset 0
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
        %s
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
    $ctes$, v_group_cols, v_from, v_gfails, v_failed_one, format(v_order, 'h.relevance', 'h'));
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
      'id', v_category.id, 'name', v_category.name, 'slug', v_category.slug, 'description', v_category.description) end;
  return v_result;
end
$$;
comment on function public.browse_products(text, text, jsonb, numeric, numeric, numeric, boolean, text, integer, integer) is
  'A listing page in one answer: filtered, sorted, paged products with the total and each filter group''s counts (its own selection left out).';
revoke all on function public.browse_products(text, text, jsonb, numeric, numeric, numeric, boolean, text, integer, integer) from public;
grant execute on function public.browse_products(text, text, jsonb, numeric, numeric, numeric, boolean, text, integer, integer)
  to anon, authenticated, service_role;
