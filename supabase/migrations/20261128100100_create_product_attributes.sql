-- Filterable attributes as data (issue 20): staff add an attribute ("Seating capacity") and its values
-- ("3 seater") and tag products with them, without a migration; the storefront's filters read them.
--
--   attributes                an attribute: its URL key (code), name, order, and whether every listing
--                             filters on it (material, colour) or only the categories linked to it
--                             (category_attributes: seating capacity on sofas and dining).
--   attribute_values          its values, each with a URL slug, in order (an optional swatch colour).
--   product_attribute_values  which values a product has (several per attribute: "Marble and sheesham
--                             wood" is both Marble and Sheesham wood).
--   products.attribute_value_ids  the same pairs as an array on the product, kept by triggers on
--                             product_attribute_values: browse_products filters and counts facets from
--                             the product row alone (no join per product at 100,000 products).

create table public.attributes (
  id bigint generated always as identity primary key,
  code text not null,
  name text not null,
  position integer not null default 0,
  all_categories boolean not null default true,
  created_at timestamptz not null default now(),
  constraint attributes_code_key unique (code),
  -- The URL's parameter name: not one of the listing's own (shared/src/catalog/attribute-code.ts).
  constraint attributes_code_check check (
    code ~ '^[a-z][a-z0-9_]{0,29}$'
    and code not in ('q', 'category', 'sort', 'price', 'price_min', 'price_max', 'rating', 'stock', 'page', 'max')
  ),
  constraint attributes_name_check check (btrim(name) <> '' and length(name) <= 60)
);
comment on table public.attributes is
  'Filterable product attributes (material, colour, seating capacity): code is the URL parameter; all_categories false means only the categories in category_attributes filter on it.';

create table public.attribute_values (
  id bigint generated always as identity primary key,
  attribute_id bigint not null references public.attributes (id) on delete cascade,
  value text not null,
  slug text not null default '',
  position integer not null default 0,
  swatch_color text,
  constraint attribute_values_attribute_id_slug_key unique (attribute_id, slug),
  constraint attribute_values_value_check check (btrim(value) <> '' and length(value) <= 60),
  constraint attribute_values_slug_check check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 60),
  constraint attribute_values_swatch_color_check check (swatch_color is null or swatch_color ~ '^#[0-9a-fA-F]{6}$')
);
comment on table public.attribute_values is 'The values of an attribute; slug is the URL value (material=sheesham-wood).';

create table public.category_attributes (
  category_id bigint not null references public.categories (id) on delete cascade,
  attribute_id bigint not null references public.attributes (id) on delete cascade,
  constraint category_attributes_pkey primary key (category_id, attribute_id)
);
create index category_attributes_attribute_id_idx on public.category_attributes (attribute_id);
comment on table public.category_attributes is 'Attributes that only some categories filter on (all_categories = false).';

create table public.product_attribute_values (
  product_id bigint not null references public.products (id) on delete cascade,
  value_id bigint not null references public.attribute_values (id) on delete cascade,
  constraint product_attribute_values_pkey primary key (product_id, value_id)
);
create index product_attribute_values_value_id_idx on public.product_attribute_values (value_id);
comment on table public.product_attribute_values is 'Which attribute values a product has (the source of products.attribute_value_ids).';

alter table public.products add column attribute_value_ids bigint[] not null default '{}';
comment on column public.products.attribute_value_ids is
  'The product''s attribute values (product_attribute_values), kept by the database for browse_products.';
revoke insert (attribute_value_ids), update (attribute_value_ids) on table public.products from authenticated;

create or replace function private.attribute_values_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.value := btrim(new.value);
  if tg_op = 'INSERT' or new.slug is distinct from old.slug or new.value is distinct from old.value then
    new.slug := coalesce(nullif(btrim(new.slug), ''), private.slugify(new.value));
  end if;
  return new;
end
$$;
revoke all on function private.attribute_values_before_write() from public;
create trigger attribute_values_before_write
  before insert or update on public.attribute_values
  for each row execute function private.attribute_values_before_write();

create or replace function private.attributes_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  new.code := lower(btrim(new.code));
  return new;
end
$$;
revoke all on function private.attributes_before_write() from public;
create trigger attributes_before_write
  before insert or update on public.attributes
  for each row execute function private.attributes_before_write();

-- Rewrites attribute_value_ids of the products a statement touched, from product_attribute_values.
create or replace function private.sync_product_attribute_ids()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('furnicraft.attribute_sync', 'on', true);
  if tg_op in ('INSERT', 'UPDATE') then
    update public.products as p
    set attribute_value_ids = array(
      select v.value_id from public.product_attribute_values as v where v.product_id = p.id order by v.value_id
    )
    where p.id in (select n.product_id from new_rows as n);
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update public.products as p
    set attribute_value_ids = array(
      select v.value_id from public.product_attribute_values as v where v.product_id = p.id order by v.value_id
    )
    where p.id in (select o.product_id from old_rows as o);
  end if;
  perform set_config('furnicraft.attribute_sync', 'off', true);
  return null;
end
$$;
revoke all on function private.sync_product_attribute_ids() from public, anon, authenticated;

create trigger product_attribute_values_inserted
  after insert on public.product_attribute_values referencing new table as new_rows
  for each statement execute function private.sync_product_attribute_ids();
create trigger product_attribute_values_updated
  after update on public.product_attribute_values referencing old table as old_rows new table as new_rows
  for each statement execute function private.sync_product_attribute_ids();
create trigger product_attribute_values_deleted
  after delete on public.product_attribute_values referencing old table as old_rows
  for each statement execute function private.sync_product_attribute_ids();

-- The array is the database's: a client's write to it (the service role has the column) is undone
-- unless it comes from the sync above.
create or replace function private.products_keep_attribute_ids()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(current_setting('furnicraft.attribute_sync', true), '') <> 'on' then
    if tg_op = 'INSERT' then
      new.attribute_value_ids := '{}';
    else
      new.attribute_value_ids := old.attribute_value_ids;
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.products_keep_attribute_ids() from public;
create trigger products_keep_attribute_ids
  before insert or update of attribute_value_ids on public.products
  for each row execute function private.products_keep_attribute_ids();

-- Filtering: "has any of these values" (&&) on the array.
create index products_attribute_value_ids_idx on public.products using gin (attribute_value_ids);

-- Staff set a product's values in one call (the admin's product form): replaces them all.
create or replace function public.admin_set_product_attributes(product_id bigint, value_ids bigint[])
returns bigint[]
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_ids bigint[] := array(select distinct x from unnest(coalesce(value_ids, '{}')) as x where x is not null order by x);
begin
  if not (select private.is_fresh_admin()) then
    raise exception 'Only staff can change a product''s attributes.' using errcode = '42501', detail = 'not_admin';
  end if;
  if not exists (select 1 from public.products as p where p.id = admin_set_product_attributes.product_id) then
    raise exception 'Product not found.' using errcode = 'P0001', detail = 'product_not_found';
  end if;
  if cardinality(v_ids) <> (select count(*) from public.attribute_values as v where v.id = any (v_ids)) then
    raise exception 'An attribute value does not exist (it may have been deleted).' using errcode = 'P0001', detail = 'attribute_value_not_found';
  end if;
  delete from public.product_attribute_values as v
  where v.product_id = admin_set_product_attributes.product_id and v.value_id <> all (v_ids);
  insert into public.product_attribute_values (product_id, value_id)
  select admin_set_product_attributes.product_id, x from unnest(v_ids) as x
  on conflict on constraint product_attribute_values_pkey do nothing;
  return v_ids;
end
$$;
comment on function public.admin_set_product_attributes(bigint, bigint[]) is
  'Staff replace a product''s attribute values (filters); returns the ids it now has.';
revoke all on function public.admin_set_product_attributes(bigint, bigint[]) from public, anon;
grant execute on function public.admin_set_product_attributes(bigint, bigint[]) to authenticated;

-- Grants and policies: everyone reads; fresh admins write. -------------------------------------------
alter table public.attributes enable row level security;
alter table public.attribute_values enable row level security;
alter table public.category_attributes enable row level security;
alter table public.product_attribute_values enable row level security;

revoke all on table public.attributes, public.attribute_values, public.category_attributes, public.product_attribute_values
  from anon, authenticated;
grant select on table public.attributes, public.attribute_values, public.category_attributes, public.product_attribute_values
  to anon, authenticated;
grant insert (code, name, position, all_categories), update (code, name, position, all_categories), delete
  on table public.attributes to authenticated;
grant insert (attribute_id, value, slug, position, swatch_color), update (value, slug, position, swatch_color), delete
  on table public.attribute_values to authenticated;
grant insert, delete on table public.category_attributes to authenticated;
grant insert, delete on table public.product_attribute_values to authenticated;

create policy "visitors read attributes" on public.attributes for select to anon using (true);
create policy "signed-in users read attributes" on public.attributes for select to authenticated using (true);
create policy "fresh admins add attributes" on public.attributes for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit attributes" on public.attributes for update to authenticated
  using ((select private.is_fresh_admin())) with check ((select private.is_fresh_admin()));
create policy "fresh admins delete attributes" on public.attributes for delete to authenticated
  using ((select private.is_fresh_admin()));

create policy "visitors read attribute values" on public.attribute_values for select to anon using (true);
create policy "signed-in users read attribute values" on public.attribute_values for select to authenticated using (true);
create policy "fresh admins add attribute values" on public.attribute_values for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit attribute values" on public.attribute_values for update to authenticated
  using ((select private.is_fresh_admin())) with check ((select private.is_fresh_admin()));
create policy "fresh admins delete attribute values" on public.attribute_values for delete to authenticated
  using ((select private.is_fresh_admin()));

create policy "visitors read category attributes" on public.category_attributes for select to anon using (true);
create policy "signed-in users read category attributes" on public.category_attributes for select to authenticated using (true);
create policy "fresh admins link category attributes" on public.category_attributes for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins unlink category attributes" on public.category_attributes for delete to authenticated
  using ((select private.is_fresh_admin()));

create policy "visitors read product attributes" on public.product_attribute_values for select to anon using (true);
create policy "signed-in users read product attributes" on public.product_attribute_values for select to authenticated using (true);
create policy "fresh admins tag products" on public.product_attribute_values for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins untag products" on public.product_attribute_values for delete to authenticated
  using ((select private.is_fresh_admin()));
