-- One answer for a listing page (issue 20): a category page, the all-products page or search results,
-- filtered by attribute values (OR within an attribute, AND across), a price range, 4★ & up and in
-- stock; sorted; paged; with the total and the counts of every filter group. Each group is counted with
-- its own selection left out (ticking Teak does not zero Sheesham), in one pass over the listing's
-- products: per product the groups it fails are found once, and a value counts a product that fails no
-- group, or only the value's own group.
--
-- Unknown attributes and values are ignored (never an error), a reversed price range is swapped, an
-- unknown sort is the default (relevance with a search, else newest); `applied` says what was used, in
-- the canonical order (values sorted), so the storefront can write it back into the URL.
--
-- Returns jsonb:
--   { category: {id,name,slug,description} | null, total, items: [product as the lists select it],
--     facets: [{code, name, values: [{slug, value, swatch_color, count, selected}]}],
--     price: {min, max, buckets: [{min, max, count}]}, rating: {count}, in_stock: {count},
--     applied: {filters: {code: [slug]}, price_min, price_max, min_rating, in_stock, sort} }
-- A category slug that names no category answers category null and no items.
--
-- How it stays fast at 100,000 products (`pnpm bench:catalog`; supabase/bench/catalog/README.md has the
-- plans and figures of each step, measured while this was written):
--   - the statement is built with format() and run by EXECUTE, planned for each call's values (a
--     generic plan of "category is null or category_id = …" would read every product): each selected
--     group is one inline boolean of the scan, `not (p.attribute_value_ids && '{…}'::bigint[]) as gN`
--     (ids read from attribute_values, written as literals; nothing of the request's text), so the
--     number of groups a product fails and the one it fails are plain expressions;
--   - only the listing's columns are carried (products_listing_idx, below, covers them), and only the
--     products failing at most one group are kept: every figure reads only those (the page and the
--     total: none failed; a value's count, the price range, 4★ & up and in stock: none, or only their own);
--   - the page is a top-N sort; the total, the price range and buckets, 4★ and in stock are one
--     aggregate; a value's count groups (value, the one failed group) before matching attributes.
-- Measured: the filtered largest category (19,330 products; material + colour + price) 207 ms p50 in
-- the first, plain version of this function, 14.7 ms p50 in the function now (load 5).

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

  execute format($sql$
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
  $sql$, v_group_cols, v_where, v_gfails, v_failed_one)
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

-- What browse_products reads of every product of a listing, in one index: its category first (a
-- category page reads that category's entries only), then the columns the filters, counts and order
-- use. Index-only where the visibility map allows; rows changed since the last vacuum are read from
-- the table as before. (stock_quantity and updated_at are not in it: a stock change stays a HOT update.)
create index products_listing_idx on public.products (category_id)
  include (id, price, original_price, rating, review_count, in_stock, created_at, attribute_value_ids);
