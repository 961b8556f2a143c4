-- place_order records the GST inside the order (issue 18): an optional business buyer (GSTIN and
-- registered name, printed on the invoice), and, once the lines are in, each line's HSN, rate, share
-- of the discount and of the delivery fee, taxable value and CGST/SGST/UTGST or IGST
-- (private.snapshot_order_tax, docs/gst.md). A store without its GSTIN takes no orders: the place of
-- supply decides the tax, and it is read against the store's state. The rest is 20261125100200's.

drop function public.place_order(jsonb, jsonb, public.payment_method, text, text);

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
  v_uid uuid := (select auth.uid());
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

  insert into public.orders (
    user_id, status, payment_method, payment_status, payment_id, subtotal, delivery_fee, discount, total,
    promo_code_id, promo_code, shipping_address, idempotency_key, estimated_delivery_from, estimated_delivery_to,
    delivery_zone_id, buyer_gstin, buyer_legal_name
  )
  values (
    v_uid, 'pending', place_order.payment_method, 'pending',
    case when place_order.payment_method = 'cod'
      then 'COD_' || floor(extract(epoch from clock_timestamp()) * 1000)::bigint::text end,
    v_subtotal, v_fee, v_discount, v_total,
    v_promo.promo_id, v_promo.code, v_address, v_key,
    (v_quote ->> 'delivery_from')::date,
    (v_quote ->> 'delivery_to')::date,
    (v_quote ->> 'zone_id')::bigint, v_buyer_gstin, v_buyer_name
  )
  returning * into v_order;

  insert into public.order_items (
    order_id, product_id, variant_id, sku, variant_title, product_name, product_image, unit_price, quantity,
    selected_color, selected_size
  )
  select
    v_order.id, p.id, v.id, v.sku, case when coalesce(v.option_signature, '') = '' then null else v.title end,
    p.name, coalesce(v.images[1], p.image_url), v.price, (e.line ->> 'quantity')::integer,
    left(nullif(btrim(coalesce(e.line ->> 'selected_color', e.line ->> 'selectedColor')), ''), 60),
    left(nullif(btrim(coalesce(e.line ->> 'selected_size', e.line ->> 'selectedSize')), ''), 60)
  from jsonb_array_elements(v_lines) with ordinality as e (line, ord)
  join public.product_variants as v on v.id = (e.line ->> 'variant_id')::bigint
  join public.products as p on p.id = v.product_id
  order by e.ord;

  perform private.snapshot_order_tax(v_order.id);
  select * into v_order from public.orders as o where o.id = v_order.id;

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
  'Checkout: variants priced, GST split per line (snapshot_order_tax), optional business buyer GSTIN, stock sold (COD) or held (online) through the ledger, promo from the database, delivery (pincode, items, fee, COD, dates) by private.delivery_quote; idempotent on idempotency_key; limits unpaid online orders and units per product.';
revoke all on function public.place_order(jsonb, jsonb, public.payment_method, text, text, text, text) from public, anon, authenticated;
grant execute on function public.place_order(jsonb, jsonb, public.payment_method, text, text, text, text) to authenticated;
