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
    base as (
      select p.*,
        array_position(v_search_ids, p.id) as relevance,
        (select coalesce(array_agg(s.attribute_id), '{}') from sel as s where not (p.attribute_value_ids && s.value_ids)) as failed,
        ((v_min is null or p.price >= v_min) and (v_max is null or p.price <= v_max)) as price_ok,
        (v_rating is null or coalesce(p.rating, 0) >= v_rating) as rating_ok,
        (not v_stock or p.in_stock) as stock_ok
      from public.products as p
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
    page as (
      select h.*, row_number() over (order by
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
      ) as ord
      from hits as h
      order by ord
      offset v_offset
      limit v_limit
    ),
    value_counts as (
      select v.id, count(*) as n
      from scored as s
      cross join lateral unnest(s.attribute_value_ids) as u (value_id)
      join public.attribute_values as v on v.id = u.value_id
      where v.attribute_id = any (v_attrs)
        and (s.fails = 0 or (s.fails = 1 and s.failed = array[v.attribute_id]))
      group by v.id
    ),
    -- Products that pass every group but price (the price range's bounds and buckets).
    priced as (
      select s.price from scored as s
      where s.fails = 0 or (s.fails = 1 and not s.price_ok)
    ),
    buckets (lo, hi) as (
      values (0::numeric, 10000::numeric), (10000, 25000), (25000, 50000), (50000, 100000), (100000, null)
    )
    select jsonb_build_object(
      'category', case when v_category.id is not null then jsonb_build_object(
        'id', v_category.id, 'name', v_category.name, 'slug', v_category.slug, 'description', v_category.description) end,
      'total', (select count(*) from hits),
      'items', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', g.id, 'slug', g.slug, 'name', g.name, 'description', g.description, 'price', g.price,
          'price_max', g.price_max, 'variant_count', g.variant_count, 'original_price', g.original_price,
          'category_id', g.category_id, 'image_url', g.image_url, 'images', g.images, 'dimensions', g.dimensions,
          'material', g.material, 'color', g.color, 'weight', g.weight, 'stock_quantity', g.stock_quantity,
          'featured', g.featured, 'in_stock', g.in_stock, 'specifications', g.specifications, 'rating', g.rating,
          'review_count', g.review_count, 'created_at', g.created_at,
          'category', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug)
        ) order by g.ord)
        from page as g
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
        'min', (select min(pr.price) from priced as pr),
        'max', (select max(pr.price) from priced as pr),
        'buckets', (
          select jsonb_agg(jsonb_build_object('min', b.lo, 'max', b.hi, 'count',
            (select count(*) from priced as pr where pr.price >= b.lo and (b.hi is null or pr.price < b.hi))) order by b.lo)
          from buckets as b
        )
      ),
      'rating', jsonb_build_object('count', (
        select count(*) from scored as s
        where coalesce(s.rating, 0) >= 4 and (s.fails = 0 or (s.fails = 1 and not s.rating_ok)))),
      'in_stock', jsonb_build_object('count', (
        select count(*) from scored as s
        where s.in_stock and (s.fails = 0 or (s.fails = 1 and not s.stock_ok)))),
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
