-- Customers as staff read them, and the dashboard as a manager reads it (issue 21).
--
-- Customers. The list needs each customer's e-mail (it lives in auth.users, which no API role may
-- read), phone, how many orders and how much they spent, sorted and searched over every customer:
-- at the bench's scale (50,000 customers, 1,000,000 orders) a sort by "total spent" computed per
-- request would aggregate every order. So the figures are kept, not computed on read:
--   public.customer_stats   one row per account: email (copied from auth.users by a trigger),
--     order_count (every order placed, cancelled ones too: the orders the customer page lists),
--     total_spent (what the store was paid and kept: the totals of orders whose payment was
--     captured, that is payment_status paid, partially_refunded or refunded (a cash-on-delivery
--     order once delivered), less the refunds processed on them; pending and failed refunds
--     are not taken off), last_order_at. Staff read it (private.is_admin()); nobody writes it
--     from a client.
--   private.refresh_customer_stats(user_id)  recounts one customer from their orders and refunds
--     (never adds or subtracts: a recount cannot drift). Called by deferred constraint triggers
--     on orders and refunds, so it runs at commit, once the transaction's own writes are done, and
--     holds the customer's row lock only for the recount. It locks the row before counting, so of
--     two transactions changing one customer's orders at once the second counts after the first
--     has committed (read committed: the next statement's snapshot sees it).
--   public.customers        a security-invoker view: profiles joined to customer_stats (id,
--     full_name, email, phone, order_count, total_spent, last_order_at, created_at). Under the
--     tables' own RLS staff see every customer; a customer sees nothing (no customer_stats row is
--     theirs to read); anon has no grant. Indexes on the sorted columns keep a page a top-N scan.
--
-- Dashboard. admin_dashboard() keeps its keys and adds what a manager asks for first, on IST days
-- (Asia/Kolkata midnight to midnight):
--   today / yesterday      {orders, revenue}: orders placed that day, cancelled ones left out,
--                          revenue their totals (the same rule as the sales chart)
--   awaiting_shipment      orders staff may ship now (pending or processing, and not an unpaid
--                          online order: private.order_allowed_transitions offers 'shipped')
--   returns_requested      returns waiting for a decision (the menu's count)
--   returns_open           returns staff still have to move (requested to received: the queue)
--   pending_reviews        reviews waiting for moderation
--   sales_last_30_days     each day's date as 'YYYY-MM-DD' (was a timestamp at UTC midnight)

-- Customer figures --------------------------------------------------------------------------------

create table public.customer_stats (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text,
  order_count integer not null default 0,
  total_spent numeric(12, 2) not null default 0,
  last_order_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint customer_stats_order_count_check check (order_count >= 0)
);
comment on table public.customer_stats is
  'Per account: e-mail (from auth.users), orders placed, total spent net of processed refunds; kept by triggers, read by staff.';
comment on column public.customer_stats.total_spent is
  'Totals of orders whose payment was captured (paid, partially_refunded, refunded) less their processed refunds.';

create index customer_stats_total_spent_idx on public.customer_stats (total_spent desc, user_id);
create index customer_stats_order_count_idx on public.customer_stats (order_count desc, user_id);
create index customer_stats_last_order_at_idx on public.customer_stats (last_order_at desc nulls last, user_id);

alter table public.customer_stats enable row level security;
revoke all on table public.customer_stats from anon, authenticated;
grant select on table public.customer_stats to authenticated;

create policy "staff read customer figures"
  on public.customer_stats for select to authenticated
  using ((select private.is_admin()));

create or replace function private.refresh_customer_stats(p_user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_user_id is null then
    return;
  end if;
  insert into public.customer_stats (user_id, email)
  select u.id, u.email from auth.users as u where u.id = p_user_id
  on conflict (user_id) do nothing;
  -- Lock first; the recount below is a new statement with a new snapshot.
  perform 1 from public.customer_stats as s where s.user_id = p_user_id for update;
  update public.customer_stats as s
  set order_count = o.order_count,
      total_spent = o.paid - r.refunded,
      last_order_at = o.last_order_at,
      updated_at = now()
  from (
    select
      count(*)::integer as order_count,
      coalesce(sum(x.total) filter (where x.payment_status in ('paid', 'partially_refunded', 'refunded')), 0) as paid,
      max(x.created_at) as last_order_at
    from public.orders as x
    where x.user_id = p_user_id
  ) as o,
  (
    select coalesce(sum(f.amount), 0) as refunded
    from public.refunds as f
    join public.orders as x on x.id = f.order_id
    where x.user_id = p_user_id and f.status = 'processed'
  ) as r
  where s.user_id = p_user_id;
end
$$;
comment on function private.refresh_customer_stats(uuid) is
  'Recounts one customer''s customer_stats row from their orders and processed refunds.';
revoke all on function private.refresh_customer_stats(uuid) from public, anon, authenticated;

create or replace function private.orders_refresh_customer_stats()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_customer_stats(new.user_id);
  elsif tg_op = 'DELETE' then
    perform private.refresh_customer_stats(old.user_id);
  else
    perform private.refresh_customer_stats(old.user_id);
    if new.user_id is distinct from old.user_id then
      perform private.refresh_customer_stats(new.user_id);
    end if;
  end if;
  return null;
end
$$;
revoke all on function private.orders_refresh_customer_stats() from public, anon, authenticated;

create constraint trigger orders_refresh_customer_stats
  after insert or update of user_id, status, payment_status, total or delete on public.orders
  deferrable initially deferred
  for each row execute function private.orders_refresh_customer_stats();

create or replace function private.refunds_refresh_customer_stats()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_customer_stats(o.user_id)
  from public.orders as o
  where o.id = case when tg_op = 'DELETE' then old.order_id else new.order_id end;
  return null;
end
$$;
revoke all on function private.refunds_refresh_customer_stats() from public, anon, authenticated;

create constraint trigger refunds_refresh_customer_stats
  after insert or update of status, amount, order_id or delete on public.refunds
  deferrable initially deferred
  for each row execute function private.refunds_refresh_customer_stats();

-- Every account has its row from sign-up (a customer without orders is listed too), and its
-- e-mail follows auth.users.
create or replace function private.users_sync_customer_stats()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.customer_stats (user_id, email)
  values (new.id, new.email)
  on conflict (user_id) do update set email = excluded.email, updated_at = now()
  where public.customer_stats.email is distinct from excluded.email;
  return null;
end
$$;
revoke all on function private.users_sync_customer_stats() from public, anon, authenticated;

create trigger on_auth_user_sync_customer_stats
  after insert or update of email on auth.users
  for each row execute function private.users_sync_customer_stats();

-- The accounts and orders there are now, in one pass.
insert into public.customer_stats (user_id, email, order_count, total_spent, last_order_at)
select
  u.id,
  u.email,
  coalesce(o.order_count, 0),
  coalesce(o.paid, 0) - coalesce(r.refunded, 0),
  o.last_order_at
from auth.users as u
left join (
  select
    x.user_id,
    count(*)::integer as order_count,
    coalesce(sum(x.total) filter (where x.payment_status in ('paid', 'partially_refunded', 'refunded')), 0) as paid,
    max(x.created_at) as last_order_at
  from public.orders as x
  group by x.user_id
) as o on o.user_id = u.id
left join (
  select x.user_id, sum(f.amount) as refunded
  from public.refunds as f
  join public.orders as x on x.id = f.order_id
  where f.status = 'processed'
  group by x.user_id
) as r on r.user_id = u.id
on conflict (user_id) do nothing;

create view public.customers
with (security_invoker = true)
as
select
  p.id,
  p.full_name,
  s.email,
  p.phone,
  s.order_count,
  s.total_spent,
  s.last_order_at,
  p.created_at
from public.profiles as p
join public.customer_stats as s on s.user_id = p.id;
comment on view public.customers is
  'Staff''s customer list: profile, e-mail, orders placed and total spent (customer_stats). Security invoker: the tables'' RLS decides.';

revoke all on table public.customers from anon, authenticated;
grant select on table public.customers to authenticated;

-- Dashboard ------------------------------------------------------------------------------------------

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
  v_today_start timestamptz := (v_today::timestamp at time zone 'Asia/Kolkata');
  v_yesterday_start timestamptz := ((v_today - 1)::timestamp at time zone 'Asia/Kolkata');
  v_tomorrow_start timestamptz := ((v_today + 1)::timestamp at time zone 'Asia/Kolkata');
  v_result jsonb;
begin
  perform private.require_staff();
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
    'today', (
      select jsonb_build_object('orders', count(*), 'revenue', coalesce(sum(o.total), 0))
      from public.orders as o
      where o.created_at >= v_today_start and o.created_at < v_tomorrow_start and o.status <> 'cancelled'
    ),
    'yesterday', (
      select jsonb_build_object('orders', count(*), 'revenue', coalesce(sum(o.total), 0))
      from public.orders as o
      where o.created_at >= v_yesterday_start and o.created_at < v_today_start and o.status <> 'cancelled'
    ),
    'awaiting_shipment', (
      select count(*)
      from public.orders as o
      where o.status in ('pending', 'processing')
        and 'shipped' = any (private.order_allowed_transitions(o.status, o.payment_method, o.payment_status))
    ),
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
        'date', to_char(d.day, 'YYYY-MM-DD'), 'orders', coalesce(s.orders, 0), 'revenue', coalesce(s.revenue, 0)
      ) order by d.day)
      from (select v_today - g as day from generate_series(0, 29) as g) as d
      left join (
        select (o.created_at at time zone 'Asia/Kolkata')::date as day, count(*) as orders, sum(o.total) as revenue
        from public.orders as o
        where o.status <> 'cancelled'
          and o.created_at >= ((v_today - 29)::timestamp at time zone 'Asia/Kolkata')
        group by 1
      ) as s on s.day = d.day
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
