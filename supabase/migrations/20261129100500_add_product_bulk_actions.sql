-- Bulk actions on the admin's product list (issue 21): deactivate, and price ± %.
--
-- products.is_active: a deactivated product leaves the storefront without being deleted (its orders,
-- reviews and stock ledger stay): visitors and customers no longer read it (RLS), so every listing,
-- search, the home page, the product page, the sitemap and the cart's product read lose it at once
-- (browse_products, search_products and category_summaries run as the caller); staff still read it.
-- place_order refuses it (a trigger on order_items, in place_order's words), and category counts
-- count active products only. The list's bulk Deactivate / Activate is a plain PATCH of is_active
-- (react-admin's undoable updateMany), guarded by the products update policy (catalog.write).
--
-- products.in_stock already is a meaningful toggle for a whole product: place_order refuses a product
-- whose in_stock is off, whatever its variants hold, and the variants' summary turns it back on only
-- when orderability flips. So "Mark out of stock" = in_stock false (stop selling it now, stock and
-- ledger untouched); "Mark in stock" = in_stock true (each variant's available quantity still caps
-- what can be ordered).
--
-- admin_bulk_price(product_ids, percent, with_original, dry_run): every active variant of the chosen
-- products changes by the same percentage, rounded to whole rupees, in one transaction — or none does.
-- Refused per variant: a price that would be ₹0 or less, or above its original price (MRP; original
-- prices move by the same percentage only when with_original). The dry run answers the same jsonb
-- without writing, so the admin's preview is the database's own answer:
--   { changes: [{variant_id, product_id, product_name, sku, title, price, new_price, original_price,
--                new_original_price}],
--     refused: [{variant_id, product_id, product_name, sku, message}], unchanged, applied }
-- Applying with any refusal raises P0001 'bulk_price_refused' and writes nothing.

-- Deactivation --------------------------------------------------------------------------------------

alter table public.products add column is_active boolean not null default true;
comment on column public.products.is_active is
  'Off: hidden from visitors and customers (RLS) and refused by place_order; staff still read it.';

grant insert (is_active), update (is_active) on table public.products to authenticated;

drop policy "visitors read products" on public.products;
drop policy "signed-in users read products" on public.products;

create policy "visitors read active products"
  on public.products for select to anon
  using (is_active);

create policy "customers read active products, staff all"
  on public.products for select to authenticated
  using (is_active or (select private.is_admin()));

-- browse_products reads the listing from this covering index; the RLS filter needs is_active in it
-- to stay index-only.
drop index public.products_listing_idx;
create index products_listing_idx on public.products (category_id)
  include (id, price, original_price, rating, review_count, in_stock, created_at, attribute_value_ids, is_active);

-- place_order checks the variants it sells; an inactive product's variants may still be active, so the
-- order line itself is refused (place_order is security definer: the trigger sees every product).
create or replace function private.order_items_product_active()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.product_id is not null
    and exists (select 1 from public.products as p where p.id = new.product_id and not p.is_active)
  then
    raise exception 'An item in your cart is no longer available. Please remove it to continue.'
      using errcode = 'P0001', detail = 'product_unavailable', hint = coalesce(new.variant_id::text, '');
  end if;
  return new;
end
$$;
revoke all on function private.order_items_product_active() from public, anon, authenticated;

create trigger order_items_product_active
  before insert on public.order_items
  for each row execute function private.order_items_product_active();

-- Category counts (/all-categories) count what shoppers can see: active products.
create or replace function private.products_count_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_category_counts(array_agg(n.category_id), array_agg(n.n::integer))
  from (select category_id, count(*) as n from new_rows where is_active group by category_id) as n
  having count(*) > 0;
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
  perform private.bump_category_counts(array_agg(d.category_id), array_agg(-d.n::integer))
  from (select category_id, count(*) as n from old_rows where is_active group by category_id) as d
  having count(*) > 0;
  return null;
end
$$;

-- A move or an (de)activation: the old row leaves its category's count if it was counted, the new one
-- joins its category's if it is active (one function, so a row doing both is counted once).
create or replace function private.products_count_moved()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.category_id = new.category_id then
    perform private.bump_category_counts(array[new.category_id],
      array[new.is_active::integer - old.is_active::integer]);
  else
    perform private.bump_category_counts(array[old.category_id, new.category_id],
      array[-old.is_active::integer, new.is_active::integer]);
  end if;
  return null;
end
$$;

drop trigger products_count_moved on public.products;
create trigger products_count_moved
  after update of category_id, is_active on public.products
  for each row
  when (old.category_id is distinct from new.category_id or old.is_active is distinct from new.is_active)
  execute function private.products_count_moved();

-- Price ± % -----------------------------------------------------------------------------------------

create or replace function public.admin_bulk_price(
  product_ids bigint[],
  percent numeric,
  with_original boolean default false,
  dry_run boolean default true
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_ids bigint[];
  v_missing bigint;
  v_changes jsonb;
  v_refused jsonb;
  v_unchanged integer;
begin
  perform private.require_permission('catalog.write');
  if admin_bulk_price.percent is null or admin_bulk_price.percent = 0
    or admin_bulk_price.percent <= -100 or admin_bulk_price.percent > 1000
  then
    raise exception 'Enter a percentage other than 0, above -100 and at most 1000.'
      using errcode = 'P0001', detail = 'invalid_percent';
  end if;
  select array_agg(distinct x.id order by x.id) into v_ids
  from unnest(admin_bulk_price.product_ids) as x (id) where x.id is not null;
  if v_ids is null or cardinality(v_ids) > 1000 then
    raise exception 'Choose between 1 and 1000 products.' using errcode = 'P0001', detail = 'invalid_selection';
  end if;
  select x.id into v_missing
  from unnest(v_ids) as x (id)
  where not exists (select 1 from public.products as p where p.id = x.id)
  limit 1;
  if found then
    raise exception 'Product % no longer exists.', v_missing using errcode = 'P0001', detail = 'product_not_found';
  end if;

  -- The variants in id order, as place_order and staff edits take them, so concurrent writers queue.
  if not admin_bulk_price.dry_run then
    perform 1 from public.product_variants as v
    where v.product_id = any (v_ids) and v.is_active
    order by v.id
    for update;
  end if;

  with computed as (
    select v.id, v.product_id, p.name, v.sku, v.title, v.price, v.original_price,
      round(v.price * (100 + admin_bulk_price.percent) / 100) as new_price,
      case when admin_bulk_price.with_original and v.original_price is not null
        then round(v.original_price * (100 + admin_bulk_price.percent) / 100)
        else v.original_price end as new_original
    from public.product_variants as v
    join public.products as p on p.id = v.product_id
    where v.product_id = any (v_ids) and v.is_active
  ),
  judged as (
    select c.*,
      case
        when c.new_price <= 0 then
          format('%s (%s): the price would be ₹%s; a price must be more than ₹0.', c.sku, c.name, c.new_price)
        when c.new_price >= 100000000 or c.new_original >= 100000000 then
          format('%s (%s): the price would be too large.', c.sku, c.name)
        when c.new_original is not null and c.new_price > c.new_original then
          format('%s (%s): the price would be ₹%s, above its original price (MRP) ₹%s; change original prices too, or edit it.',
                 c.sku, c.name, c.new_price, c.new_original)
      end as problem
    from computed as c
  )
  select
    coalesce(jsonb_agg(jsonb_build_object(
        'variant_id', j.id, 'product_id', j.product_id, 'product_name', j.name, 'sku', j.sku, 'title', j.title,
        'price', j.price, 'new_price', j.new_price,
        'original_price', j.original_price, 'new_original_price', j.new_original) order by j.product_id, j.id)
      filter (where j.problem is null
        and (j.new_price <> j.price or j.new_original is distinct from j.original_price)), '[]'::jsonb),
    coalesce(jsonb_agg(jsonb_build_object(
        'variant_id', j.id, 'product_id', j.product_id, 'product_name', j.name, 'sku', j.sku,
        'message', j.problem) order by j.product_id, j.id)
      filter (where j.problem is not null), '[]'::jsonb),
    count(*) filter (where j.problem is null and j.new_price = j.price
      and j.new_original is not distinct from j.original_price)::integer
  into v_changes, v_refused, v_unchanged
  from judged as j;

  if jsonb_array_length(v_refused) > 0 and not admin_bulk_price.dry_run then
    raise exception 'No prices changed: %', v_refused -> 0 ->> 'message'
      using errcode = 'P0001', detail = 'bulk_price_refused',
            hint = format('%s variant(s) cannot take this change.', jsonb_array_length(v_refused));
  end if;

  if not admin_bulk_price.dry_run then
    -- One statement: each row's price and original price change together (original_price ≥ price
    -- holds per row at the end of it).
    update public.product_variants as v
    set price = (c ->> 'new_price')::numeric,
        original_price = (c ->> 'new_original_price')::numeric
    from jsonb_array_elements(v_changes) as c
    where v.id = (c ->> 'variant_id')::bigint;
  end if;

  return jsonb_build_object('changes', v_changes, 'refused', v_refused, 'unchanged', v_unchanged,
                            'applied', not admin_bulk_price.dry_run);
end
$$;
comment on function public.admin_bulk_price(bigint[], numeric, boolean, boolean) is
  'Staff (catalog.write): the active variants of the products change by percent %, rounded to whole rupees, all or none; dry_run previews.';

revoke all on function public.admin_bulk_price(bigint[], numeric, boolean, boolean) from public, anon;
grant execute on function public.admin_bulk_price(bigint[], numeric, boolean, boolean) to authenticated, service_role;
