-- browse_products reads fewer candidates for a filtered listing (issue 22, target 4).
--
-- With two or more attribute groups chosen, a visitor's listing counts the candidates of
-- 20261202104400: A's entries at every price (the price facet counts those failing only the price
-- range), then B's entries without A in the price range. Two of those reads were wider than needed
-- (`pnpm bench:catalog` database, 100,000 products, all products with material sheesham or teak +
-- colour brown + ₹10,000–50,000; supabase/bench/catalog/README.md):
--   - A's entries outside the price range count only when they also have a value of B (else they
--     fail the range and B: two conditions). 9,470 of the 27,747 candidates were such entries, each
--     scored and dropped; now the index scan drops them (`or e.attribute_value_ids && B`).
--   - B's entries in the price range: `product_listing_entries_value_idx (value_id, category_id,
--     price)` cannot range over the price without a category, so the all-products listing read B's
--     30,135 entries to keep 9,750. With `category_id = any (every category)` the btree walks one
--     price range per category (PostgreSQL 15 has no skip scan; a list of ten categories is one).
-- The same answers (the candidates that fail at most one condition are the same rows). The
-- function's call as anon, 12 calls, six fastest: 30.6–31.7 ms → 26.5–27.2 ms (the first change alone
-- 28.5–29.0, the second alone 29.5–30.1). Signature, grants and comment unchanged.

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
      'id', v_category.id, 'name', v_category.name, 'slug', v_category.slug, 'description', v_category.description) end;
  return v_result;
end
$$;
