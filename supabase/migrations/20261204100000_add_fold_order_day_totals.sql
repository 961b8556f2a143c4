-- Fold the kept order sums of past days into one row per key, nightly (issue 22).
--
-- private.order_day_totals (20261201100000) keeps a row per IST day, status, payment method, payment
-- status and writer slot (the writing backend's pid), so concurrent checkouts never queue on one row.
-- Each new backend that writes an order adds rows of its own: over months the table grows with the
-- number of connections that ever wrote, and admin_dashboard() sums them all. Nothing else needs the
-- slots of a day that is over, so every night the rows of earlier days are folded into slot 0 (the
-- slot private.recount_order_day_totals() writes), and keys whose sums are zero disappear.
--
-- Safe beside live writes: an order of an earlier day can still move (a cancellation, a shipment),
-- and its trigger then upserts its own slot's row of that day. The fold deletes the slot rows it
-- folds and adds what it deleted to slot 0 in one statement; a row a concurrent transaction holds
-- is deleted after that transaction ends, with the values it committed (READ COMMITTED re-reads the
-- row), and an upsert that meets a row the fold deleted inserts a new one. Nothing is counted twice
-- or lost; slot 0 is written only by the fold and the recount.

create or replace function private.fold_order_day_totals(before_day date default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- the IST day being traded today is left to its writers
  v_before date := coalesce(before_day, (now() at time zone 'Asia/Kolkata')::date);
  v_folded integer;
begin
  with gone as (
    delete from private.order_day_totals as t
    where t.day < v_before and t.slot <> 0
    returning t.day, t.status, t.payment_method, t.payment_status, t.orders, t.revenue
  ),
  summed as (
    select g.day, g.status, g.payment_method, g.payment_status,
      sum(g.orders)::bigint as orders, sum(g.revenue) as revenue, count(*)::integer as n
    from gone as g
    group by 1, 2, 3, 4
  ),
  kept as (
    insert into private.order_day_totals as t (day, status, payment_method, payment_status, slot, orders, revenue)
    select s.day, s.status, s.payment_method, s.payment_status, 0, s.orders, s.revenue
    from summed as s
    where s.orders <> 0 or s.revenue <> 0
    on conflict (day, status, payment_method, payment_status, slot)
    do update set orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue
  )
  select coalesce(sum(s.n), 0)::integer into v_folded from summed as s;
  -- keys that came to nothing (an order placed one day and moved on later the same way back)
  delete from private.order_day_totals as t
  where t.day < v_before and t.slot = 0 and t.orders = 0 and t.revenue = 0;
  return v_folded;
end
$$;
comment on function private.fold_order_day_totals(date) is
  'Folds private.order_day_totals rows of days before before_day (default: today in IST) into slot 0; returns how many slot rows it folded. Run nightly by pg_cron (fold-order-day-totals).';
revoke all on function private.fold_order_day_totals(date) from public, anon, authenticated, service_role;

-- 02:00 IST (20:30 UTC), after the day's trading.
select cron.schedule('fold-order-day-totals', '30 20 * * *', $job$select private.fold_order_day_totals()$job$);
