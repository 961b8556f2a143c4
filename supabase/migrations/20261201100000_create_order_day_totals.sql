-- admin_dashboard()'s order figures kept, not counted (issue 22).
--
-- At 1,000,000 orders the dashboard did not answer within authenticated's 8 s statement timeout
-- (`pnpm bench:catalog`, supabase/bench/catalog/README.md): every order figure was a pass over all
-- orders (all-time totals, a count per status, the orders staff may ship now per order, the last 30
-- days). Every one of them is a sum over orders grouped by the IST day of created_at, status,
-- payment method and payment status (what private.order_allowed_transitions reads), so those sums
-- are kept:
--   private.order_day_totals   per IST day, status, payment method, payment status and slot: how
--                              many orders and the sum of their totals. A figure is the sum of its
--                              rows; a row may go negative (an order placed through one slot and
--                              cancelled through another).
-- A row trigger on orders adds +1/+total for the new row and -1/-total for the old one (an insert,
-- a delete, an update of created_at, status, payment_method, payment_status or total). The slot is
-- the writing backend's pid: a backend runs one transaction at a time, so two transactions never
-- write the same row and concurrent checkouts do not queue on today's row (a single per-day row
-- would be held by each place_order from its insert to its commit). The triggers fire in
-- replication mode too (enable always: the tests backdate orders there, and a fix-up in that mode
-- must not leave the figures behind); a bulk load disables them and calls
-- private.recount_order_day_totals() (as here, once).

create table private.order_day_totals (
  day date not null,
  status public.order_status not null,
  payment_method public.payment_method not null,
  payment_status public.payment_status not null,
  slot integer not null,
  orders bigint not null,
  revenue numeric not null,
  primary key (day, status, payment_method, payment_status, slot)
);
comment on table private.order_day_totals is
  'Orders and the sum of their totals per IST day of created_at, status, payment method, payment status and writer slot; kept by triggers on public.orders (admin_dashboard).';
revoke all on table private.order_day_totals from public, anon, authenticated, service_role;

create or replace function private.orders_keep_day_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_slot integer := pg_backend_pid();
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into private.order_day_totals as t (day, status, payment_method, payment_status, slot, orders, revenue)
    values (
      (old.created_at at time zone 'Asia/Kolkata')::date, old.status, old.payment_method, old.payment_status,
      v_slot, -1, -old.total
    )
    on conflict (day, status, payment_method, payment_status, slot)
    do update set orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.order_day_totals as t (day, status, payment_method, payment_status, slot, orders, revenue)
    values (
      (new.created_at at time zone 'Asia/Kolkata')::date, new.status, new.payment_method, new.payment_status,
      v_slot, 1, new.total
    )
    on conflict (day, status, payment_method, payment_status, slot)
    do update set orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue;
  end if;
  return null;
end
$$;
comment on function private.orders_keep_day_totals() is
  'AFTER row trigger on orders: moves the order''s count and total between private.order_day_totals rows.';
revoke all on function private.orders_keep_day_totals() from public, anon, authenticated;

create or replace function private.orders_clear_day_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.order_day_totals;
  return null;
end
$$;
revoke all on function private.orders_clear_day_totals() from public, anon, authenticated;

create trigger orders_keep_day_totals
  after insert or delete on public.orders
  for each row execute function private.orders_keep_day_totals();
create trigger orders_keep_day_totals_moved
  after update of created_at, status, payment_method, payment_status, total on public.orders
  for each row
  when ((old.created_at, old.status, old.payment_method, old.payment_status, old.total)
    is distinct from (new.created_at, new.status, new.payment_method, new.payment_status, new.total))
  execute function private.orders_keep_day_totals();
create trigger orders_clear_day_totals
  after truncate on public.orders
  for each statement execute function private.orders_clear_day_totals();
alter table public.orders enable always trigger orders_keep_day_totals;
alter table public.orders enable always trigger orders_keep_day_totals_moved;
alter table public.orders enable always trigger orders_clear_day_totals;

-- Everything again from the orders, in one pass (here, and after a bulk load with the triggers off).
create or replace function private.recount_order_day_totals()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  lock table public.orders in share mode;
  lock table private.order_day_totals in exclusive mode;
  delete from private.order_day_totals;
  insert into private.order_day_totals (day, status, payment_method, payment_status, slot, orders, revenue)
  select (o.created_at at time zone 'Asia/Kolkata')::date, o.status, o.payment_method, o.payment_status, 0,
    count(*), sum(o.total)
  from public.orders as o
  group by 1, 2, 3, 4;
end
$$;
comment on function private.recount_order_day_totals() is
  'Recounts private.order_day_totals from public.orders (after a bulk load with its triggers disabled).';
revoke all on function private.recount_order_day_totals() from public, anon, authenticated;

select private.recount_order_day_totals();

-- The dashboard: the same keys and figures, the order figures from the kept sums (a few thousand
-- rows: one per day of trading and combination of status, method and payment status, per slot).
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
  perform private.require_staff();
  select s.low_stock_threshold into v_low from public.store_settings as s where s.id;
  v_low := coalesce(v_low, 5);
  with kinds as (
    select t.status, t.payment_method, t.payment_status,
      sum(t.orders)::bigint as orders, sum(t.revenue) as revenue
    from private.order_day_totals as t
    group by 1, 2, 3
  ),
  days as (
    select t.day, sum(t.orders)::bigint as orders, sum(t.revenue) as revenue
    from private.order_day_totals as t
    where t.day >= v_today - 29 and t.status <> 'cancelled'
    group by 1
  ),
  totals as (
    select
      coalesce(sum(k.orders), 0)::bigint as total_orders,
      coalesce(sum(k.orders) filter (where k.status <> 'cancelled'), 0)::bigint as valid_orders,
      coalesce(sum(k.revenue) filter (where k.status <> 'cancelled'), 0) as revenue,
      coalesce(sum(k.orders) filter (where k.status = 'pending'), 0)::bigint as pending_orders,
      coalesce(sum(k.orders) filter (
        where k.status in ('pending', 'processing')
          and 'shipped' = any (private.order_allowed_transitions(k.status, k.payment_method, k.payment_status))
      ), 0)::bigint as awaiting_shipment
    from kinds as k
  )
  select jsonb_build_object(
    'total_orders', t.total_orders,
    'revenue', t.revenue,
    'average_order_value', case when t.valid_orders > 0 then round(t.revenue / t.valid_orders, 2) else 0 end,
    'pending_orders', t.pending_orders,
    'orders_by_status', (
      select jsonb_object_agg(s.status, (select coalesce(sum(k.orders), 0)::bigint from kinds as k where k.status = s.status))
      from unnest(enum_range(null::public.order_status)) as s (status)
    ),
    'today', (
      select jsonb_build_object('orders', coalesce(sum(d.orders), 0)::bigint, 'revenue', coalesce(sum(d.revenue), 0))
      from days as d where d.day = v_today
    ),
    'yesterday', (
      select jsonb_build_object('orders', coalesce(sum(d.orders), 0)::bigint, 'revenue', coalesce(sum(d.revenue), 0))
      from days as d where d.day = v_today - 1
    ),
    'awaiting_shipment', t.awaiting_shipment,
    'returns_requested', (select count(*) from public.returns as r where r.status = 'requested'),
    'returns_open', (
      select count(*) from public.returns as r
      where r.status in ('requested', 'approved', 'pickup_scheduled', 'picked_up', 'received')
    ),
    'pending_reviews', (select count(*) from public.reviews as r where r.status = 'pending'),
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
    'low_stock_alerts', (select count(*) from public.stock_alerts as a where a.resolved_at is null),
    'low_stock_variants', coalesce((
      select jsonb_agg(jsonb_build_object(
        'alert_id', a.id, 'variant_id', v.id, 'product_id', p.id, 'product_name', p.name, 'sku', v.sku,
        'title', v.title, 'stock_quantity', v.stock_quantity, 'threshold', a.threshold, 'created_at', a.created_at
      ) order by a.created_at desc)
      from (
        select * from public.stock_alerts as a where a.resolved_at is null order by a.created_at desc limit 20
      ) as a
      join public.product_variants as v on v.id = a.variant_id
      join public.products as p on p.id = a.product_id
    ), '[]'::jsonb),
    'sales_last_30_days', (
      select jsonb_agg(jsonb_build_object(
        'date', to_char(g.day, 'YYYY-MM-DD'), 'orders', coalesce(d.orders, 0), 'revenue', coalesce(d.revenue, 0)
      ) order by g.day)
      from (select v_today - n as day from generate_series(0, 29) as n) as g
      left join days as d on d.day = g.day
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
  from totals as t;
  return v_result;
end
$$;
