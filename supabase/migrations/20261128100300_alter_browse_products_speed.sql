-- browse_products at catalog scale (issue 20, `pnpm bench:catalog`, supabase/bench/catalog/README.md):
-- the same arguments and the same answer (items, order, total, every count), with less work. At
-- 100,000 products the largest category page took 207 ms p50 / 320 ms p99 (target 25 ms p99) because
--   1. every product of the listing was carried as a whole row (`p.*`: description, specifications,
--      images, search vector…) into a CTE that was materialized and scanned again and again;
--   2. each product's failed filter groups were computed twice (the select-list subquery was
--      duplicated when `base` was inlined into `scored`);
--   3. the page numbered every hit (row_number over a sort of all of them) to keep 24;
--   4. the price bounds and buckets, the 4★ and the in-stock counts were nine more scans;
--   5. PL/pgSQL switched to a generic plan, where `(category is null or p.category_id = category)`
--      reads the whole table: even the smallest category read all 23,700 pages (105 ms p50).
-- Now:
--   1. `base` carries only the columns the filters, counts and order read; the page's 24 products are
--      read by id at the end (products_pkey), and a covering index (products_listing_idx, below) holds
--      those columns, so a category page reads its category's index entries, not its rows;
--   2. the failed groups come from a lateral subquery, once per product;
--   3. the page is a top-N sort with offset/limit over the same total order (…, created_at desc, id);
--   4. the total, price bounds, the five buckets, 4★ & up and in stock are one aggregate (`agg`);
--   5. a value's count groups the products' values by (value, the one group the product fails) before
--      matching them to their attribute: same counts, a hash of a few hundred groups;
--   6. planned per call (plan_cache_mode = force_custom_plan, as search_products).
-- Checked against the function it replaces: identical jsonb for 8,640 argument combinations on 10,000
-- products and 252 on 100,000 (categories, search, filters, price, rating, stock, sorts, pages).

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
-- planned for each call's own values: a category page is an index scan of its category; a generic plan
-- of `(category is null or p.category_id = category)` would read every product for every listing.
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

  return (
    with sel as (
      select v.attribute_id, array_agg(v.id) as value_ids
      from public.attribute_values as v
      where v.id = any (v_selected)
      group by v.attribute_id
    ),
    -- Only the columns the counts and the sort read (the page's rows are read for its 24 products at
    -- the end): the listing's rows are materialized and scanned several times below.
    base as (
      select p.id, p.price, p.original_price, p.rating, p.review_count, p.in_stock, p.created_at, p.attribute_value_ids,
        array_position(v_search_ids, p.id) as relevance,
        f.failed,
        ((v_min is null or p.price >= v_min) and (v_max is null or p.price <= v_max)) as price_ok,
        (v_rating is null or coalesce(p.rating, 0) >= v_rating) as rating_ok,
        (not v_stock or p.in_stock) as stock_ok
      from public.products as p
      -- once per product (as a subquery in the select list it ran once for each of its two uses below)
      cross join lateral (
        select coalesce(array_agg(s.attribute_id), '{}') as failed from sel as s where not (p.attribute_value_ids && s.value_ids)
      ) as f
      where (v_category.id is null or p.category_id = v_category.id)
        and (v_search is null or p.id = any (v_search_ids))
    ),
    scored as (
      select b.*,
        cardinality(b.failed) + (not b.price_ok)::integer + (not b.rating_ok)::integer + (not b.stock_ok)::integer as fails
      from base as b
    ),
    hits as (
      select s.* from scored as s where s.fails = 0
    ),
    -- The page: the hits in the listing's order (ending in created_at, id: a total order), offset and
    -- limit taken by a top-N sort instead of numbering every hit.
    page as (
      select h.id, h.relevance, h.review_count, h.rating, h.price, h.original_price, h.created_at
      from hits as h
      order by
        case when v_sort = 'relevance' then h.relevance end asc nulls last,
        case when v_sort = 'popularity' then h.review_count end desc nulls last,
        case when v_sort = 'popularity' then h.rating end desc nulls last,
        case when v_sort = 'price-asc' then h.price end asc nulls last,
        case when v_sort = 'price-desc' then h.price end desc nulls last,
        case when v_sort = 'rating' then h.rating end desc nulls last,
        case when v_sort = 'rating' then h.review_count end desc nulls last,
        case when v_sort = 'discount' then (h.original_price - h.price) / nullif(h.original_price, 0) end desc nulls last,
        h.created_at desc,
        h.id
      offset v_offset
      limit v_limit
    ),
    -- Each value counts the products that fail no group, or only its own: the products' values are
    -- first grouped by value and the one group a product fails (null when it fails none), then matched
    -- to their attribute (a hash of a few hundred groups, not a sort of every product's values).
    value_counts as (
      select v.id, sum(g.n)::bigint as n
      from (
        select u.value_id, u.only_failed, count(*) as n
        from (
          select unnest(s.attribute_value_ids) as value_id, case when s.fails = 1 then s.failed[1] end as only_failed
          from scored as s
          where s.fails = 0 or (s.fails = 1 and cardinality(s.failed) = 1)
        ) as u
        group by u.value_id, u.only_failed
      ) as g
      join public.attribute_values as v on v.id = g.value_id
      where v.attribute_id = any (v_attrs)
        and (g.only_failed is null or g.only_failed = v.attribute_id)
      group by v.id
    ),
    -- The total and the single-figure counts in one pass: the price range's bounds and buckets count
    -- the products that pass every group but price; 4★ & up and in stock likewise for theirs. A bucket
    -- counts what choosing it shows (price_min ≤ price ≤ price_max): a ₹25,000 sofa is in both
    -- ₹10,000–₹25,000 and ₹25,000–₹50,000.
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
      from (select x.*, (x.fails = 0 or (x.fails = 1 and not x.price_ok)) as priced from scored as x) as s
    )
    select jsonb_build_object(
      'category', case when v_category.id is not null then jsonb_build_object(
        'id', v_category.id, 'name', v_category.name, 'slug', v_category.slug, 'description', v_category.description) end,
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
          case when v_sort = 'relevance' then pg.relevance end asc nulls last,
          case when v_sort = 'popularity' then pg.review_count end desc nulls last,
          case when v_sort = 'popularity' then pg.rating end desc nulls last,
          case when v_sort = 'price-asc' then pg.price end asc nulls last,
          case when v_sort = 'price-desc' then pg.price end desc nulls last,
          case when v_sort = 'rating' then pg.rating end desc nulls last,
          case when v_sort = 'rating' then pg.review_count end desc nulls last,
          case when v_sort = 'discount' then (pg.original_price - pg.price) / nullif(pg.original_price, 0) end desc nulls last,
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
              'count', coalesce(vc.n, 0), 'selected', v.id = any (v_selected)
            ) order by v.position, v.value) as vals
          from public.attributes as a
          join public.attribute_values as v on v.attribute_id = a.id
          left join value_counts as vc on vc.id = v.id
          where a.id = any (v_attrs) and (vc.n > 0 or v.id = any (v_selected))
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
            where v.id = any (v_selected)
            group by a.code
          ) as x
        ), '{}'::jsonb),
        'price_min', v_min, 'price_max', v_max, 'min_rating', v_rating, 'in_stock', v_stock, 'sort', v_sort
      )
    )
  );
end
$$;
comment on function public.browse_products(text, text, jsonb, numeric, numeric, numeric, boolean, text, integer, integer) is
  'A listing page in one answer: filtered, sorted, paged products with the total and each filter group''s counts (its own selection left out).';
revoke all on function public.browse_products(text, text, jsonb, numeric, numeric, numeric, boolean, text, integer, integer) from public;
grant execute on function public.browse_products(text, text, jsonb, numeric, numeric, numeric, boolean, text, integer, integer)
  to anon, authenticated, service_role;

-- What browse_products reads of every product of a listing, in one index: its category first (a
-- category page reads that category's entries only), then the columns the filters, counts and order
-- use. Index-only where the visibility map allows; rows changed since the last vacuum are read from
-- the table as before. (stock_quantity and updated_at are not in it: a stock change stays a HOT update.)
create index products_listing_idx on public.products (category_id)
  include (id, price, original_price, rating, review_count, in_stock, created_at, attribute_value_ids);
