-- place_order: the checkout, in one transaction, trusting nothing the browser says about money.
--   supabase.rpc('place_order', {
--     items: [{ product_id, quantity, selected_color?, selected_size? }],   -- any price sent is ignored
--     shipping_address: { fullName, email, phone, address, city, state, pincode },
--     payment_method: 'cod' | 'razorpay',
--     promo_code: 'SAVE10' | null,
--     idempotency_key: '<uuid made once per checkout>',
--   })  →  the orders row
-- Locks the products (FOR UPDATE, in id order), refuses what is unknown, out of stock or short,
-- prices every line from the table, applies the promo rule (locked, counted) and the delivery rule
-- (store_settings), caps cash on delivery, writes the order, its items and the first tracking event
-- ('Order Placed'), and takes the stock. The same idempotency key returns the same order (a retry,
-- a double click), never a second one. Refusals are P0001 errors whose message the storefront can
-- show as it is, with a machine-readable reason in `details` (see supabase/README.md).

-- The spec's shipping address, trimmed and checked, with only its own keys (anything else sent is
-- dropped). Phone is stored as the 10 digits, pincode without spaces.
create or replace function private.normalize_shipping_address(address jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_name text;
  v_email text;
  v_phone text;
  v_line text;
  v_city text;
  v_state text;
  v_pincode text;
begin
  if address is null or jsonb_typeof(address) <> 'object' then
    raise exception 'Please fill in all required fields.' using errcode = 'P0001', detail = 'address_incomplete';
  end if;
  v_name := btrim(coalesce(address ->> 'fullName', address ->> 'full_name', ''));
  v_email := lower(btrim(coalesce(address ->> 'email', '')));
  v_phone := btrim(coalesce(address ->> 'phone', ''));
  v_line := btrim(coalesce(address ->> 'address', ''));
  v_city := btrim(coalesce(address ->> 'city', ''));
  v_state := btrim(coalesce(address ->> 'state', ''));
  v_pincode := regexp_replace(coalesce(address ->> 'pincode', ''), '\s', '', 'g');
  if '' in (v_name, v_email, v_phone, v_line, v_city, v_state, v_pincode) then
    raise exception 'Please fill in all required fields.' using errcode = 'P0001', detail = 'address_incomplete';
  end if;
  if greatest(length(v_name), length(v_email), length(v_city), length(v_state)) > 100 or length(v_line) > 500 then
    raise exception 'Please shorten the shipping address.' using errcode = 'P0001', detail = 'address_too_long';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address.' using errcode = 'P0001', detail = 'invalid_email';
  end if;
  v_phone := private.normalize_phone(v_phone);
  if v_phone is null or v_phone !~ '^[6-9][0-9]{9}$' then
    raise exception 'Please enter a valid 10-digit mobile number.' using errcode = 'P0001', detail = 'invalid_phone';
  end if;
  if v_pincode !~ '^[1-9][0-9]{5}$' then
    raise exception 'Please enter a valid 6-digit pincode.' using errcode = 'P0001', detail = 'invalid_pincode';
  end if;
  return jsonb_build_object(
    'fullName', v_name, 'email', v_email, 'phone', v_phone, 'address', v_line,
    'city', v_city, 'state', v_state, 'pincode', v_pincode
  );
end
$$;

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

  select * into v_settings from public.store_settings as s where s.id;
  if not found then
    raise exception 'The store is not set up to take orders yet.' using errcode = 'P0001', detail = 'store_not_configured';
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
  'Checkout: prices, stock, promo and delivery fee from the database; idempotent on idempotency_key.';

revoke all on all functions in schema private from public;
revoke all on function public.place_order(jsonb, jsonb, public.payment_method, text, text) from public, anon, authenticated;
grant execute on function public.place_order(jsonb, jsonb, public.payment_method, text, text) to authenticated;
