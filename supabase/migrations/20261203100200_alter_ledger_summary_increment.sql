-- place_order's ledger and audit checks, per line of a checkout (issue 22 target 4: 500 orders/s).
--
-- - private.product_variants_summarize(): when only a variant's stock moved and its orderability did
--   not change (every sale that leaves stock, every receipt to a variant that had stock), the product's
--   stock_quantity moves by the same difference in one update by id; the price figures, the variant
--   count and in_stock cannot change then. Every other change (price, original price, activation,
--   made to order, orderability flipping, insert, delete) recomputes the summary from the active
--   variants as before (20261202104000's body).
-- - private.audit_row(): the caller from the claims with auth.uid()'s own expression instead of a
--   call of auth.uid() (a `language sql` function with a `set` clause: never inlined, planned again
--   in each transaction, search_path set and restored around each call; a checkout of two lines
--   runs 8 audited writes).
-- - private.stock_movements_apply(): the ledger flag set by assignments instead of two `perform`
--   queries per ledger row.
-- - private.product_variants_stock_changed(): the update resolving an open low-stock alert runs only
--   when the variant has one (a probe of stock_alerts_open_variant_key), not on every stock change
--   above the threshold.
-- Same arguments, results and grants (create or replace keeps the grants).

create or replace function private.product_variants_summarize()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_product_id bigint := coalesce(new.product_id, old.product_id);
  v_self_was boolean := tg_op <> 'INSERT' and private.variant_orderable(old);
  v_self_now boolean := tg_op <> 'DELETE' and private.variant_orderable(new);
  v_other boolean := false;
  v_was boolean;
  v_now boolean;
begin
  -- Stock alone moved (a sale, a receipt, a return, an adjustment) and this variant's orderability
  -- did not change: the price figures, the variant count and in_stock keep their values, and the
  -- product's stock moves by the same difference (the summary is the sum of its active variants'
  -- stock, kept by this trigger on every insert, update and delete of a variant). One update of the
  -- product by its id instead of re-reading and aggregating all its variants per ledger row.
  if tg_op = 'UPDATE' and v_self_was = v_self_now
    and new.price = old.price
    and new.original_price is not distinct from old.original_price
    and new.is_active = old.is_active
    and new.made_to_order = old.made_to_order
  then
    if new.is_active and new.stock_quantity is distinct from old.stock_quantity then
      update public.products as p
      set stock_quantity = p.stock_quantity + (new.stock_quantity - old.stock_quantity)
      where p.id = v_product_id;
    end if;
    return null;
  end if;
  -- Equal own orderability: in_stock keeps its value whatever the other variants are (v_was = v_now).
  if v_self_was <> v_self_now then
    select exists (
      select 1 from public.product_variants as v
      where v.product_id = v_product_id and v.id <> coalesce(new.id, old.id) and private.variant_orderable(v)
    ) into v_other;
  end if;
  v_was := v_other or v_self_was;
  v_now := v_other or v_self_now;
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


-- 20261202104000's trigger, the caller read from the claims directly.
create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- auth.uid()'s own expression (supabase-local/src/bootstrap/sql/003_auth.sql, as Supabase's): auth.uid()
  -- is a `language sql` function with a `set` clause, never inlined, so each call site planned its
  -- body again in every transaction and set and restored search_path around each call.
  v_uid uuid := coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid;
  v_staff public.staff_members;
  v_old jsonb;
  v_new jsonb;
  v_key text := coalesce(tg_argv[0], 'id');
  v_skip text[] := coalesce(tg_argv[1:], '{}');
  v_changed text[];
begin
  if v_uid is null then
    return null;
  end if;
  select * into v_staff from public.staff_members as m where m.user_id = v_uid;
  if not found then
    return null;
  end if;

  if tg_op in ('UPDATE', 'DELETE') then
    v_old := to_jsonb(old) - v_skip;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    v_new := to_jsonb(new) - v_skip;
  end if;
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(n.key), '{}') into v_changed
    from jsonb_each(v_new) as n
    where n.value is distinct from v_old -> n.key;
    if cardinality(v_changed) = 0 then
      return null;
    end if;
    select jsonb_object_agg(o.key, o.value) into v_old from jsonb_each(v_old) as o where o.key = any (v_changed);
    select jsonb_object_agg(n.key, n.value) into v_new from jsonb_each(v_new) as n where n.key = any (v_changed);
  end if;

  insert into public.audit_log (actor_id, actor_email, actor_roles, table_name, record_id, action, old_values, new_values)
  values (
    v_uid, v_staff.email, v_staff.roles, tg_table_name,
    coalesce(to_jsonb(new) ->> v_key, to_jsonb(old) ->> v_key),
    lower(tg_op), v_old, v_new
  );
  return null;
end
$$;

-- 20261124150000's trigger: the ledger flag set by assignments (plpgsql evaluates them as simple
-- expressions; a `perform` is a query run through SPI, two per ledger row).
create or replace function private.stock_movements_apply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.product_variants;
  v_flag text;
begin
  if new.quantity <> 0 then
    v_flag := set_config('furnicraft.stock_ledger', 'on', true);
    update public.product_variants as pv
    set stock_quantity = pv.stock_quantity + new.quantity
    where pv.id = new.variant_id
    returning * into v;
    v_flag := set_config('furnicraft.stock_ledger', '', true);
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

-- 20261124150100's trigger: stock above the threshold resolves an open alert as before, but the
-- update runs only when the variant has one (an index probe of stock_alerts' open-alert key instead
-- of an update statement on every sale and receipt above the threshold).
create or replace function private.product_variants_stock_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer;
begin
  if new.made_to_order then
    return null;
  end if;
  select coalesce(new.low_stock_threshold, s.low_stock_threshold, 5) into v_threshold
  from (select 1) as one left join public.store_settings as s on s.id;
  if old.stock_quantity > v_threshold and new.stock_quantity <= v_threshold then
    insert into public.stock_alerts (variant_id, product_id, threshold, stock_quantity)
    values (new.id, new.product_id, v_threshold, new.stock_quantity)
    on conflict (variant_id) where resolved_at is null do nothing;
  elsif new.stock_quantity > v_threshold
    and exists (select 1 from public.stock_alerts as a where a.variant_id = new.id and a.resolved_at is null)
  then
    update public.stock_alerts as a set resolved_at = now()
    where a.variant_id = new.id and a.resolved_at is null;
  end if;
  return null;
end
$$;
