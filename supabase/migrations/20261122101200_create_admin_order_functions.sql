-- What the admin console calls for orders (the spec's Ship button, made to work, and more):
--   admin_set_order_status(order_id, status, location?, description?) → the orders row, with the
--     timeline event for the move (processing → Order Confirmed, shipped → Shipped, delivered →
--     Delivered, cancelled → Cancelled, which restocks). A delivered cash-on-delivery order is paid.
--   admin_add_order_event(order_id, status, location?, description?) → the order_events row, for the
--     steps between Shipped and Delivered (In Transit, Out for Delivery).
--   admin_dashboard() → the dashboard's figures as JSON (replacing the spec's fixed "125").
-- Writes need a fresh admin (signed in under 8 hours); the dashboard needs an admin.

create or replace function private.require_admin(fresh boolean)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only store staff can do this.' using errcode = '42501', detail = 'not_admin';
  end if;
  if fresh and not private.is_fresh_admin() then
    raise exception 'Your admin session has expired. Please sign in again.' using errcode = '42501', detail = 'admin_session_expired';
  end if;
end
$$;

create or replace function public.admin_set_order_status(
  order_id uuid,
  status public.order_status,
  location text default null,
  description text default null
)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_step text;
begin
  perform private.require_admin(true);
  select * into v_order from public.orders as o where o.id = admin_set_order_status.order_id for update;
  if not found then
    raise exception 'Order not found.' using errcode = 'P0001', detail = 'order_not_found';
  end if;
  if v_order.status = admin_set_order_status.status then
    raise exception 'Order % is already %.', v_order.order_number, v_order.status
      using errcode = 'P0001', detail = 'unchanged';
  end if;
  v_step := case admin_set_order_status.status
    when 'processing' then 'Order Confirmed'
    when 'shipped' then 'Shipped'
    when 'delivered' then 'Delivered'
    when 'cancelled' then 'Cancelled'
  end;
  if v_step is null then
    raise exception 'Order % cannot go from % to %.', v_order.order_number, v_order.status, admin_set_order_status.status
      using errcode = 'P0001', detail = 'invalid_status_transition';
  end if;
  update public.orders as o
  set status = admin_set_order_status.status,
      payment_status = case
        when admin_set_order_status.status = 'delivered' and o.payment_method = 'cod' and o.payment_status = 'pending'
        then 'paid'::public.payment_status
        else o.payment_status
      end
  where o.id = v_order.id
  returning * into v_order;
  insert into public.order_events (order_id, status, location, description)
  values (
    v_order.id, v_step,
    nullif(btrim(admin_set_order_status.location), ''),
    coalesce(nullif(btrim(admin_set_order_status.description), ''), case v_step
      when 'Order Confirmed' then 'Your order has been confirmed and is being prepared.'
      when 'Shipped' then 'Your order has been handed to our delivery partner.'
      when 'Delivered' then 'Your order has been delivered.'
      when 'Cancelled' then 'Your order has been cancelled by the store.'
    end)
  );
  return v_order;
end
$$;
comment on function public.admin_set_order_status(uuid, public.order_status, text, text) is
  'Admin: move an order along its status (valid moves only) and add the timeline event; cancelling restocks.';

create or replace function public.admin_add_order_event(
  order_id uuid,
  status text,
  location text default null,
  description text default null
)
returns public.order_events
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_event public.order_events;
begin
  perform private.require_admin(true);
  select * into v_order from public.orders as o where o.id = admin_add_order_event.order_id for update;
  if not found then
    raise exception 'Order not found.' using errcode = 'P0001', detail = 'order_not_found';
  end if;
  if admin_add_order_event.status not in ('In Transit', 'Out for Delivery') then
    raise exception 'Use admin_set_order_status for %; this adds only In Transit and Out for Delivery.', admin_add_order_event.status
      using errcode = 'P0001', detail = 'invalid_event';
  end if;
  if v_order.status <> 'shipped' then
    raise exception 'Order % is %, not shipped.', v_order.order_number, v_order.status
      using errcode = 'P0001', detail = 'not_shipped';
  end if;
  insert into public.order_events (order_id, status, location, description)
  values (
    v_order.id, admin_add_order_event.status,
    nullif(btrim(admin_add_order_event.location), ''),
    coalesce(nullif(btrim(admin_add_order_event.description), ''), case admin_add_order_event.status
      when 'In Transit' then 'Your order is on its way.'
      else 'Your order is out for delivery today.'
    end)
  )
  returning * into v_event;
  return v_event;
end
$$;
comment on function public.admin_add_order_event(uuid, text, text, text) is
  'Admin: add an In Transit or Out for Delivery step to a shipped order''s timeline.';

-- Revenue counts every order that is not cancelled; days are India's calendar days.
create or replace function public.admin_dashboard()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_low integer;
  v_today date := (now() at time zone 'Asia/Kolkata')::date;
  v_result jsonb;
begin
  perform private.require_admin(false);
  select s.low_stock_threshold into v_low from public.store_settings as s where s.id;
  v_low := coalesce(v_low, 5);
  select jsonb_build_object(
    'total_orders', t.total_orders,
    'revenue', t.revenue,
    'average_order_value', case when t.valid_orders > 0 then round(t.revenue / t.valid_orders, 2) else 0 end,
    'pending_orders', t.pending_orders,
    'orders_by_status', (
      select jsonb_object_agg(s.status, (select count(*) from public.orders as o where o.status = s.status))
      from unnest(enum_range(null::public.order_status)) as s (status)
    ),
    'total_products', (select count(*) from public.products),
    'out_of_stock_products', (select count(*) from public.products as p where not p.in_stock or p.stock_quantity = 0),
    'total_customers', (select count(*) from public.profiles),
    'low_stock_threshold', v_low,
    'low_stock_products', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'slug', p.slug, 'stock_quantity', p.stock_quantity, 'in_stock', p.in_stock)
        order by p.stock_quantity, p.name)
      from (
        select * from public.products as p where p.stock_quantity <= v_low order by p.stock_quantity, p.name limit 20
      ) as p
    ), '[]'::jsonb),
    'sales_last_30_days', (
      select jsonb_agg(jsonb_build_object('date', d.day, 'orders', coalesce(s.orders, 0), 'revenue', coalesce(s.revenue, 0)) order by d.day)
      from generate_series(v_today - 29, v_today, interval '1 day') as d (day)
      left join (
        select (o.created_at at time zone 'Asia/Kolkata')::date as day, count(*) as orders, sum(o.total) as revenue
        from public.orders as o
        where o.status <> 'cancelled'
          and o.created_at >= ((v_today - 29)::timestamp at time zone 'Asia/Kolkata')
        group by 1
      ) as s on s.day = d.day::date
    ),
    'recent_orders', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', o.id, 'order_number', o.order_number, 'customer', o.shipping_address ->> 'fullName',
        'email', o.contact_email, 'total', o.total, 'status', o.status, 'payment_status', o.payment_status,
        'created_at', o.created_at
      ) order by o.created_at desc)
      from (select * from public.orders as o order by o.created_at desc limit 5) as o
    ), '[]'::jsonb)
  )
  into v_result
  from (
    select
      count(*) as total_orders,
      count(*) filter (where o.status <> 'cancelled') as valid_orders,
      coalesce(sum(o.total) filter (where o.status <> 'cancelled'), 0) as revenue,
      count(*) filter (where o.status = 'pending') as pending_orders
    from public.orders as o
  ) as t;
  return v_result;
end
$$;
comment on function public.admin_dashboard() is
  'Admin dashboard figures: orders, revenue, average order value, pending, low stock, sales of the last 30 days, recent orders.';

revoke all on all functions in schema private from public;
revoke all on function public.admin_set_order_status(uuid, public.order_status, text, text) from public, anon, authenticated;
grant execute on function public.admin_set_order_status(uuid, public.order_status, text, text) to authenticated;
revoke all on function public.admin_add_order_event(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.admin_add_order_event(uuid, text, text, text) to authenticated;
revoke all on function public.admin_dashboard() from public, anon, authenticated;
grant execute on function public.admin_dashboard() to authenticated;
