-- No hoarding (issue 12): a customer could hold the whole stock of a product by placing online
-- orders and never paying (each holds its stock until release_unpaid_orders, 30 minutes), or by
-- ordering a thousand of it. Two store rules in store_settings, enforced by place_order:
--   max_unpaid_online_orders (default 2): online (Razorpay) orders still pending payment that one
--     customer may have; the next is refused: 'You already have 2 online orders waiting for
--     payment. Please pay for or cancel one before placing another online order.'
--     (details 'unpaid_orders_limit'). Cash on delivery is not counted (its stock is taken until
--     the store ships or cancels it, and its total is capped by cod_max_order_total).
--   max_quantity_per_line (default 10): units of one product in one order (its lines summed);
--     'You can order at most 10 of "Sofa" at a time. Please reduce the quantity.'
--     (details 'quantity_limit', hint the product id).
-- The spec's cart has no upper quantity limit (store-spec §cart rules): the cart still takes any
-- number, shows the limit, and the checkout is refused with the message above.
-- A retried checkout (same idempotency key) still returns its order before any limit is checked.
-- Otherwise place_order is as in 20261122101000.

alter table public.store_settings
  add column max_unpaid_online_orders integer not null default 2,
  add column max_quantity_per_line integer not null default 10,
  add constraint store_settings_max_unpaid_online_orders_check check (max_unpaid_online_orders >= 1),
  add constraint store_settings_max_quantity_per_line_check check (max_quantity_per_line between 1 and 9999);
comment on column public.store_settings.max_unpaid_online_orders is
  'Online orders awaiting payment one customer may have at a time.';
comment on column public.store_settings.max_quantity_per_line is
  'Units of one product one order may hold.';
grant update (max_unpaid_online_orders, max_quantity_per_line) on table public.store_settings to authenticated;

create or replace function public.place_order(
  items jsonb,
  shipping_address jsonb,
  payment_method public.payment_method default 'cod',
  promo_code text default null,
  idempotency_key text default null
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
  v_line jsonb;
  v_ids bigint[];
  v_qtys integer[];
  v_missing bigint;
  v_short record;
  v_over record;
  v_unpaid integer;
  v_subtotal numeric(10, 2);
  v_fee numeric(10, 2);
  v_discount numeric(10, 2) := 0;
  v_promo private.promo_outcome;
  v_total numeric(10, 2);
  v_today date := (now() at time zone 'Asia/Kolkata')::date;
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
  if not found then
    raise exception 'The store is not set up to take orders yet.' using errcode = 'P0001', detail = 'store_not_configured';
  end if;

  -- No hoarding (1): online orders hold their stock for 30 minutes until paid; a customer may have
  -- only so many of them waiting. One customer's checkouts queue here so two cannot both pass.
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

  -- The cart: an array of { product_id, quantity } (other keys, prices included, are ignored).
  if place_order.items is null or jsonb_typeof(place_order.items) <> 'array' or jsonb_array_length(place_order.items) = 0 then
    raise exception 'Your cart is empty.' using errcode = 'P0001', detail = 'cart_empty';
  end if;
  if jsonb_array_length(place_order.items) > 50 then
    raise exception 'An order can hold at most 50 lines.' using errcode = 'P0001', detail = 'too_many_items';
  end if;
  for v_line in select value from jsonb_array_elements(place_order.items) loop
    if jsonb_typeof(v_line) <> 'object'
      or coalesce(v_line ->> 'product_id', '') !~ '^[0-9]{1,18}$'
      or coalesce(v_line ->> 'quantity', '') !~ '^[0-9]{1,4}$'
      or (v_line ->> 'quantity')::integer < 1
    then
      raise exception 'An item in your cart is not valid. Please remove it and add it again.'
        using errcode = 'P0001', detail = 'invalid_item';
    end if;
  end loop;

  v_address := private.normalize_shipping_address(place_order.shipping_address);

  -- One figure per product (the same product may be in the cart in two colours).
  select array_agg(l.product_id order by l.product_id), array_agg(l.quantity order by l.product_id)
  into v_ids, v_qtys
  from (
    select (e ->> 'product_id')::bigint as product_id, sum((e ->> 'quantity')::integer)::integer as quantity
    from jsonb_array_elements(place_order.items) as e
    group by 1
  ) as l;

  -- Lock the rows, in id order, so concurrent orders queue instead of deadlocking or overselling.
  perform 1 from public.products as p where p.id = any (v_ids) order by p.id for update;

  select x.id into v_missing
  from unnest(v_ids) as x (id)
  where not exists (select 1 from public.products as p where p.id = x.id)
  order by x.id
  limit 1;
  if v_missing is not null then
    raise exception 'An item in your cart is no longer available. Please remove it to continue.'
      using errcode = 'P0001', detail = 'product_unavailable', hint = v_missing::text;
  end if;

  -- No hoarding (2): at most max_quantity_per_line of one product in an order (its lines summed,
  -- so two colours of one sofa count together).
  select p.id, p.name, w.quantity as wanted
  into v_over
  from unnest(v_ids, v_qtys) as w (id, quantity)
  join public.products as p on p.id = w.id
  where w.quantity > v_settings.max_quantity_per_line
  order by p.id
  limit 1;
  if found then
    raise exception 'You can order at most % of "%" at a time. Please reduce the quantity.',
      v_settings.max_quantity_per_line, v_over.name
      using errcode = 'P0001', detail = 'quantity_limit', hint = v_over.id::text;
  end if;

  select p.id, p.name, p.stock_quantity, p.in_stock, w.quantity as wanted
  into v_short
  from unnest(v_ids, v_qtys) as w (id, quantity)
  join public.products as p on p.id = w.id
  where not p.in_stock or p.stock_quantity < w.quantity
  order by p.id
  limit 1;
  if found then
    if not v_short.in_stock or v_short.stock_quantity = 0 then
      raise exception '"%" is out of stock. Please remove it to continue.', v_short.name
        using errcode = 'P0001', detail = 'out_of_stock', hint = v_short.id::text;
    end if;
    raise exception 'Only % left in stock for "%". Please reduce the quantity.', v_short.stock_quantity, v_short.name
      using errcode = 'P0001', detail = 'insufficient_stock', hint = v_short.id::text;
  end if;

  select sum(p.price * w.quantity)
  into v_subtotal
  from unnest(v_ids, v_qtys) as w (id, quantity)
  join public.products as p on p.id = w.id;

  if v_code is not null then
    perform 1 from public.promo_codes as pc where pc.code = v_code for update;
    v_promo := private.evaluate_promo(v_code, v_subtotal);
    if not v_promo.applied then
      raise exception '%', v_promo.message using errcode = 'P0001', detail = 'promo_' || v_promo.reason;
    end if;
    v_discount := v_promo.discount;
    update public.promo_codes as pc set used_count = pc.used_count + 1 where pc.id = v_promo.promo_id;
  end if;

  v_fee := case when v_subtotal >= v_settings.free_delivery_threshold then 0 else v_settings.delivery_fee end;
  v_total := v_subtotal + v_fee - v_discount;

  if place_order.payment_method = 'cod' and v_total > v_settings.cod_max_order_total then
    raise exception 'Cash on Delivery is available for orders up to %. Please choose online payment.',
      private.format_inr(v_settings.cod_max_order_total)
      using errcode = 'P0001', detail = 'cod_limit';
  end if;

  insert into public.orders (
    user_id, status, payment_method, payment_status, payment_id, subtotal, delivery_fee, discount, total,
    promo_code_id, promo_code, shipping_address, idempotency_key, estimated_delivery_from, estimated_delivery_to
  )
  values (
    v_uid, 'pending', place_order.payment_method, 'pending',
    case when place_order.payment_method = 'cod'
      then 'COD_' || floor(extract(epoch from clock_timestamp()) * 1000)::bigint::text end,
    v_subtotal, v_fee, v_discount, v_total,
    v_promo.promo_id, v_promo.code, v_address, v_key,
    private.add_business_days(v_today, v_settings.delivery_days_min),
    private.add_business_days(v_today, v_settings.delivery_days_max)
  )
  returning * into v_order;

  insert into public.order_items (order_id, product_id, product_name, product_image, unit_price, quantity, selected_color, selected_size)
  select
    v_order.id, p.id, p.name, p.image_url, p.price, (e.line ->> 'quantity')::integer,
    left(nullif(btrim(coalesce(e.line ->> 'selected_color', e.line ->> 'selectedColor')), ''), 60),
    left(nullif(btrim(coalesce(e.line ->> 'selected_size', e.line ->> 'selectedSize')), ''), 60)
  from jsonb_array_elements(place_order.items) with ordinality as e (line, ord)
  join public.products as p on p.id = (e.line ->> 'product_id')::bigint
  order by e.ord;

  insert into public.order_events (order_id, status, location, description)
  values (
    v_order.id, 'Order Placed', v_settings.dispatch_location,
    case when place_order.payment_method = 'cod'
      then 'Your order has been placed. Pay in cash when it is delivered.'
      else 'Your order has been placed and is awaiting payment.' end
  );

  update public.products as p
  set stock_quantity = p.stock_quantity - w.quantity
  from unnest(v_ids, v_qtys) as w (id, quantity)
  where p.id = w.id;

  return v_order;
end
$$;
comment on function public.place_order(jsonb, jsonb, public.payment_method, text, text) is
  'Checkout: prices, stock, promo and delivery fee from the database; idempotent on idempotency_key; limits unpaid online orders and units per product (store_settings).';

revoke all on function public.place_order(jsonb, jsonb, public.payment_method, text, text) from public, anon, authenticated;
grant execute on function public.place_order(jsonb, jsonb, public.payment_method, text, text) to authenticated;
