-- Order tracking and customer cancellation.
--   track_order(order_number, contact?) → the spec's tracking record as JSON, or null when there is
--     no such order or the caller may not see it (the same answer, so numbers cannot be probed).
--     The owner and admins need only the number; a visitor must also give the order's e-mail or
--     phone. Timeline: the spec's six steps (Order Placed, Order Confirmed, Shipped, In Transit,
--     Out for Delivery, Delivered), each with completed and, when reached, its time, location and
--     description; a cancelled order ends with a Cancelled step.
--   cancel_order(order_id) → the owner cancels an order that has not shipped; stock returns.

create or replace function public.track_order(order_number text, contact text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_order public.orders;
  v_contact text := lower(btrim(coalesce(track_order.contact, '')));
  v_allowed boolean;
  v_steps text[] := array['Order Placed', 'Order Confirmed', 'Shipped', 'In Transit', 'Out for Delivery', 'Delivered'];
  v_reached integer;
  v_timeline jsonb;
begin
  select * into v_order from public.orders as o where o.order_number = upper(btrim(coalesce(track_order.order_number, '')));
  if not found then
    return null;
  end if;
  v_allowed := (v_uid is not null and v_order.user_id = v_uid) or private.is_admin();
  if not v_allowed and v_contact <> '' then
    v_allowed := case
      when v_contact like '%@%' then v_contact = v_order.contact_email
      else private.normalize_phone(v_contact) = v_order.contact_phone
    end;
  end if;
  if not v_allowed then
    return null;
  end if;

  -- The furthest step reached (a step may be skipped, e.g. pending straight to shipped).
  select coalesce(max(array_position(v_steps, e.status)), 1) into v_reached
  from public.order_events as e where e.order_id = v_order.id;

  select jsonb_agg(
    jsonb_build_object(
      'status', s.step,
      'completed', s.n <= v_reached,
      'occurred_at', ev.created_at,
      'location', ev.location,
      'description', ev.description
    ) order by s.n
  )
  into v_timeline
  from unnest(v_steps) with ordinality as s (step, n)
  left join lateral (
    select e.created_at, e.location, e.description
    from public.order_events as e
    where e.order_id = v_order.id and e.status = s.step
    order by e.created_at desc, e.id desc
    limit 1
  ) as ev on true;

  if v_order.status = 'cancelled' then
    select v_timeline || jsonb_build_array(jsonb_build_object(
      'status', 'Cancelled', 'completed', true, 'occurred_at', e.created_at,
      'location', e.location, 'description', e.description
    ))
    into v_timeline
    from (
      select ev.created_at, ev.location, ev.description from public.order_events as ev
      where ev.order_id = v_order.id and ev.status = 'Cancelled'
      order by ev.created_at desc, ev.id desc limit 1
    ) as e;
  end if;

  return jsonb_build_object(
    'order_id', v_order.id,
    'order_number', v_order.order_number,
    'status', v_order.status,
    'payment_method', v_order.payment_method,
    'payment_status', v_order.payment_status,
    'placed_at', v_order.created_at,
    'estimated_delivery_from', v_order.estimated_delivery_from,
    'estimated_delivery_to', v_order.estimated_delivery_to,
    'current_location', (
      select e.location from public.order_events as e
      where e.order_id = v_order.id and e.location is not null
      order by e.created_at desc, e.id desc limit 1
    ),
    'subtotal', v_order.subtotal,
    'delivery_fee', v_order.delivery_fee,
    'discount', v_order.discount,
    'total', v_order.total,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', i.product_name, 'quantity', i.quantity, 'price', i.unit_price, 'line_total', i.line_total,
        'image_url', i.product_image, 'product_id', i.product_id,
        'selected_color', i.selected_color, 'selected_size', i.selected_size
      ) order by i.id)
      from public.order_items as i where i.order_id = v_order.id
    ), '[]'::jsonb),
    'timeline', v_timeline
  );
end
$$;
comment on function public.track_order(text, text) is
  'Tracking record for an order number: owner and admins by number; visitors also need the order''s e-mail or phone. Null when not found or not allowed.';

create or replace function public.cancel_order(order_id uuid)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_order public.orders;
  v_location text;
begin
  select * into v_order from public.orders as o where o.id = cancel_order.order_id for update;
  if not found or v_uid is null or v_order.user_id is distinct from v_uid then
    raise exception 'Order not found.' using errcode = 'P0001', detail = 'order_not_found';
  end if;
  if v_order.status = 'cancelled' then
    return v_order;
  end if;
  if v_order.status not in ('pending', 'processing') then
    raise exception 'Order % has already shipped and can no longer be cancelled.', v_order.order_number
      using errcode = 'P0001', detail = 'not_cancellable';
  end if;
  update public.orders as o set status = 'cancelled' where o.id = v_order.id returning * into v_order;
  select s.dispatch_location into v_location from public.store_settings as s where s.id;
  insert into public.order_events (order_id, status, location, description)
  values (
    v_order.id, 'Cancelled', v_location,
    case when v_order.payment_status = 'paid'
      then 'Cancelled at your request. Your payment will be refunded to the original payment method.'
      else 'Cancelled at your request.' end
  );
  return v_order;
end
$$;
comment on function public.cancel_order(uuid) is
  'The owner cancels an order that has not shipped (pending or processing); its stock returns.';

revoke all on function public.track_order(text, text) from public, anon, authenticated;
grant execute on function public.track_order(text, text) to anon, authenticated, service_role;
revoke all on function public.cancel_order(uuid) from public, anon, authenticated;
grant execute on function public.cancel_order(uuid) to authenticated;
