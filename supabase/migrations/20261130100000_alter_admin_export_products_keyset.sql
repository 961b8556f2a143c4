-- The products CSV export in pages that each cost the same (issue 22).
--
-- admin_export_products() answered every variant of every product, and the admin read it 1,000 rows
-- at a time with `.range()`: PostgREST applies the range outside the function, so each page ran the
-- whole export (a plpgsql `return query` materializes all its rows, and each row called
-- private.variant_options_text) and kept 1,000 of them. At 100,000 products (300,000 variants) that
-- is 300 pages of the whole export each (`pnpm bench:catalog`, supabase/bench/catalog/README.md).
--
-- Now the page is chosen inside: admin_export_products(after_sku, page_size) answers the variants
-- after the one whose SKU is after_sku, in the same order (product id, the variant's position, its
-- id), at most page_size of them: an index range of product_variants_product_id_idx, whatever the
-- page. The admin passes the last row's SKU of a page to ask for the next. Called with no arguments
-- it answers every row, as before. A SKU that names no variant (renamed or deleted since the last
-- page) is refused (P0001 export_cursor_unknown): starting the export again is the honest answer.
-- Options are read per page with one lateral join instead of a function call per row (the same text
-- as private.variant_options_text).

drop function public.admin_export_products();

create or replace function public.admin_export_products(after_sku text default null, page_size integer default null)
returns table (
  product_slug text, product_name text, category text, description text, material text, color text,
  featured boolean, sku text, options text, price numeric, mrp numeric, stock integer, active boolean
)
language plpgsql
stable
security definer
set search_path = ''
-- planned with each call's cursor, so the page is an index range (a generic plan of
-- "after_sku is null or (…) > (…)" would read every variant)
set plan_cache_mode = force_custom_plan
as $$
declare
  v_after public.product_variants;
begin
  perform private.require_staff();
  if after_sku is not null then
    select * into v_after from public.product_variants as v where lower(v.sku) = lower(after_sku);
    if not found then
      raise exception 'The catalogue changed during the export. Export again.'
        using errcode = 'P0001', detail = 'export_cursor_unknown';
    end if;
  end if;
  return query
  select p.slug, p.name, c.slug, p.description, p.material, p.color, p.featured, v.sku,
    o.options, v.price, v.original_price, v.stock_quantity, v.is_active
  from (
    select x.* from public.product_variants as x
    where after_sku is null or (x.product_id, x.position, x.id) > (v_after.product_id, v_after.position, v_after.id)
    order by x.product_id, x.position, x.id
    limit case when page_size is not null then greatest(page_size, 1) end
  ) as v
  join public.products as p on p.id = v.product_id
  join public.categories as c on c.id = p.category_id
  cross join lateral (
    select coalesce(string_agg(po.name || ': ' || ov.value, '; ' order by po.position, po.id), '') as options
    from public.variant_option_values as vo
    join public.product_options as po on po.id = vo.option_id
    join public.product_option_values as ov on ov.id = vo.value_id
    where vo.variant_id = v.id
  ) as o
  order by v.product_id, v.position, v.id;
end
$$;
comment on function public.admin_export_products(text, integer) is
  'Staff: the variants after after_sku (every one when null), at most page_size, as rows of the products CSV (admin_import_products reads it back).';
revoke all on function public.admin_export_products(text, integer) from public, anon, authenticated;
grant execute on function public.admin_export_products(text, integer) to authenticated;
