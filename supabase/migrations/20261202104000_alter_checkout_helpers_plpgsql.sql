-- place_order's helpers keep their plans (issue 22: 500 orders/s).
--
-- A `language sql` function with a `set` clause (every helper here has `set search_path = ''`) is
-- never inlined, and PostgreSQL keeps its parsed and planned body only as long as the calling
-- expression lives: at most one transaction, and one execution of the calling query when it is
-- called from inside a query. So every checkout parsed and planned the GST split (0.44 ms of a
-- checkout's ~5.7 ms in place_order at 100,000 products), the ledger insert of order_sell_lines
-- (0.44 ms), the order mail's payload (0.21 ms), the state's name (0.09 ms), the live holds per line
-- (0.085 ms), the supply type, the phone's digits and the variants' orderability again: ~1.4 ms a
-- checkout (pg_stat_user_functions, track_functions = all, one client; supabase/bench/catalog/README.md).
-- The same bodies in plpgsql are planned once per session and then reused (plpgsql's plan cache).
-- Same arguments, results, volatility and grants (create or replace keeps the grants).
--
-- place_order (below) writes the order and its lines once, with their GST, instead of inserting them
-- and updating both through private.snapshot_order_tax (1.0–1.1 ms a checkout: a second version of
-- every order, never a HOT one since place_of_supply is indexed, and of every line).
--
-- Two more on the same path:
-- - private.audit_row() takes the caller with auth.uid() as a plain expression: `(select auth.uid())`
--   is a query, and each run of it plans auth.uid()'s body again (9 audit rows checked a checkout).
-- - private.product_variants_summarize() asks whether another variant of the product can be ordered
--   only when this variant's own orderability changes: otherwise in_stock cannot flip (v_was = v_now
--   whatever the other variants are), and a sale that leaves stock behind skips that query.

create or replace function private.split_gst(lines jsonb, discount numeric, delivery_fee numeric, supply_type text)
returns table (
  ord integer,
  discount_share numeric,
  delivery_share numeric,
  taxable_value numeric,
  cgst numeric,
  sgst numeric,
  utgst numeric,
  igst numeric
)
language plpgsql
immutable
set search_path = ''
as $$
#variable_conflict use_column
begin
  return query
  with l as (
    select e.ord::integer as ord, round((e.line ->> 'amount')::numeric * 100) as a, (e.line ->> 'rate')::numeric as rate
    from jsonb_array_elements(split_gst.lines) with ordinality as e (line, ord)
  ),
  t as (
    select sum(l.a) as total, round(split_gst.discount * 100) as d, round(split_gst.delivery_fee * 100) as f from l
  ),
  base as (
    select l.ord, l.a, l.rate,
      div(t.d * l.a, t.total) as d_base, mod(t.d * l.a, t.total) as d_rem,
      div(t.f * l.a, t.total) as f_base, mod(t.f * l.a, t.total) as f_rem,
      t.d, t.f
    from l cross join t
  ),
  shares as (
    select b.ord, b.a, b.rate,
      b.d_base + case when row_number() over (order by b.d_rem desc, b.ord) <= b.d - sum(b.d_base) over () then 1 else 0 end as d_share,
      b.f_base + case when row_number() over (order by b.f_rem desc, b.ord) <= b.f - sum(b.f_base) over () then 1 else 0 end as f_share
    from base as b
  ),
  taxed as (
    select s.ord, s.d_share, s.f_share, s.a - s.d_share + s.f_share as charged,
      round((s.a - s.d_share + s.f_share) * 100 / (100 + s.rate)) as taxable
    from shares as s
  )
  select x.ord, (x.d_share / 100)::numeric(12, 2)::numeric, (x.f_share / 100)::numeric(12, 2)::numeric,
    (x.taxable / 100)::numeric(12, 2)::numeric,
    (case when split_gst.supply_type = 'igst' then 0 else ceil((x.charged - x.taxable) / 2) end / 100)::numeric(12, 2)::numeric,
    (case when split_gst.supply_type = 'cgst_sgst' then floor((x.charged - x.taxable) / 2) else 0 end / 100)::numeric(12, 2)::numeric,
    (case when split_gst.supply_type = 'cgst_utgst' then floor((x.charged - x.taxable) / 2) else 0 end / 100)::numeric(12, 2)::numeric,
    (case when split_gst.supply_type = 'igst' then x.charged - x.taxable else 0 end / 100)::numeric(12, 2)::numeric
  from taxed as x
  order by x.ord;
end
$$;

create or replace function private.gst_supply_type(store_state text, delivery_state text)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return case
    when store_state is distinct from delivery_state then 'igst'
    when (select s.kind from public.states as s where s.code = delivery_state) = 'union_territory' then 'cgst_utgst'
    else 'cgst_sgst'
  end;
end
$$;

create or replace function private.order_sell_lines(order_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.stock_movements (variant_id, quantity, reason, order_id, reference)
  select i.variant_id, -sum(i.quantity)::integer, 'sale', o.id, o.order_number
  from public.order_items as i
  join public.orders as o on o.id = i.order_id
  join public.product_variants as v on v.id = i.variant_id
  where i.order_id = order_sell_lines.order_id and not v.made_to_order
  group by o.id, o.order_number, i.variant_id
  order by i.variant_id;
end
$$;

create or replace function private.order_mail_payload(order_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select jsonb_build_object(
      'order_number', o.order_number,
      'placed_at', o.created_at,
      'payment_method', o.payment_method,
      'payment_status', o.payment_status,
      'status', o.status,
      'subtotal', o.subtotal,
      'delivery_fee', o.delivery_fee,
      'discount', o.discount,
      'promo_code', o.promo_code,
      'total', o.total,
      'tax_total', o.tax_total,
      'invoice_number', (select inv.number from public.invoices as inv where inv.order_id = o.id),
      'shipping_address', o.shipping_address,
      'estimated_delivery_from', o.estimated_delivery_from,
      'estimated_delivery_to', o.estimated_delivery_to,
      'items', coalesce((
        select jsonb_agg(jsonb_build_object(
          'name', i.product_name,
          'image', i.product_image,
          'unit_price', i.unit_price,
          'quantity', i.quantity,
          'line_total', i.line_total,
          'selected_color', i.selected_color,
          'selected_size', i.selected_size
        ) order by i.id)
        from public.order_items as i
        where i.order_id = o.id
      ), '[]'::jsonb)
    )
    from public.orders as o
    where o.id = order_mail_payload.order_id
  );
end
$$;

create or replace function private.live_reserved(variant_id bigint, except_order uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select coalesce(sum(r.quantity), 0)::integer
    from public.stock_reservations as r
    where r.variant_id = live_reserved.variant_id and r.status = 'active' and r.expires_at > now()
      and r.order_id is distinct from live_reserved.except_order
  );
end
$$;

create or replace function private.state_name(value text)
returns text
language plpgsql
stable
parallel safe
set search_path = ''
as $$
begin
  return (
    select s.name
    from public.states as s
    where lower(btrim(value)) in (lower(s.name), s.code)
      or lower(btrim(value)) = any (select lower(a) from unnest(s.aliases) as a)
    order by s.code
    limit 1
  );
end
$$;

create or replace function private.normalize_phone(phone text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  d text := regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g');
begin
  return case
    when d = '' then null
    when length(d) = 12 and left(d, 2) = '91' then right(d, 10)
    when length(d) = 11 and left(d, 1) = '0' then right(d, 10)
    else d
  end;
end
$$;

create or replace function private.variant_orderable(v public.product_variants)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  return v.is_active and (v.made_to_order or v.stock_quantity > 0);
end
$$;

-- The product's summary of its active variants; in_stock follows only when orderability flips
-- (20261124150000's, asking about the other variants only when this one's orderability changed).
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

-- 20261129100100's trigger, the caller read once per row as a plain expression.
create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
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

-- One insert for an order's mail (20261124140000's, which read the order's address first and then
-- built the payload from the order again): no row when the order has no e-mail, as before.
create or replace function private.enqueue_order_mail(
  order_id uuid,
  event text,
  dedupe_key text,
  extra jsonb default '{}'::jsonb
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.notification_outbox (event, order_id, recipient, payload, dedupe_key)
  select enqueue_order_mail.event, o.id, o.contact_email,
    private.order_mail_payload(o.id) || enqueue_order_mail.extra,
    enqueue_order_mail.dedupe_key
  from public.orders as o
  where o.id = enqueue_order_mail.order_id and o.contact_email is not null
  on conflict on constraint notification_outbox_dedupe_key_key do nothing;
end
$$;

-- place_order (20261126100100's) writes each order and its lines once, with their GST, instead of
-- inserting them and then updating both through private.snapshot_order_tax (still the rule for
-- invoices of orders placed before the tax snapshot); the caller is read with a plain auth.uid().
create or replace function public.place_order(
  items jsonb,
  shipping_address jsonb,
  payment_method public.payment_method default 'cod',
  promo_code text default null,
  idempotency_key text default null,
  buyer_gstin text default null,
  buyer_legal_name text default null
)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_key text := nullif(btrim(place_order.idempotency_key), '');
  v_code text := nullif(upper(btrim(place_order.promo_code)), '');
  v_order public.orders;
  v_settings public.store_settings;
  v_address jsonb;
  v_lines jsonb;
  v_ids bigint[];
  v_qtys integer[];
  v_missing record;
  v_short record;
  v_over record;
  v_unpaid integer;
  v_subtotal numeric(10, 2);
  v_fee numeric(10, 2);
  v_discount numeric(10, 2) := 0;
  v_promo private.promo_outcome;
  v_total numeric(10, 2);
  v_quote jsonb;
  v_undeliverable record;
  v_buyer_gstin text;
  v_buyer_name text := nullif(btrim(place_order.buyer_legal_name), '');
  v_state text;
  v_supply_type text;
  v_tax_lines jsonb;
  v_split jsonb;
  v_tax_total numeric(12, 2);
begin
  if v_uid is null then
    raise exception 'Please login to continue.' using errcode = '42501', detail = 'not_signed_in';
  end if;

  -- Idempotency: one order per (user, key). Concurrent retries wait here for the first to commit,
  -- then find its order.
  if v_key is not null then
    if length(v_key) > 100 then
      raise exception 'The checkout request id is too long.' using errcode = 'P0001', detail = 'invalid_idempotency_key';
    end if;
    perform pg_advisory_xact_lock(hashtextextended('place_order:' || v_uid::text || ':' || v_key, 0));
    select * into v_order from public.orders as o where o.user_id = v_uid and o.idempotency_key = v_key;
    if found then
      return v_order;
    end if;
  end if;

  select * into v_settings from public.store_settings as s where s.id;
  if not found or v_settings.gstin is null then
    raise exception 'The store is not set up to take orders yet.' using errcode = 'P0001', detail = 'store_not_configured';
  end if;

  -- No hoarding (1): a customer may have only so many online orders holding stock unpaid.
  if place_order.payment_method = 'razorpay' then
    perform pg_advisory_xact_lock(hashtextextended('place_order_unpaid:' || v_uid::text, 0));
    select count(*)::integer into v_unpaid
    from public.orders as o
    where o.user_id = v_uid and o.payment_method = 'razorpay' and o.payment_status = 'pending' and o.status = 'pending';
    if v_unpaid >= v_settings.max_unpaid_online_orders then
      raise exception 'You already have % waiting for payment. Please pay for or cancel one before placing another online order.',
        case when v_unpaid = 1 then 'an online order' else v_unpaid::text || ' online orders' end
        using errcode = 'P0001', detail = 'unpaid_orders_limit', hint = v_settings.max_unpaid_online_orders::text;
    end if;
  end if;

  -- The cart: an array of { variant_id, quantity } ({ product_id } alone: that product's default
  -- variant, for carts saved before variants). Other keys, prices included, are ignored.
  if place_order.items is null or jsonb_typeof(place_order.items) <> 'array' or jsonb_array_length(place_order.items) = 0 then
    raise exception 'Your cart is empty.' using errcode = 'P0001', detail = 'cart_empty';
  end if;
  perform private.check_cart_items(place_order.items);

  v_address := private.normalize_shipping_address(place_order.shipping_address);

  -- A business buyer: a valid GSTIN with its registered name, or neither (a name alone is dropped).
  v_buyer_gstin := private.normalize_gstin(place_order.buyer_gstin);
  if v_buyer_gstin is null then
    v_buyer_name := null;
  elsif v_buyer_name is null or length(v_buyer_name) < 2 then
    raise exception 'Please enter the registered business name for the GSTIN.'
      using errcode = 'P0001', detail = 'buyer_legal_name_required';
  elsif length(v_buyer_name) > 150 then
    raise exception 'Please shorten the business name (at most 150 characters).'
      using errcode = 'P0001', detail = 'buyer_legal_name_too_long';
  end if;

  -- Each line with its variant (a legacy line resolved to its product's default variant; 0 if none).
  select jsonb_agg(
      jsonb_build_object(
        'variant_id', coalesce(
          (e.line ->> 'variant_id')::bigint,
          (select v.id from public.product_variants as v where v.product_id = (e.line ->> 'product_id')::bigint and v.is_default),
          0
        ),
        'quantity', (e.line ->> 'quantity')::integer,
        'selected_color', e.line -> 'selected_color', 'selectedColor', e.line -> 'selectedColor',
        'selected_size', e.line -> 'selected_size', 'selectedSize', e.line -> 'selectedSize'
      )
      order by e.ord
    )
  into v_lines
  from jsonb_array_elements(place_order.items) with ordinality as e (line, ord);

  -- One figure per variant (the same variant may be in the cart twice).
  select array_agg(l.variant_id order by l.variant_id), array_agg(l.quantity order by l.variant_id)
  into v_ids, v_qtys
  from (
    select (e ->> 'variant_id')::bigint as variant_id, sum((e ->> 'quantity')::integer)::integer as quantity
    from jsonb_array_elements(v_lines) as e
    group by 1
  ) as l;

  -- Lock the variants, then their products, each in id order, so concurrent orders queue instead of
  -- deadlocking or overselling (a sale also updates its product's summary row; a staff edit of a
  -- variant takes its row and then the summary, the same order).
  perform 1 from public.product_variants as v where v.id = any (v_ids) order by v.id for update;
  perform 1 from public.products as p
  where p.id in (select v.product_id from public.product_variants as v where v.id = any (v_ids))
  order by p.id
  for no key update;

  select x.id into v_missing
  from unnest(v_ids) as x (id)
  left join public.product_variants as v on v.id = x.id
  where v.id is null or not v.is_active
  order by x.id
  limit 1;
  if found then
    raise exception 'An item in your cart is no longer available. Please remove it to continue.'
      using errcode = 'P0001', detail = 'product_unavailable', hint = v_missing.id::text;
  end if;

  -- No hoarding (2): at most max_quantity_per_line of one product in an order (its variants summed).
  select p.id, p.name, sum(w.quantity)::integer as wanted
  into v_over
  from unnest(v_ids, v_qtys) as w (id, quantity)
  join public.product_variants as v on v.id = w.id
  join public.products as p on p.id = v.product_id
  group by p.id, p.name
  having sum(w.quantity) > v_settings.max_quantity_per_line
  order by p.id
  limit 1;
  if found then
    raise exception 'You can order at most % of "%" at a time. Please reduce the quantity.',
      v_settings.max_quantity_per_line, v_over.name
      using errcode = 'P0001', detail = 'quantity_limit', hint = v_over.id::text;
  end if;

  select v.id,
    p.name || case when coalesce(v.option_signature, '') = '' then '' else ' (' || v.title || ')' end as name,
    v.stock_quantity - private.live_reserved(v.id, null) as available,
    p.in_stock
  into v_short
  from unnest(v_ids, v_qtys) as w (id, quantity)
  join public.product_variants as v on v.id = w.id
  join public.products as p on p.id = v.product_id
  where not p.in_stock
    or (not v.made_to_order and v.stock_quantity - private.live_reserved(v.id, null) < w.quantity)
  order by v.id
  limit 1;
  if found then
    if not v_short.in_stock or v_short.available <= 0 then
      raise exception '"%" is out of stock. Please remove it to continue.', v_short.name
        using errcode = 'P0001', detail = 'out_of_stock', hint = v_short.id::text;
    end if;
    raise exception 'Only % left in stock for "%". Please reduce the quantity.', v_short.available, v_short.name
      using errcode = 'P0001', detail = 'insufficient_stock', hint = v_short.id::text;
  end if;

  select sum(v.price * w.quantity)
  into v_subtotal
  from unnest(v_ids, v_qtys) as w (id, quantity)
  join public.product_variants as v on v.id = w.id;

  if v_code is not null then
    perform 1 from public.promo_codes as pc where pc.code = v_code for update;
    v_promo := private.evaluate_promo(v_code, v_subtotal);
    if not v_promo.applied then
      raise exception '%', v_promo.message using errcode = 'P0001', detail = 'promo_' || v_promo.reason;
    end if;
    v_discount := v_promo.discount;
    update public.promo_codes as pc set used_count = pc.used_count + 1 where pc.id = v_promo.promo_id;
  end if;

  -- Delivery: the pincode, each item, COD and the dates, by the rule check_delivery shows.
  v_quote := private.delivery_quote(v_address ->> 'pincode', v_ids, v_qtys, v_subtotal, v_discount);
  if not (v_quote ->> 'serviceable')::boolean then
    raise exception '%', v_quote ->> 'message'
      using errcode = 'P0001',
        detail = case v_quote ->> 'reason' when 'not_serviceable' then 'pincode_not_serviceable' else v_quote ->> 'reason' end,
        hint = v_quote ->> 'pincode';
  end if;
  select (i ->> 'variant_id')::bigint as id, i ->> 'message' as message
  into v_undeliverable
  from jsonb_array_elements(v_quote -> 'items') as i
  where not (i ->> 'deliverable')::boolean
  order by 1
  limit 1;
  if found then
    raise exception '% Please remove it to continue.', v_undeliverable.message
      using errcode = 'P0001', detail = 'item_not_deliverable', hint = v_undeliverable.id::text;
  end if;
  v_fee := (v_quote ->> 'fee')::numeric;
  v_total := v_subtotal + v_fee - v_discount;

  if place_order.payment_method = 'cod' and not (v_quote -> 'cod' ->> 'available')::boolean then
    if v_quote -> 'cod' ->> 'reason' = 'zone' then
      raise exception '% Please choose online payment.', v_quote -> 'cod' ->> 'message'
        using errcode = 'P0001', detail = 'cod_unavailable';
    end if;
    raise exception 'Cash on Delivery is available for orders up to %. Please choose online payment.',
      private.format_inr((v_quote -> 'cod' ->> 'max_total')::numeric)
      using errcode = 'P0001', detail = 'cod_limit', hint = v_quote -> 'cod' ->> 'reason';
  end if;

  -- GST, by private.snapshot_order_tax's rule, worked out before the order is written: the order and
  -- its lines are inserted once with their tax (an update afterwards wrote every order twice, and
  -- place_of_supply is indexed, so that second version was never a HOT update). The place of supply
  -- is the delivery pincode's state, the row delivery_quote read; an address naming another state is
  -- refused rather than taxed wrongly. Each line's rate is the one in force on the order's IST day
  -- (created_at is now()), lines in cart order (the order of their ids).
  if v_settings.gst_state_code is null then
    raise exception 'The store is not set up to take orders yet.' using errcode = 'P0001', detail = 'store_not_configured';
  end if;
  v_state := v_quote -> 'place' ->> 'state_code';
  if v_quote -> 'place' ->> 'state' is distinct from v_address ->> 'state' then
    raise exception 'Pincode % is in %. Please check the state or the pincode.',
      v_address ->> 'pincode', v_quote -> 'place' ->> 'state'
      using errcode = 'P0001', detail = 'state_pincode_mismatch', hint = v_state;
  end if;
  v_supply_type := private.gst_supply_type(v_settings.gst_state_code, v_state);
  select jsonb_agg(
      jsonb_build_object(
        'amount', v.price * (e.line ->> 'quantity')::integer,
        'rate', private.gst_rate(coalesce(p.hsn_code, '9403'), (now() at time zone 'Asia/Kolkata')::date),
        'hsn', coalesce(p.hsn_code, '9403')
      )
      order by e.ord
    )
  into v_tax_lines
  from jsonb_array_elements(v_lines) with ordinality as e (line, ord)
  join public.product_variants as v on v.id = (e.line ->> 'variant_id')::bigint
  join public.products as p on p.id = v.product_id;
  select jsonb_agg(to_jsonb(x) order by x.ord), sum(x.cgst + x.sgst + x.utgst + x.igst)
  into v_split, v_tax_total
  from private.split_gst(v_tax_lines, v_discount, v_fee, v_supply_type) as x;

  insert into public.orders (
    user_id, status, payment_method, payment_status, payment_id, subtotal, delivery_fee, discount, total,
    promo_code_id, promo_code, shipping_address, idempotency_key, estimated_delivery_from, estimated_delivery_to,
    delivery_zone_id, buyer_gstin, buyer_legal_name, place_of_supply, supply_type, tax_total
  )
  values (
    v_uid, 'pending', place_order.payment_method, 'pending',
    case when place_order.payment_method = 'cod'
      then 'COD_' || floor(extract(epoch from clock_timestamp()) * 1000)::bigint::text end,
    v_subtotal, v_fee, v_discount, v_total,
    v_promo.promo_id, v_promo.code, v_address, v_key,
    (v_quote ->> 'delivery_from')::date,
    (v_quote ->> 'delivery_to')::date,
    (v_quote ->> 'zone_id')::bigint, v_buyer_gstin, v_buyer_name, v_state, v_supply_type, v_tax_total
  )
  returning * into v_order;

  insert into public.order_items (
    order_id, product_id, variant_id, sku, variant_title, product_name, product_image, unit_price, quantity,
    selected_color, selected_size, hsn_code, gst_rate, discount_share, delivery_share, taxable_value,
    cgst, sgst, utgst, igst
  )
  select
    v_order.id, p.id, v.id, v.sku, case when coalesce(v.option_signature, '') = '' then null else v.title end,
    p.name, coalesce(v.images[1], p.image_url), v.price, (e.line ->> 'quantity')::integer,
    left(nullif(btrim(coalesce(e.line ->> 'selected_color', e.line ->> 'selectedColor')), ''), 60),
    left(nullif(btrim(coalesce(e.line ->> 'selected_size', e.line ->> 'selectedSize')), ''), 60),
    t.line ->> 'hsn', (t.line ->> 'rate')::numeric, x.discount_share, x.delivery_share, x.taxable_value,
    x.cgst, x.sgst, x.utgst, x.igst
  from jsonb_array_elements(v_lines) with ordinality as e (line, ord)
  join public.product_variants as v on v.id = (e.line ->> 'variant_id')::bigint
  join public.products as p on p.id = v.product_id
  cross join lateral (select v_tax_lines -> (e.ord::integer - 1) as line) as t
  cross join lateral jsonb_to_record(v_split -> (e.ord::integer - 1)) as x (
    discount_share numeric, delivery_share numeric, taxable_value numeric, cgst numeric, sgst numeric, utgst numeric, igst numeric
  )
  order by e.ord;

  insert into public.order_events (order_id, status, location, description)
  values (
    v_order.id, 'Order Placed', v_settings.dispatch_location,
    case when place_order.payment_method = 'cod'
      then 'Your order has been placed. Pay in cash when it is delivered.'
      else 'Your order has been placed and is awaiting payment.' end
  );

  if place_order.payment_method = 'cod' then
    perform private.order_sell_lines(v_order.id);
  else
    with held as (
      insert into public.stock_reservations (order_id, variant_id, quantity, expires_at)
      select v_order.id, w.id, w.quantity, now() + make_interval(mins => v_settings.reservation_minutes)
      from unnest(v_ids, v_qtys) as w (id, quantity)
      join public.product_variants as v on v.id = w.id
      where not v.made_to_order
      order by w.id
      returning variant_id, quantity
    )
    insert into public.stock_movements (variant_id, quantity, reserved_change, reason, order_id, reference)
    select held.variant_id, 0, held.quantity, 'reservation', v_order.id, v_order.order_number
    from held
    order by held.variant_id;
  end if;

  return v_order;
end
$$;
comment on function public.place_order(jsonb, jsonb, public.payment_method, text, text, text, text) is
  'Checkout: variants priced, GST split per line (snapshot_order_tax''s rule, written with the order), optional business buyer GSTIN, stock sold (COD) or held (online) through the ledger, promo from the database, delivery (pincode, items, fee, COD, dates) by private.delivery_quote; idempotent on idempotency_key; limits unpaid online orders and units per product.';
