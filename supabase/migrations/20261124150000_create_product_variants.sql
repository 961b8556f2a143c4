-- Variants (issue 16): a product is sold by configuration — a sofa in three fabrics and as a 3-seater
-- or an L-shape, a bed in queen or king, a table in teak or walnut — each with its own SKU, price,
-- stock, dimensions, pictures and lead time.
--
--   product_options          per product: "Fabric", "Configuration", "Finish" (name unique per product)
--   product_option_values    per option: "Teal velvet" (+ swatch colour or image), unique per option
--   product_variants         the sellable thing: SKU (unique in any letter case), price, stock…
--   variant_option_values    a variant's value for each option of its product
--
-- The database holds the two rules no peer enforces (Medusa checks in app code: medusajs/medusa#9620):
--   * every variant has exactly one value for every option of its product — the primary key
--     (variant_id, option_id) gives "at most one", composite foreign keys make the option and the value
--     belong to the variant's product, and a deferred constraint trigger (private.variants_check) gives
--     "at least one" when the transaction commits, so a variant and its values can be written in one
--     transaction in any order;
--   * no two active variants of a product have the same values — the same trigger refuses it with a
--     message naming both SKUs, and a unique index on (product_id, option_signature) where active is the
--     backstop for two transactions committing the same combination at once.
--
-- products keeps price, original_price, stock_quantity and in_stock as a summary of its active variants,
-- kept by a trigger (cheapest price and its original price, price_max for "from ₹x", on-hand stock
-- summed; in_stock turns off when no active variant can be ordered and on when one can again — an
-- admin's toggle is kept otherwise), so every catalog query and index stays as it was. JWTs no longer
-- update those columns: prices are edited per variant, stock moves only through the ledger
-- (stock_movements, below). Inserting a product still takes a price and a stock: the database makes its
-- default variant ('FC-' + the id, title 'Default') with that price and an 'import' movement.
--
-- Stock ledger: stock_movements is append-only; inserting a movement is the only way
-- product_variants.stock_quantity changes (a trigger applies it and records the balance after), so
-- stock_quantity = sum(quantity) for every variant, whoever writes. Staff adjust through
-- admin_adjust_stock (reason required); checkout, payment, cancellation and release write the rest
-- (20261124150100).

-- Options ------------------------------------------------------------------------------------------

create table public.product_options (
  id bigint generated always as identity primary key,
  product_id bigint not null references public.products (id) on delete cascade,
  name text not null,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  constraint product_options_id_product_id_key unique (id, product_id),
  constraint product_options_name_check check (btrim(name) <> '' and length(name) <= 40)
);
comment on table public.product_options is 'A product''s options (Fabric, Configuration, Finish); every variant has one value for each.';
create unique index product_options_product_id_name_key on public.product_options (product_id, lower(name));

create table public.product_option_values (
  id bigint generated always as identity primary key,
  option_id bigint not null references public.product_options (id) on delete cascade,
  value text not null,
  swatch_color text,
  swatch_image text,
  position integer not null default 0,
  constraint product_option_values_id_option_id_key unique (id, option_id),
  constraint product_option_values_value_check check (btrim(value) <> '' and length(value) <= 60),
  constraint product_option_values_swatch_color_check check (swatch_color ~ '^#[0-9a-fA-F]{6}$'),
  constraint product_option_values_swatch_image_check check (length(swatch_image) <= 500)
);
comment on table public.product_option_values is 'The values of an option; swatch_color (#rrggbb) or swatch_image for colours and finishes.';
create unique index product_option_values_option_id_value_key on public.product_option_values (option_id, lower(value));

-- Variants -----------------------------------------------------------------------------------------

create table public.product_variants (
  id bigint generated always as identity primary key,
  product_id bigint not null references public.products (id) on delete cascade,
  sku text not null,
  title text not null default '',
  price numeric(10, 2) not null,
  original_price numeric(10, 2),
  stock_quantity integer not null default 0,
  low_stock_threshold integer,
  dimensions text,
  weight text,
  lead_time_days integer not null default 0,
  made_to_order boolean not null default false,
  images text[],
  is_default boolean not null default false,
  is_active boolean not null default true,
  position integer not null default 0,
  option_signature text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint product_variants_id_product_id_key unique (id, product_id),
  constraint product_variants_sku_check check (sku ~ '^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$'),
  constraint product_variants_title_check check (length(title) <= 150),
  constraint product_variants_price_check check (price > 0),
  constraint product_variants_original_price_check check (original_price is null or original_price >= price),
  constraint product_variants_stock_quantity_check check (stock_quantity >= 0),
  constraint product_variants_low_stock_threshold_check check (low_stock_threshold between 0 and 100000),
  constraint product_variants_dimensions_check check (length(dimensions) <= 120),
  constraint product_variants_weight_check check (length(weight) <= 60),
  constraint product_variants_lead_time_days_check check (lead_time_days between 0 and 365),
  constraint product_variants_images_check check (images is null or cardinality(images) <= 10),
  constraint product_variants_default_active_check check (not is_default or is_active)
);
comment on table public.product_variants is
  'What is sold: one per combination of the product''s option values. stock_quantity is on hand and changes only through stock_movements.';
comment on column public.product_variants.title is '"Teal velvet / 3-seater"; made from the option values when left empty ("Default" without options).';
comment on column public.product_variants.low_stock_threshold is 'Alert at or below this on-hand stock; null: store_settings.low_stock_threshold.';
comment on column public.product_variants.made_to_order is 'Not stock-tracked: orderable at any stock, ships after lead_time_days.';
comment on column public.product_variants.option_signature is 'Kept by the database at commit: the variant''s value ids ("" without options), for the uniqueness of combinations.';

create unique index product_variants_sku_key on public.product_variants (lower(sku));
create unique index product_variants_one_default_key on public.product_variants (product_id) where is_default;
-- Set at commit by the check below (null until then, so a new variant never collides with itself).
create unique index product_variants_options_key on public.product_variants (product_id, option_signature) where is_active;
create index product_variants_product_id_idx on public.product_variants (product_id, position, id);

create table public.variant_option_values (
  variant_id bigint not null,
  product_id bigint not null,
  option_id bigint not null,
  value_id bigint not null,
  constraint variant_option_values_pkey primary key (variant_id, option_id),
  constraint variant_option_values_variant_fkey foreign key (variant_id, product_id)
    references public.product_variants (id, product_id) on delete cascade,
  constraint variant_option_values_option_fkey foreign key (option_id, product_id)
    references public.product_options (id, product_id) on delete cascade,
  constraint variant_option_values_value_fkey foreign key (value_id, option_id)
    references public.product_option_values (id, option_id) on delete cascade
);
comment on table public.variant_option_values is 'A variant''s value for each option of its product (exactly one each, checked at commit).';
create index variant_option_values_option_id_product_id_idx on public.variant_option_values (option_id, product_id);
create index variant_option_values_value_id_option_id_idx on public.variant_option_values (value_id, option_id);
-- The variant foreign key (variant_id, product_id); the primary key leads with variant_id but not the pair.
create index variant_option_values_variant_id_product_id_idx on public.variant_option_values (variant_id, product_id);

-- The ledger -------------------------------------------------------------------------------------

create table public.stock_movements (
  id bigint generated always as identity primary key,
  variant_id bigint references public.product_variants (id) on delete set null,
  product_id bigint,
  sku text,
  quantity integer not null,
  reserved_change integer not null default 0,
  reason text not null,
  order_id uuid references public.orders (id) on delete set null,
  reference text,
  actor uuid default auth.uid(),
  note text,
  balance_after integer,
  created_at timestamptz not null default now(),
  constraint stock_movements_reason_check check (
    reason in ('sale', 'reservation', 'release', 'cancellation', 'return', 'adjustment', 'receipt', 'import')
  ),
  constraint stock_movements_change_check check (quantity <> 0 or reserved_change <> 0),
  constraint stock_movements_reference_check check (length(reference) <= 120),
  constraint stock_movements_note_check check (length(note) <= 500)
);
comment on table public.stock_movements is
  'Append-only stock ledger: every change of a variant''s on-hand stock (quantity) and of its reservations (reserved_change). stock_quantity = sum(quantity).';
comment on column public.stock_movements.reserved_change is 'Reservations only (reason reservation/release/sale of a reserved line): the hold taken or given back.';
comment on column public.stock_movements.actor is 'The staff member or customer whose action wrote it; null for the system (jobs, payments).';
create index stock_movements_variant_id_created_at_idx on public.stock_movements (variant_id, created_at desc);
create index stock_movements_created_at_idx on public.stock_movements (created_at desc);
create index stock_movements_order_id_idx on public.stock_movements (order_id) where order_id is not null;
create index stock_movements_reason_created_at_idx on public.stock_movements (reason, created_at desc);

-- Triggers ---------------------------------------------------------------------------------------

create or replace function private.variant_option_values_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  select v.product_id into new.product_id from public.product_variants as v where v.id = new.variant_id;
  return new;
end
$$;

create trigger variant_option_values_before_write
  before insert or update on public.variant_option_values
  for each row execute function private.variant_option_values_before_write();

create or replace function private.product_variants_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_twin text;
  v_product text;
begin
  new.sku := btrim(new.sku);
  new.title := btrim(coalesce(new.title, ''));
  if new.images = '{}'::text[] then
    new.images := null;
  end if;
  new.dimensions := nullif(btrim(new.dimensions), '');
  new.weight := nullif(btrim(new.weight), '');
  -- Stock moves only through the ledger (stock_movements_apply sets the flag for its own update).
  if coalesce(current_setting('furnicraft.stock_ledger', true), '') <> 'on'
    and new.stock_quantity is distinct from (case when tg_op = 'INSERT' then 0 else old.stock_quantity end)
  then
    raise exception 'Stock changes only through a stock movement (use admin_adjust_stock with a reason).'
      using errcode = 'P0001', detail = 'stock_ledger_only';
  end if;
  if tg_op = 'UPDATE' then
    -- Reactivating a variant whose combination another active variant has: say so (the unique index
    -- would refuse it anyway, without naming them).
    if new.is_active and not old.is_active and new.option_signature is not null then
      select w.sku, p.name into v_twin, v_product
      from public.product_variants as w
      join public.products as p on p.id = w.product_id
      where w.product_id = new.product_id and w.is_active and w.id <> new.id
        and w.option_signature = new.option_signature
      limit 1;
      if v_twin is not null then
        raise exception 'Variants % and % of "%" have the same options (%).', v_twin, new.sku, v_product,
          coalesce(nullif(new.title, ''), 'no options')
          using errcode = 'P0001', detail = 'variant_options_duplicate', hint = new.id::text;
      end if;
    end if;
    if new.product_id <> old.product_id then
      raise exception 'A variant cannot move to another product.' using errcode = 'P0001', detail = 'variant_product_fixed';
    end if;
    if old.is_default and not new.is_default and pg_trigger_depth() = 1 then
      raise exception 'A product needs a default variant: make another variant the default instead.'
        using errcode = 'P0001', detail = 'variant_default_required';
    end if;
  end if;
  -- One default per product: choosing a new one sets the old one aside.
  if new.is_default and (tg_op = 'INSERT' or not old.is_default) then
    update public.product_variants as v set is_default = false
    where v.product_id = new.product_id and v.is_default and v.id <> new.id;
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger product_variants_before_write
  before insert or update on public.product_variants
  for each row execute function private.product_variants_before_write();

-- A variant that has been ordered stays (deactivated): order lines keep its SKU and title anyway.
create or replace function private.product_variants_before_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.order_items as i where i.variant_id = old.id) then
    raise exception 'Variant % has been ordered, so it cannot be deleted. Deactivate it instead.', old.sku
      using errcode = 'P0001', detail = 'variant_ordered', hint = old.id::text;
  end if;
  -- The default goes only with its product (a cascade runs below this trigger's depth).
  if old.is_default and pg_trigger_depth() = 1
    and exists (select 1 from public.product_variants as v where v.product_id = old.product_id and v.id <> old.id)
  then
    raise exception 'Variant % is the default: make another variant the default before deleting it.', old.sku
      using errcode = 'P0001', detail = 'variant_default_required', hint = old.id::text;
  end if;
  return old;
end
$$;

create trigger product_variants_before_delete
  before delete on public.product_variants
  for each row execute function private.product_variants_before_delete();

-- Whether a variant can be ordered at all (stock aside from reservations).
create or replace function private.variant_orderable(v public.product_variants)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select v.is_active and (v.made_to_order or v.stock_quantity > 0)
$$;

-- The product's summary of its active variants; in_stock follows only when orderability flips.
create or replace function private.product_variants_summarize()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_product_id bigint := coalesce(new.product_id, old.product_id);
  v_other boolean;
  v_was boolean;
  v_now boolean;
begin
  select exists (
    select 1 from public.product_variants as v
    where v.product_id = v_product_id and v.id <> coalesce(new.id, old.id) and private.variant_orderable(v)
  ) into v_other;
  v_was := v_other or (tg_op <> 'INSERT' and private.variant_orderable(old));
  v_now := v_other or (tg_op <> 'DELETE' and private.variant_orderable(new));
  update public.products as p
  set price = coalesce(s.price, p.price),
      original_price = case when s.price is null then p.original_price else s.original_price end,
      price_max = coalesce(s.price_max, p.price_max),
      stock_quantity = s.stock,
      variant_count = s.variants,
      in_stock = case when v_was <> v_now then v_now else p.in_stock end
  from (
    select
      min(v.price) as price,
      max(v.price) as price_max,
      (array_agg(v.original_price order by v.price, v.position, v.id))[1] as original_price,
      coalesce(sum(v.stock_quantity), 0)::integer as stock,
      count(*)::integer as variants
    from public.product_variants as v
    where v.product_id = v_product_id and v.is_active
  ) as s
  where p.id = v_product_id
    and (
      p.price is distinct from coalesce(s.price, p.price)
      or p.original_price is distinct from (case when s.price is null then p.original_price else s.original_price end)
      or p.price_max is distinct from coalesce(s.price_max, p.price_max)
      or p.stock_quantity is distinct from s.stock
      or p.variant_count is distinct from s.variants
      or (v_was <> v_now and p.in_stock is distinct from v_now)
    );
  return null;
end
$$;

create trigger product_variants_summarize
  after insert or delete or update of price, original_price, stock_quantity, is_active, made_to_order
  on public.product_variants
  for each row execute function private.product_variants_summarize();

-- A variant's combination as its value ids in option order ('' without options): what two variants
-- of a product may not share while active.
create or replace function private.variant_signature(variant_id bigint)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(string_agg(x.value_id::text, ',' order by x.option_id), '')
  from public.variant_option_values as x
  where x.variant_id = variant_signature.variant_id
$$;

-- At commit: one value per option, no duplicate active combination, the signature and the title.
create or replace function private.variant_check(variant_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.product_variants;
  v_product text;
  v_missing text;
  v_signature text;
  v_label text;
  v_twin text;
begin
  select * into v from public.product_variants as pv where pv.id = variant_check.variant_id;
  if not found then
    return;
  end if;
  select p.name into v_product from public.products as p where p.id = v.product_id;

  select o.name into v_missing
  from public.product_options as o
  where o.product_id = v.product_id
    and not exists (select 1 from public.variant_option_values as x where x.variant_id = v.id and x.option_id = o.id)
  order by o.position, o.id
  limit 1;
  if v_missing is not null then
    raise exception 'Variant % of "%" has no value for %.', v.sku, v_product, v_missing
      using errcode = 'P0001', detail = 'variant_options_incomplete', hint = v.id::text;
  end if;

  v_signature := private.variant_signature(v.id);
  select coalesce(string_agg(ov.value, ' / ' order by o.position, o.id), '')
  into v_label
  from public.variant_option_values as x
  join public.product_options as o on o.id = x.option_id
  join public.product_option_values as ov on ov.id = x.value_id
  where x.variant_id = v.id;

  if v.is_active then
    select w.sku into v_twin
    from public.product_variants as w
    where w.product_id = v.product_id and w.is_active and w.id <> v.id
      and private.variant_signature(w.id) = v_signature
    order by w.id
    limit 1;
    if v_twin is not null then
      raise exception 'Variants % and % of "%" have the same options (%).', v_twin, v.sku, v_product,
        coalesce(nullif(v_label, ''), 'no options')
        using errcode = 'P0001', detail = 'variant_options_duplicate', hint = v.id::text;
    end if;
  end if;

  if v.option_signature is distinct from v_signature or v.title = '' then
    update public.product_variants as pv
    set option_signature = v_signature,
        title = case when pv.title = '' then coalesce(nullif(v_label, ''), 'Default') else pv.title end
    where pv.id = v.id;
  end if;
end
$$;

create or replace function private.variants_check()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  if tg_table_name = 'product_variants' then
    perform private.variant_check(new.id);
  elsif tg_table_name = 'variant_option_values' then
    perform private.variant_check(case when tg_op = 'DELETE' then old.variant_id else new.variant_id end);
    if tg_op = 'UPDATE' and new.variant_id <> old.variant_id then
      perform private.variant_check(old.variant_id);
    end if;
  else -- product_options: every variant of the product
    for v_id in
      select pv.id from public.product_variants as pv
      where pv.product_id = case when tg_op = 'DELETE' then old.product_id else new.product_id end
    loop
      perform private.variant_check(v_id);
    end loop;
  end if;
  return null;
end
$$;

create constraint trigger product_variants_check
  after insert or update of is_active, title on public.product_variants
  deferrable initially deferred
  for each row execute function private.variants_check();

create constraint trigger variant_option_values_check
  after insert or update or delete on public.variant_option_values
  deferrable initially deferred
  for each row execute function private.variants_check();

create constraint trigger product_options_check
  after insert or delete on public.product_options
  deferrable initially deferred
  for each row execute function private.variants_check();

-- The ledger applies itself: a movement changes the variant's stock and records the balance after.
create or replace function private.stock_movements_apply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.product_variants;
begin
  if new.quantity <> 0 then
    perform set_config('furnicraft.stock_ledger', 'on', true);
    update public.product_variants as pv
    set stock_quantity = pv.stock_quantity + new.quantity
    where pv.id = new.variant_id
    returning * into v;
    perform set_config('furnicraft.stock_ledger', '', true);
  else
    select * into v from public.product_variants as pv where pv.id = new.variant_id;
  end if;
  if v.id is null then
    raise exception 'Variant % not found.', new.variant_id using errcode = 'P0001', detail = 'variant_not_found';
  end if;
  new.product_id := v.product_id;
  new.sku := v.sku;
  new.balance_after := v.stock_quantity;
  new.created_at := now();
  return new;
end
$$;

create trigger stock_movements_apply
  before insert on public.stock_movements
  for each row execute function private.stock_movements_apply();

-- Append-only, for every role (only the foreign key's "set null" when a variant is deleted).
create or replace function private.stock_movements_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.variant_id is null and old.variant_id is not null
    and (to_jsonb(new) - 'variant_id') = (to_jsonb(old) - 'variant_id')
  then
    return new;
  end if;
  raise exception 'The stock ledger is append-only: record a new movement instead.'
    using errcode = 'P0001', detail = 'ledger_append_only';
end
$$;

create trigger stock_movements_append_only
  before update or delete on public.stock_movements
  for each row execute function private.stock_movements_append_only();

create trigger stock_movements_no_truncate
  before truncate on public.stock_movements
  for each statement execute function private.stock_movements_append_only();

-- A new product gets its default variant, priced as the product, with its stock as an 'import'.
create or replace function private.products_add_default_variant()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into public.product_variants (product_id, sku, title, price, original_price, is_default, is_active)
  values (new.id, 'FC-' || lpad(new.id::text, 6, '0'), 'Default', new.price, new.original_price, true, true)
  returning id into v_id;
  if new.stock_quantity > 0 then
    insert into public.stock_movements (variant_id, quantity, reason, note, actor)
    values (v_id, new.stock_quantity, 'import', 'Opening stock', auth.uid());
  end if;
  return null;
end
$$;

-- products: price_max, and in_stock no longer flipped here (the summary does it from the variants).
alter table public.products
  add column price_max numeric(10, 2),
  add column variant_count integer not null default 1,
  add constraint products_price_max_check check (price_max is null or price_max >= price),
  add constraint products_variant_count_check check (variant_count >= 0);
comment on column public.products.price is 'The lowest price of the active variants (kept by the database).';
comment on column public.products.price_max is 'The highest price of the active variants: "from ₹price" when it differs.';
comment on column public.products.stock_quantity is 'On-hand stock of the active variants, summed (kept by the database).';
comment on column public.products.variant_count is 'Active variants (kept by the database): more than one, and a card links to the product to choose.';

create or replace function private.products_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  if tg_op = 'INSERT' or new.slug is distinct from old.slug then
    new.slug := coalesce(nullif(btrim(new.slug), ''), private.slugify(new.name) || '-' || new.id);
  end if;
  -- The spec lets specifications arrive as JSON text: keep the object, not a string holding it.
  if jsonb_typeof(new.specifications) = 'string' then
    new.specifications := (new.specifications #>> '{}')::jsonb;
  end if;
  if new.specifications = '{}'::jsonb then
    new.specifications := null;
  end if;
  if new.images = '{}'::text[] then
    new.images := null;
  end if;
  new.rating := coalesce(new.rating, 4.5);
  new.review_count := coalesce(new.review_count, 0);
  if tg_op = 'INSERT' then
    if new.stock_quantity = 0 then
      new.in_stock := false;
    end if;
    new.price_max := new.price;
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- Every existing product gets its default variant, with its stock as an 'import' movement. The
-- admin's in_stock choice is kept as it was.
create temporary table products_in_stock_before on commit drop as
  select p.id, p.in_stock from public.products as p;

insert into public.product_variants (product_id, sku, title, price, original_price, is_default, is_active)
select p.id, 'FC-' || lpad(p.id::text, 6, '0'), 'Default', p.price, p.original_price, true, true
from public.products as p
order by p.id;

insert into public.stock_movements (variant_id, quantity, reason, note, actor)
select v.id, p.stock_quantity, 'import', 'Opening stock (variants introduced)', null
from public.product_variants as v
join public.products as p on p.id = v.product_id
where p.stock_quantity > 0
order by v.id;

update public.products as p set in_stock = b.in_stock, price_max = p.price
from products_in_stock_before as b
where b.id = p.id and (p.in_stock is distinct from b.in_stock or p.price_max is distinct from p.price);

create trigger products_add_default_variant
  after insert on public.products
  for each row execute function private.products_add_default_variant();

-- Orders and wishlists name the variant; order lines keep its SKU and title as they were.
alter table public.order_items
  add column variant_id bigint references public.product_variants (id) on delete set null,
  add column sku text,
  add column variant_title text,
  add constraint order_items_sku_check check (length(sku) <= 40),
  add constraint order_items_variant_title_check check (length(variant_title) <= 150);
create index order_items_variant_id_idx on public.order_items (variant_id) where variant_id is not null;

update public.order_items as i
set variant_id = v.id, sku = v.sku, variant_title = v.title
from public.product_variants as v
where v.product_id = i.product_id and v.is_default and i.variant_id is null;

-- The saved variant is one of the saved product's (composite key); deleting it keeps the product saved.
alter table public.wishlist_items
  add column variant_id bigint,
  add constraint wishlist_items_variant_fkey foreign key (variant_id, product_id)
    references public.product_variants (id, product_id) on delete set null (variant_id);
create index wishlist_items_variant_id_product_id_idx on public.wishlist_items (variant_id, product_id);
grant insert (variant_id) on table public.wishlist_items to authenticated;
grant update (variant_id) on table public.wishlist_items to authenticated;
create policy "users change their own wishlist"
  on public.wishlist_items for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Grants and policies -----------------------------------------------------------------------------

-- products: prices and stock come from the variants now.
revoke update (price, original_price, stock_quantity) on table public.products from authenticated;

alter table public.product_options enable row level security;
alter table public.product_option_values enable row level security;
alter table public.product_variants enable row level security;
alter table public.variant_option_values enable row level security;
alter table public.stock_movements enable row level security;

revoke all on table public.product_options, public.product_option_values, public.product_variants,
  public.variant_option_values, public.stock_movements from anon, authenticated;

grant select on table public.product_options, public.product_option_values, public.product_variants,
  public.variant_option_values to anon, authenticated;
grant insert (product_id, name, position), update (name, position), delete
  on table public.product_options to authenticated;
grant insert (option_id, value, swatch_color, swatch_image, position),
  update (value, swatch_color, swatch_image, position), delete
  on table public.product_option_values to authenticated;
grant insert (product_id, sku, title, price, original_price, low_stock_threshold, dimensions, weight,
    lead_time_days, made_to_order, images, is_default, is_active, position),
  update (sku, title, price, original_price, low_stock_threshold, dimensions, weight, lead_time_days,
    made_to_order, images, is_default, is_active, position),
  delete
  on table public.product_variants to authenticated;
grant insert (variant_id, option_id, value_id), update (value_id), delete
  on table public.variant_option_values to authenticated;
grant select on table public.stock_movements to authenticated;

create policy "visitors read options" on public.product_options for select to anon using (true);
create policy "signed-in users read options" on public.product_options for select to authenticated using (true);
create policy "fresh admins add options" on public.product_options for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit options" on public.product_options for update to authenticated
  using ((select private.is_fresh_admin())) with check ((select private.is_fresh_admin()));
create policy "fresh admins delete options" on public.product_options for delete to authenticated
  using ((select private.is_fresh_admin()));

create policy "visitors read option values" on public.product_option_values for select to anon using (true);
create policy "signed-in users read option values" on public.product_option_values for select to authenticated using (true);
create policy "fresh admins add option values" on public.product_option_values for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit option values" on public.product_option_values for update to authenticated
  using ((select private.is_fresh_admin())) with check ((select private.is_fresh_admin()));
create policy "fresh admins delete option values" on public.product_option_values for delete to authenticated
  using ((select private.is_fresh_admin()));

create policy "visitors read active variants" on public.product_variants for select to anon
  using (is_active);
create policy "customers read active variants, admins all" on public.product_variants for select to authenticated
  using (is_active or (select private.is_admin()));
create policy "fresh admins add variants" on public.product_variants for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit variants" on public.product_variants for update to authenticated
  using ((select private.is_fresh_admin())) with check ((select private.is_fresh_admin()));
create policy "fresh admins delete variants" on public.product_variants for delete to authenticated
  using ((select private.is_fresh_admin()));

create policy "visitors read variant values" on public.variant_option_values for select to anon using (true);
create policy "signed-in users read variant values" on public.variant_option_values for select to authenticated using (true);
create policy "fresh admins add variant values" on public.variant_option_values for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit variant values" on public.variant_option_values for update to authenticated
  using ((select private.is_fresh_admin())) with check ((select private.is_fresh_admin()));
create policy "fresh admins delete variant values" on public.variant_option_values for delete to authenticated
  using ((select private.is_fresh_admin()));

create policy "admins read the stock ledger" on public.stock_movements for select to authenticated
  using ((select private.is_admin()));

revoke all on function private.variant_option_values_before_write() from public;
revoke all on function private.product_variants_before_write() from public;
revoke all on function private.product_variants_before_delete() from public;
revoke all on function private.variant_orderable(public.product_variants) from public;
revoke all on function private.product_variants_summarize() from public;
revoke all on function private.variant_signature(bigint) from public;
revoke all on function private.variant_check(bigint) from public;
revoke all on function private.variants_check() from public;
revoke all on function private.stock_movements_apply() from public;
revoke all on function private.stock_movements_append_only() from public;
revoke all on function private.products_add_default_variant() from public;

-- Staff: options and the combinations ------------------------------------------------------------

-- Replace a product's options and values. Rows keep their ids when given; missing ones are removed
-- (variants using a removed value are deleted, which is refused for an ordered variant); a new option
-- gives every existing variant its first value. The deferred checks then hold the result to the rules.
create or replace function public.admin_set_product_options(product_id bigint, options jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_product public.products;
  v_option jsonb;
  v_value jsonb;
  v_option_id bigint;
  v_value_id bigint;
  v_first_value bigint;
  v_keep_options bigint[] := '{}';
  v_keep_values bigint[];
  v_new boolean;
  v_opos integer := 0;
  v_vpos integer;
  v_generated bigint[];
begin
  perform private.require_admin(true);
  select * into v_product from public.products as p where p.id = admin_set_product_options.product_id for update;
  if not found then
    raise exception 'Product % not found.', admin_set_product_options.product_id using errcode = 'P0001', detail = 'product_not_found';
  end if;
  -- Variants whose title is still the one made from their values follow renamed values; a title
  -- staff typed is kept.
  v_generated := array(
    select v.id from public.product_variants as v
    where v.product_id = v_product.id
      and v.title = (
        select string_agg(ov.value, ' / ' order by o.position, o.id)
        from public.variant_option_values as x
        join public.product_options as o on o.id = x.option_id
        join public.product_option_values as ov on ov.id = x.value_id
        where x.variant_id = v.id
      )
  );
  if options is null or jsonb_typeof(options) <> 'array' or jsonb_array_length(options) > 5 then
    raise exception 'A product can have at most 5 options.' using errcode = 'P0001', detail = 'options_invalid';
  end if;
  for v_option in select value from jsonb_array_elements(options) loop
    if jsonb_typeof(v_option) <> 'object' or nullif(btrim(v_option ->> 'name'), '') is null
      or jsonb_typeof(v_option -> 'values') is distinct from 'array'
      or jsonb_array_length(v_option -> 'values') not between 1 and 50
    then
      raise exception 'Each option needs a name and between 1 and 50 values.' using errcode = 'P0001', detail = 'options_invalid';
    end if;
    if (v_option ->> 'id') is not null and not exists (
      select 1 from public.product_options as o
      where o.id::text = v_option ->> 'id' and o.product_id = v_product.id
    ) then
      raise exception 'Option % does not belong to this product.', v_option ->> 'id' using errcode = 'P0001', detail = 'options_invalid';
    end if;
    v_keep_options := v_keep_options || (v_option ->> 'id')::bigint;
  end loop;

  -- Options no longer listed go, with their values (the checks at commit see the variants that lost them).
  delete from public.product_options as o
  where o.product_id = v_product.id and not (o.id = any (array_remove(v_keep_options, null)));

  for v_option in select value from jsonb_array_elements(options) loop
    v_opos := v_opos + 1;
    v_option_id := (v_option ->> 'id')::bigint;
    v_new := v_option_id is null;
    if v_new then
      insert into public.product_options (product_id, name, position)
      values (v_product.id, btrim(v_option ->> 'name'), v_opos)
      returning id into v_option_id;
    else
      update public.product_options as o set name = btrim(v_option ->> 'name'), position = v_opos
      where o.id = v_option_id;
    end if;

    v_keep_values := array(
      select (e ->> 'id')::bigint from jsonb_array_elements(v_option -> 'values') as e where e ->> 'id' is not null
    );
    -- Variants using a value that goes are deleted (an ordered one refuses: deactivate it instead).
    delete from public.product_variants as v
    where v.id in (
      select x.variant_id from public.variant_option_values as x
      join public.product_option_values as ov on ov.id = x.value_id
      where ov.option_id = v_option_id and not (ov.id = any (v_keep_values))
    );
    delete from public.product_option_values as ov
    where ov.option_id = v_option_id and not (ov.id = any (v_keep_values));

    v_vpos := 0;
    v_first_value := null;
    for v_value in select value from jsonb_array_elements(v_option -> 'values') loop
      v_vpos := v_vpos + 1;
      if jsonb_typeof(v_value) <> 'object' or nullif(btrim(v_value ->> 'value'), '') is null then
        raise exception 'Each value of % needs a name.', btrim(v_option ->> 'name') using errcode = 'P0001', detail = 'options_invalid';
      end if;
      v_value_id := (v_value ->> 'id')::bigint;
      if v_value_id is null then
        insert into public.product_option_values (option_id, value, swatch_color, swatch_image, position)
        values (v_option_id, btrim(v_value ->> 'value'), nullif(btrim(v_value ->> 'swatch_color'), ''),
          nullif(btrim(v_value ->> 'swatch_image'), ''), v_vpos)
        returning id into v_value_id;
      else
        update public.product_option_values as ov
        set value = btrim(v_value ->> 'value'), swatch_color = nullif(btrim(v_value ->> 'swatch_color'), ''),
          swatch_image = nullif(btrim(v_value ->> 'swatch_image'), ''), position = v_vpos
        where ov.id = v_value_id and ov.option_id = v_option_id;
        if not found then
          raise exception 'Value % does not belong to option %.', v_value_id, btrim(v_option ->> 'name')
            using errcode = 'P0001', detail = 'options_invalid';
        end if;
      end if;
      v_first_value := coalesce(v_first_value, v_value_id);
    end loop;

    if v_new then
      insert into public.variant_option_values (variant_id, option_id, value_id)
      select v.id, v_option_id, v_first_value from public.product_variants as v where v.product_id = v_product.id;
    end if;
  end loop;

  -- Titles made from the values follow them ("Default" becomes "Teal velvet" once there are options).
  update public.product_variants as v set title = ''
  where v.product_id = v_product.id and (v.title = 'Default' or v.id = any (v_generated));

  return coalesce((
    select jsonb_agg(jsonb_build_object(
        'id', o.id, 'name', o.name, 'position', o.position,
        'values', (
          select jsonb_agg(jsonb_build_object('id', ov.id, 'value', ov.value, 'swatch_color', ov.swatch_color,
              'swatch_image', ov.swatch_image, 'position', ov.position) order by ov.position, ov.id)
          from public.product_option_values as ov where ov.option_id = o.id
        )
      ) order by o.position, o.id)
    from public.product_options as o where o.product_id = v_product.id
  ), '[]'::jsonb);
end
$$;
comment on function public.admin_set_product_options(bigint, jsonb) is
  'Fresh admin: replace a product''s options and values ([{id?, name, values: [{id?, value, swatch_color?, swatch_image?}]}]).';

-- A short code for a value in a SKU: the initials of its words ("L-shape left" → LSL, "3-seater" → 3S).
create or replace function private.sku_code(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(upper(coalesce(string_agg(left(w, 1), '' order by n), 'X')), 4)
  from regexp_split_to_table(regexp_replace(value, '[^A-Za-z0-9]+', ' ', 'g'), ' ') with ordinality as t (w, n)
  where w <> ''
$$;

-- Create every combination of the product's option values that no variant has yet.
create or replace function public.admin_generate_variants(product_id bigint)
returns setof public.product_variants
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_product public.products;
  v_default public.product_variants;
  v_combo record;
  v_sku text;
  v_n integer;
  v_total integer;
  v_variant public.product_variants;
  v_pos integer;
begin
  perform private.require_admin(true);
  select * into v_product from public.products as p where p.id = admin_generate_variants.product_id for update;
  if not found then
    raise exception 'Product % not found.', admin_generate_variants.product_id using errcode = 'P0001', detail = 'product_not_found';
  end if;
  select * into v_default from public.product_variants as v where v.product_id = v_product.id and v.is_default;
  select coalesce(max(v.position), 0) into v_pos from public.product_variants as v where v.product_id = v_product.id;

  select coalesce(exp(sum(ln(c.n)))::integer, 0) into v_total
  from (
    select count(ov.id) as n from public.product_options as o
    join public.product_option_values as ov on ov.option_id = o.id
    where o.product_id = v_product.id group by o.id
  ) as c;
  if v_total > 100 then
    raise exception 'These options make % combinations; a product can have at most 100 variants.', v_total
      using errcode = 'P0001', detail = 'too_many_variants';
  end if;

  for v_combo in
    with recursive opts as (
      select o.id, row_number() over (order by o.position, o.id) as n
      from public.product_options as o where o.product_id = v_product.id
    ),
    combos (n, option_ids, value_ids, codes, labels) as (
      select 0::bigint, '{}'::bigint[], '{}'::bigint[], '{}'::text[], '{}'::text[]
      union all
      select c.n + 1, c.option_ids || o.id, c.value_ids || ov.id, c.codes || private.sku_code(ov.value),
        c.labels || ov.value
      from combos as c
      join opts as o on o.n = c.n + 1
      join public.product_option_values as ov on ov.option_id = o.id
    )
    select c.option_ids, c.value_ids, c.codes, array_to_string(c.labels, ' / ') as title,
      (select string_agg(x.value_id::text, ',' order by x.option_id)
       from unnest(c.option_ids, c.value_ids) as x (option_id, value_id)) as signature
    from combos as c
    where c.n = (select count(*) from opts) and c.n > 0
    order by c.value_ids
  loop
    continue when exists (
      select 1 from public.product_variants as v
      where v.product_id = v_product.id and private.variant_signature(v.id) = v_combo.signature
    );
    v_sku := left(coalesce(v_default.sku, 'FC-' || lpad(v_product.id::text, 6, '0')), 40 - 1 - length(array_to_string(v_combo.codes, '-')))
      || '-' || array_to_string(v_combo.codes, '-');
    v_n := 1;
    while exists (select 1 from public.product_variants as v where lower(v.sku) = lower(v_sku)) loop
      v_n := v_n + 1;
      v_sku := left(v_sku, 37) || '-' || v_n;
    end loop;
    v_pos := v_pos + 1;
    insert into public.product_variants (
      product_id, sku, title, price, original_price, low_stock_threshold, dimensions, weight,
      lead_time_days, made_to_order, is_default, is_active, position, option_signature
    )
    values (
      v_product.id, v_sku, left(v_combo.title, 150), coalesce(v_default.price, v_product.price), coalesce(v_default.original_price, v_product.original_price),
      v_default.low_stock_threshold, v_default.dimensions, v_default.weight,
      coalesce(v_default.lead_time_days, 0), coalesce(v_default.made_to_order, false), false, true, v_pos,
      v_combo.signature
    )
    returning * into v_variant;
    insert into public.variant_option_values (variant_id, option_id, value_id)
    select v_variant.id, x.option_id, x.value_id
    from unnest(v_combo.option_ids, v_combo.value_ids) as x (option_id, value_id);
    return next v_variant;
  end loop;
end
$$;
comment on function public.admin_generate_variants(bigint) is
  'Fresh admin: add a variant for each combination of the product''s option values that has none (priced as the default variant, stock 0).';

revoke all on function private.sku_code(text) from public;
revoke all on function public.admin_set_product_options(bigint, jsonb) from public, anon, authenticated;
grant execute on function public.admin_set_product_options(bigint, jsonb) to authenticated;
revoke all on function public.admin_generate_variants(bigint) from public, anon, authenticated;
grant execute on function public.admin_generate_variants(bigint) to authenticated;
