-- Products as CSV (issue 21): one row per variant, the variant named by its SKU and its product by
-- its slug (shared/src/catalog/product-csv.ts has the columns). A catalogue of hundreds of products
-- no longer has to be typed in by hand.
--
--   admin_export_products()                any staff: every variant of every product, in the columns
--   admin_import_products(rows, dry_run)   catalog.write: checks every row and answers what it would
--                                          change (dry run), or changes it, all or nothing
--
-- The import reads the rows the admin parsed ("1,25,000" and "₹12,999" already made "125000" and
-- "12999"), but decides again here: amounts with the rupee sign or grouping are read the same way, and
-- every row's errors are listed by row and column (a SKU twice in the file, a negative price, an
-- unknown category, a SKU that belongs to another product, rows of one product that disagree, options
-- that do not match the product's). While any row is refused nothing is written. Importing an export
-- unchanged answers 0 changes, so applying a file twice changes nothing the second time.
--
-- What a row changes: a new slug creates the product (its first active row becomes the default
-- variant the database makes for every product), a new SKU a variant (its options' values created when
-- new), a known SKU its price, MRP (original_price) and active flag; the product columns update the
-- product. A variant's options do not change by import (the product's Options & variants page does
-- that: renaming values, regenerating combinations). Stock, when the file has the column, is the
-- on-hand count wanted: the difference goes through the stock ledger as an 'import' movement (never a
-- direct update, so stock_quantity stays the sum of the movements), and needs stock.write too. An
-- empty stock cell, or no stock column, leaves stock alone.
-- The audit log's triggers record each write with the importing staff member, as for any other write.

-- An amount as spreadsheets and Indians write it (the same rule as shared parseRupees): "12999",
-- "12999.00", "12,999", "1,25,000", "1,250,000", with ₹, Rs. or INR in front; null otherwise.
create or replace function private.csv_amount(value text)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case
    when t ~ '^([0-9]{1,2}(,[0-9]{2})*,[0-9]{3}|[0-9]{1,3}(,[0-9]{3})+|[0-9]{1,12})(\.[0-9]{1,2})?$'
      then replace(t, ',', '')::numeric
  end
  from (select regexp_replace(btrim(value), '^(₹|[Rr][Ss]\.?|INR)\s*', '') as t) as x
$$;

-- yes/no in the spellings spreadsheets use; null for '' (and for anything else: the caller checks).
create or replace function private.csv_flag(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when lower(btrim(value)) in ('yes', 'y', 'true', '1') then true
    when lower(btrim(value)) in ('no', 'n', 'false', '0') then false
  end
$$;

-- A variant's options as the file writes them: "Fabric: Teal velvet; Size: 3-seater" (option order).
create or replace function private.variant_options_text(variant_id bigint)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(string_agg(o.name || ': ' || ov.value, '; ' order by o.position, o.id), '')
  from public.variant_option_values as x
  join public.product_options as o on o.id = x.option_id
  join public.product_option_values as ov on ov.id = x.value_id
  where x.variant_id = variant_options_text.variant_id
$$;

-- The same, as a key that ignores order and letter case ("fabric=teal velvet;size=3-seater").
create or replace function private.variant_options_key(variant_id bigint)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(string_agg(lower(o.name) || '=' || lower(ov.value), ';' order by lower(o.name)), '')
  from public.variant_option_values as x
  join public.product_options as o on o.id = x.option_id
  join public.product_option_values as ov on ov.id = x.value_id
  where x.variant_id = variant_options_key.variant_id
$$;

revoke all on function private.csv_amount(text), private.csv_flag(text), private.variant_options_text(bigint),
  private.variant_options_key(bigint) from public;

-- Export ------------------------------------------------------------------------------------------

create or replace function public.admin_export_products()
returns table (
  product_slug text, product_name text, category text, description text, material text, color text,
  featured boolean, sku text, options text, price numeric, mrp numeric, stock integer, active boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  return query
  select p.slug, p.name, c.slug, p.description, p.material, p.color, p.featured, v.sku,
    private.variant_options_text(v.id), v.price, v.original_price, v.stock_quantity, v.is_active
  from public.products as p
  join public.categories as c on c.id = p.category_id
  join public.product_variants as v on v.product_id = p.id
  order by p.id, v.position, v.id;
end
$$;
comment on function public.admin_export_products() is
  'Staff: every variant of every product as a row of the products CSV (admin_import_products reads it back).';
revoke all on function public.admin_export_products() from public, anon, authenticated;
grant execute on function public.admin_export_products() to authenticated;

-- Import ------------------------------------------------------------------------------------------

create or replace function public.admin_import_products(rows jsonb, dry_run boolean default true)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_errors jsonb;
  v_changes jsonb;
  v_counts record;
  v_changed integer;
  v_applied boolean := false;
  r record;
  v_opt record;
  v_product_id bigint;
  v_variant_id bigint;
  v_option_id bigint;
  v_value_id bigint;
  v_current integer;
  v_stock_allowed boolean := false;
begin
  perform private.require_permission('catalog.write');
  if admin_import_products.rows is null or jsonb_typeof(admin_import_products.rows) <> 'array' then
    raise exception 'Upload a list of rows (product_slug, product_name, category, sku, price, …).'
      using errcode = 'P0001', detail = 'invalid_rows';
  end if;
  if jsonb_array_length(admin_import_products.rows) > 5000 then
    raise exception 'At most 5,000 rows at a time.' using errcode = 'P0001', detail = 'too_many_rows';
  end if;

  create temporary table if not exists pg_temp.product_import_rows (
    row_number integer primary key,
    -- the cells (null: the column is not in the file, so the field is left as it is)
    product_slug text, product_name text, category text, description text, material text, color text,
    featured_text text, sku text, options_text text, price_text text, mrp_text text, stock_text text,
    active_text text,
    -- read
    category_id bigint, featured boolean, active boolean, price numeric, mrp numeric, stock integer,
    options jsonb, options_ok boolean, option_key text, option_names text,
    -- found
    first_row integer, product_id bigint, variant_id bigint, owner_slug text,
    new_product boolean, new_variant boolean
  ) on commit drop;
  truncate pg_temp.product_import_rows;
  create temporary table if not exists pg_temp.product_import_errors (
    row_number integer, sku text, column_name text, message text
  ) on commit drop;
  truncate pg_temp.product_import_errors;
  create temporary table if not exists pg_temp.product_import_changes (
    row_number integer, product_slug text, sku text, kind text, field text, old_value text, new_value text
  ) on commit drop;
  truncate pg_temp.product_import_changes;

  insert into pg_temp.product_import_rows (
    row_number, product_slug, product_name, category, description, material, color, featured_text, sku,
    options_text, price_text, mrp_text, stock_text, active_text
  )
  select e.ord::integer,
    btrim(coalesce(x.r ->> 'product_slug', '')), btrim(x.r ->> 'product_name'), btrim(x.r ->> 'category'),
    btrim(x.r ->> 'description'), btrim(x.r ->> 'material'), btrim(x.r ->> 'color'), btrim(x.r ->> 'featured'),
    btrim(coalesce(x.r ->> 'sku', '')), btrim(x.r ->> 'options'), btrim(x.r ->> 'price'), btrim(x.r ->> 'mrp'),
    btrim(x.r ->> 'stock'), btrim(x.r ->> 'active')
  from jsonb_array_elements(admin_import_products.rows) with ordinality as e (r, ord)
  cross join lateral (select case when jsonb_typeof(e.r) = 'object' then e.r else '{}'::jsonb end as r) as x;

  -- Read the cells.
  update pg_temp.product_import_rows as a
  set price = private.csv_amount(a.price_text),
    mrp = private.csv_amount(nullif(a.mrp_text, '')),
    stock = case when private.csv_amount(a.stock_text) < 1000000000 and private.csv_amount(a.stock_text) % 1 = 0
      then private.csv_amount(a.stock_text)::integer end,
    featured = private.csv_flag(a.featured_text),
    active = private.csv_flag(a.active_text),
    category_id = (
      select c.id from public.categories as c
      where c.slug = lower(a.category) or lower(c.name) = lower(a.category)
      order by c.slug = lower(a.category) desc limit 1
    ),
    first_row = (select min(b.row_number) from pg_temp.product_import_rows as b where b.product_slug = a.product_slug);

  -- Options: "Name: value; Name: value" as [{name, value}] in the file's order.
  update pg_temp.product_import_rows as a
  set options = o.list, options_ok = o.ok, option_key = o.key, option_names = o.names
  from (
    select b.row_number,
      coalesce(jsonb_agg(jsonb_build_object('name', p.name, 'value', p.value, 'ord', p.ord) order by p.ord)
        filter (where p.ord is not null), '[]') as list,
      coalesce(bool_and(coalesce(p.name, '') <> '' and coalesce(p.value, '') <> '') filter (where p.ord is not null), true)
        and count(distinct lower(p.name)) = count(p.name) as ok,
      coalesce(string_agg(lower(p.name) || '=' || lower(p.value), ';' order by lower(p.name)), '') as key,
      coalesce(string_agg(lower(p.name), ';' order by lower(p.name)), '') as names
    from pg_temp.product_import_rows as b
    left join lateral (
      select btrim(substring(s.part from '^([^:]*):')) as name, btrim(substring(s.part from ':(.*)$')) as value, s.ord
      from regexp_split_to_table(b.options_text, ';') with ordinality as s (part, ord)
      where btrim(s.part) <> ''
    ) as p on true
    group by b.row_number
  ) as o
  where o.row_number = a.row_number;

  update pg_temp.product_import_rows as a
  set variant_id = v.id, owner_slug = p.slug
  from public.product_variants as v
  join public.products as p on p.id = v.product_id
  where lower(v.sku) = lower(a.sku);

  update pg_temp.product_import_rows as a
  set product_id = p.id
  from public.products as p
  where p.slug = a.product_slug;

  update pg_temp.product_import_rows as a
  set new_product = a.product_id is null, new_variant = a.variant_id is null;

  -- Every row's errors, by column.
  insert into pg_temp.product_import_errors (row_number, sku, column_name, message)
  select a.row_number, a.sku, e.column_name, e.message
  from pg_temp.product_import_rows as a
  cross join lateral (
    values
      ('sku', case
        when a.sku = '' then 'SKU is required.'
        when a.sku !~ '^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$' then
          format('SKU "%s" may have letters, digits and . _ / - (at most 40), starting with a letter or digit.', left(a.sku, 60))
        when exists (select 1 from pg_temp.product_import_rows as b where lower(b.sku) = lower(a.sku) and b.row_number < a.row_number) then
          format('SKU %s is listed twice (also on row %s).', a.sku,
            (select min(b.row_number) from pg_temp.product_import_rows as b where lower(b.sku) = lower(a.sku)))
        when a.owner_slug is not null and a.owner_slug <> a.product_slug then
          format('SKU %s belongs to another product (%s).', a.sku, a.owner_slug)
      end),
      ('product_slug', case
        when a.product_slug = '' then 'Product slug is required.'
        when a.product_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(a.product_slug) > 120 then
          format('Product slug "%s" must be lowercase letters and digits joined by hyphens (at most 120).', left(a.product_slug, 60))
      end),
      ('product_name', case
        when a.product_name = '' or (a.product_name is null and a.new_product) then 'Product name is required.'
        when length(a.product_name) > 150 then 'Product name is at most 150 characters.'
      end),
      ('category', case
        when a.category = '' or (a.category is null and a.new_product) then 'Category is required.'
        when a.category is not null and a.category_id is null then format('Unknown category "%s".', left(a.category, 60))
      end),
      ('price', case
        when a.price_text = '' or (a.price_text is null and a.new_variant) then 'Price is required.'
        when a.price_text ~ '^-' then 'Price cannot be negative.'
        when a.price_text is not null and a.price is null then format('Price "%s" is not an amount in rupees.', left(a.price_text, 30))
        when a.price = 0 then 'Price must be more than zero.'
        when a.price >= 100000000 then 'Price is at most 9,99,99,999.99.'
      end),
      ('mrp', case
        when a.mrp_text ~ '^-' then 'MRP cannot be negative.'
        when a.mrp_text <> '' and a.mrp is null then format('MRP "%s" is not an amount in rupees.', left(a.mrp_text, 30))
        when a.mrp >= 100000000 then 'MRP is at most 9,99,99,999.99.'
        when a.mrp < coalesce(a.price, (select v.price from public.product_variants as v where v.id = a.variant_id)) then
          format('MRP (%s) cannot be below the price (%s).', a.mrp,
            coalesce(a.price, (select v.price from public.product_variants as v where v.id = a.variant_id)))
      end),
      ('stock', case
        when a.stock_text ~ '^-' then 'Stock cannot be negative.'
        when a.stock_text <> '' and a.stock is null then format('Stock "%s" is not a whole number.', left(a.stock_text, 30))
      end),
      ('featured', case
        when a.featured_text <> '' and a.featured is null then 'Featured must be yes or no.'
      end),
      ('active', case
        when a.active_text <> '' and a.active is null then 'Active must be yes or no.'
      end),
      ('options', case
        when not a.options_ok then 'Options must read "Name: value; Name: value", each option once.'
        -- an existing variant keeps its options (the product's Options & variants page changes them)
        when not a.new_variant and a.options_text is not null
          and a.option_key <> private.variant_options_key(a.variant_id) then
          format('SKU %s has the options "%s"; change a variant''s options on the product''s Options & variants page.',
            a.sku, nullif(private.variant_options_text(a.variant_id), ''))
        when a.new_variant and not a.new_product and coalesce(a.option_names, '') <> (
            select coalesce(string_agg(lower(o.name), ';' order by lower(o.name)), '')
            from public.product_options as o where o.product_id = a.product_id
          ) then
          format('Product %s has the options "%s": give each one value.', a.product_slug, (
            select coalesce(string_agg(o.name, ', ' order by o.position, o.id), 'none')
            from public.product_options as o where o.product_id = a.product_id))
        when a.new_product and a.row_number > a.first_row and coalesce(a.option_names, '') <> (
            select coalesce(b.option_names, '') from pg_temp.product_import_rows as b where b.row_number = a.first_row
          ) then
          format('Every row of the new product %s needs the same options as row %s.', a.product_slug, a.first_row)
        when a.new_variant and coalesce(a.active, true) and exists (
            select 1 from pg_temp.product_import_rows as b
            where b.product_slug = a.product_slug and b.row_number < a.row_number and coalesce(b.active, true)
              and coalesce(b.option_key, '') = coalesce(a.option_key, '')
          ) then
          format('Row %s of product %s has the same options (%s): each variant needs its own.', (
            select min(b.row_number) from pg_temp.product_import_rows as b
            where b.product_slug = a.product_slug and coalesce(b.active, true)
              and coalesce(b.option_key, '') = coalesce(a.option_key, '')), a.product_slug,
            coalesce(nullif(a.options_text, ''), 'no options'))
        when a.new_variant and not a.new_product and coalesce(a.active, true) and exists (
            select 1 from public.product_variants as v
            where v.product_id = a.product_id and v.is_active
              and private.variant_options_key(v.id) = coalesce(a.option_key, '')
              and not exists (
                select 1 from pg_temp.product_import_rows as b where lower(b.sku) = lower(v.sku) and b.active = false
              )
          ) then
          format('SKU %s of product %s already has these options (%s).', (
            select v.sku from public.product_variants as v
            where v.product_id = a.product_id and v.is_active and private.variant_options_key(v.id) = coalesce(a.option_key, '')
            limit 1), a.product_slug, coalesce(nullif(a.options_text, ''), 'no options'))
      end),
      -- a product's columns repeat on its rows and must agree with its first row
      ('product_name', case
        when a.row_number > a.first_row and exists (
            select 1 from pg_temp.product_import_rows as b
            where b.row_number = a.first_row
              and (b.product_name, b.category, b.description, b.material, b.color, b.featured_text)
                is distinct from (a.product_name, a.category, a.description, a.material, a.color, a.featured_text)
          ) then
          format('Rows of product %s must agree on its name, category, description, material, color and featured (see row %s).',
            a.product_slug, a.first_row)
      end),
      ('active', case
        when a.new_product and a.row_number = a.first_row and not exists (
            select 1 from pg_temp.product_import_rows as b
            where b.product_slug = a.product_slug and coalesce(b.active, true)
          ) then format('The new product %s needs at least one active variant.', a.product_slug)
      end)
  ) as e (column_name, message)
  where e.message is not null;

  -- What would change, field by field (a product's on its first row).
  insert into pg_temp.product_import_changes (row_number, product_slug, sku, kind, field, old_value, new_value)
  select a.row_number, a.product_slug, null, 'product_created', 'product', null, a.product_name
  from pg_temp.product_import_rows as a
  where a.new_product and a.row_number = a.first_row
  union all
  select a.row_number, a.product_slug, null, 'product_updated', c.field, c.old_value, c.new_value
  from pg_temp.product_import_rows as a
  join public.products as p on p.id = a.product_id
  cross join lateral (
    values
      ('product_name', p.name, a.product_name),
      ('category', (select k.slug from public.categories as k where k.id = p.category_id),
        (select k.slug from public.categories as k where k.id = a.category_id)),
      ('description', coalesce(btrim(p.description), ''), a.description),
      ('material', coalesce(btrim(p.material), ''), a.material),
      ('color', coalesce(btrim(p.color), ''), a.color),
      ('featured', case when p.featured then 'yes' else 'no' end,
        case when a.featured then 'yes' when not a.featured then 'no' end)
  ) as c (field, old_value, new_value)
  where a.row_number = a.first_row and c.new_value is not null and c.new_value is distinct from c.old_value
  union all
  select a.row_number, a.product_slug, a.sku, 'variant_created', 'variant', null,
    coalesce(nullif(a.options_text, ''), 'Default')
  from pg_temp.product_import_rows as a
  where a.new_variant
  union all
  select a.row_number, a.product_slug, a.sku, 'variant_updated', c.field, c.old_value, c.new_value
  from pg_temp.product_import_rows as a
  join public.product_variants as v on v.id = a.variant_id
  cross join lateral (
    values
      ('price', v.price::text, a.price::text, a.price is not null and a.price <> v.price),
      ('mrp', v.original_price::text, a.mrp::text, a.mrp_text is not null and a.mrp is distinct from v.original_price),
      ('stock', v.stock_quantity::text, a.stock::text, a.stock is not null and a.stock <> v.stock_quantity),
      ('active', case when v.is_active then 'yes' else 'no' end, case when a.active then 'yes' else 'no' end,
        a.active is not null and a.active <> v.is_active)
  ) as c (field, old_value, new_value, differs)
  where c.differs;

  -- A refused row changes nothing, and the counts say what the file would do once it is corrected.
  delete from pg_temp.product_import_changes as c
  where exists (select 1 from pg_temp.product_import_errors as e where e.row_number = c.row_number);

  select count(*)::integer as total,
    count(*) filter (where not exists (
      select 1 from pg_temp.product_import_changes as c where c.row_number = a.row_number
    ) and not exists (
      select 1 from pg_temp.product_import_errors as e where e.row_number = a.row_number
    ))::integer as unchanged,
    (select count(*) from pg_temp.product_import_changes as c where c.kind = 'product_created')::integer as products_created,
    (select count(distinct c.product_slug) from pg_temp.product_import_changes as c where c.kind = 'product_updated')::integer as products_updated,
    (select count(*) from pg_temp.product_import_changes as c where c.kind = 'variant_created')::integer as variants_created,
    (select count(distinct c.sku) from pg_temp.product_import_changes as c where c.kind = 'variant_updated')::integer as variants_updated,
    (select count(distinct e.row_number) from pg_temp.product_import_errors as e)::integer as refused
  into v_counts
  from pg_temp.product_import_rows as a;
  v_changed := v_counts.products_created + v_counts.products_updated + v_counts.variants_created + v_counts.variants_updated;

  select coalesce(jsonb_agg(jsonb_build_object('row', x.row_number, 'sku', x.sku, 'column', x.column_name, 'message', x.message)
      order by x.row_number, x.column_name), '[]')
  into v_errors
  from (select * from pg_temp.product_import_errors as e order by e.row_number, e.column_name limit 1000) as x;

  select coalesce(jsonb_agg(jsonb_build_object('row', x.row_number, 'product_slug', x.product_slug, 'sku', x.sku,
      'kind', x.kind, 'field', x.field, 'from', x.old_value, 'to', x.new_value) order by x.row_number, x.kind, x.field), '[]')
  into v_changes
  from (select * from pg_temp.product_import_changes as c order by c.row_number, c.kind, c.field limit 1000) as x;

  v_applied := not admin_import_products.dry_run and v_counts.refused = 0;
  if v_applied and v_changed > 0 then
    -- New products: the database makes each one's default variant; the first active row becomes it.
    for r in
      select a.* from pg_temp.product_import_rows as a
      where a.new_product and a.row_number = a.first_row order by a.row_number
    loop
      select a.row_number, a.sku, a.price, a.mrp into v_opt
      from pg_temp.product_import_rows as a
      where a.product_slug = r.product_slug and coalesce(a.active, true)
      order by a.row_number limit 1;
      insert into public.products (slug, name, category_id, description, material, color, featured, price, original_price)
      values (r.product_slug, r.product_name, r.category_id, nullif(r.description, ''), nullif(r.material, ''),
        nullif(r.color, ''), coalesce(r.featured, false), v_opt.price, v_opt.mrp)
      returning id into v_product_id;
      update public.product_variants as v set sku = v_opt.sku, title = ''
      where v.product_id = v_product_id and v.is_default
      returning v.id into v_variant_id;
      update pg_temp.product_import_rows as a set product_id = v_product_id where a.product_slug = r.product_slug;
      update pg_temp.product_import_rows as a set variant_id = v_variant_id where a.row_number = v_opt.row_number;
    end loop;

    -- Changed products.
    update public.products as p
    set name = coalesce(a.product_name, p.name),
      category_id = coalesce(a.category_id, p.category_id),
      description = case when a.description is null then p.description else nullif(a.description, '') end,
      material = case when a.material is null then p.material else nullif(a.material, '') end,
      color = case when a.color is null then p.color else nullif(a.color, '') end,
      featured = coalesce(a.featured, p.featured)
    from pg_temp.product_import_rows as a
    where p.id = a.product_id and not a.new_product and a.row_number = a.first_row
      and exists (select 1 from pg_temp.product_import_changes as c where c.row_number = a.row_number and c.kind = 'product_updated');

    -- New variants (the defaults made above have theirs), then every new variant's option values.
    for r in select a.* from pg_temp.product_import_rows as a where a.new_variant order by a.row_number loop
      v_variant_id := r.variant_id;
      if v_variant_id is null then
        insert into public.product_variants (product_id, sku, title, price, original_price, is_active, position)
        values (r.product_id, r.sku, '', r.price, r.mrp, coalesce(r.active, true),
          (select coalesce(max(v.position), 0) + 1 from public.product_variants as v where v.product_id = r.product_id))
        returning id into v_variant_id;
        update pg_temp.product_import_rows as a set variant_id = v_variant_id where a.row_number = r.row_number;
      end if;
      for v_opt in
        select o ->> 'name' as name, o ->> 'value' as value, (o ->> 'ord')::integer as ord
        from jsonb_array_elements(r.options) as o
      loop
        select o.id into v_option_id from public.product_options as o
        where o.product_id = r.product_id and lower(o.name) = lower(v_opt.name);
        if v_option_id is null then
          insert into public.product_options (product_id, name, position)
          values (r.product_id, v_opt.name, v_opt.ord)
          returning id into v_option_id;
        end if;
        select ov.id into v_value_id from public.product_option_values as ov
        where ov.option_id = v_option_id and lower(ov.value) = lower(v_opt.value);
        if v_value_id is null then
          insert into public.product_option_values (option_id, value, position)
          values (v_option_id, v_opt.value,
            (select coalesce(max(ov.position), 0) + 1 from public.product_option_values as ov where ov.option_id = v_option_id))
          returning id into v_value_id;
        end if;
        insert into public.variant_option_values (variant_id, option_id, value_id)
        values (v_variant_id, v_option_id, v_value_id);
      end loop;
    end loop;

    -- Price, MRP and active of known variants (both prices in one update: MRP ≥ price holds after it).
    update public.product_variants as v
    set price = coalesce(a.price, v.price),
      original_price = case when a.mrp_text is null then v.original_price else a.mrp end,
      is_active = coalesce(a.active, v.is_active)
    from pg_temp.product_import_rows as a
    where v.id = a.variant_id and not a.new_variant
      and exists (
        select 1 from pg_temp.product_import_changes as c
        where c.row_number = a.row_number and c.kind = 'variant_updated' and c.field <> 'stock'
      );

    -- Stock through the ledger: the difference to the count in the file.
    for r in select a.* from pg_temp.product_import_rows as a where a.stock is not null order by a.row_number loop
      select v.stock_quantity into v_current from public.product_variants as v where v.id = r.variant_id;
      if r.stock <> v_current then
        if not v_stock_allowed then
          perform private.require_permission('stock.write');
          v_stock_allowed := true;
        end if;
        insert into public.stock_movements (variant_id, quantity, reason, note, actor)
        values (r.variant_id, r.stock - v_current, 'import', 'CSV import', auth.uid());
      end if;
    end loop;
  end if;

  return jsonb_build_object(
    'applied', v_applied,
    'dry_run', admin_import_products.dry_run,
    'total', v_counts.total,
    'changed', v_changed,
    'unchanged', v_counts.unchanged,
    'refused', v_counts.refused,
    'products_created', v_counts.products_created,
    'products_updated', v_counts.products_updated,
    'variants_created', v_counts.variants_created,
    'variants_updated', v_counts.variants_updated,
    'changes', v_changes,
    'errors', v_errors
  );
end
$$;
comment on function public.admin_import_products(jsonb, boolean) is
  'Catalog staff: create and update products and variants from the products CSV''s rows (by slug and SKU); a dry run (the default) lists every row''s errors and the changes; applies all or nothing.';
revoke all on function public.admin_import_products(jsonb, boolean) from public, anon, authenticated;
grant execute on function public.admin_import_products(jsonb, boolean) to authenticated;
