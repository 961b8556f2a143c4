-- A new order adds itself to its customer's figures instead of recounting them (issue 22).
--
-- Every place_order ran private.refresh_customer_stats at commit (20261129100200): a recount of all
-- the customer's orders and processed refunds, so a checkout cost grew with the customer's history
-- (~1 ms of the ~8.6 ms a checkout takes in the database at bench scale, more for a customer with
-- hundreds of orders). An insert now adds one order, its total when its payment is already captured
-- (a new order has no refunds yet) and its time, to the customer's row; an update or delete of an
-- order and every refund still recount. Exact with the other writers: the increment is one UPDATE of
-- the customer's locked row, and a recount locks the row before it counts in a new statement (read
-- committed: a new snapshot), so each counts what the other committed before it, never twice. An
-- order inserted and then changed in the same transaction is recounted by the update's event,
-- queued after the insert's (db-customers-dashboard: customer_stats = a recount for every account,
-- after concurrent orders of one customer too).

create or replace function private.count_new_order(
  p_user_id uuid,
  p_total numeric,
  p_payment_status public.payment_status,
  p_created_at timestamptz
)
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
  update public.customer_stats as s
  set order_count = s.order_count + 1,
      total_spent = s.total_spent
        + case when p_payment_status in ('paid', 'partially_refunded', 'refunded') then p_total else 0 end,
      last_order_at = greatest(s.last_order_at, p_created_at),
      updated_at = now()
  where s.user_id = p_user_id;
  if not found then
    -- no row yet (an account from before customer_stats, or one whose row was removed): count it all
    perform private.refresh_customer_stats(p_user_id);
  end if;
end
$$;
comment on function private.count_new_order(uuid, numeric, public.payment_status, timestamptz) is
  'Adds one new order to its customer''s customer_stats row (the orders insert trigger); recounts when the row is missing.';
revoke all on function private.count_new_order(uuid, numeric, public.payment_status, timestamptz) from public, anon, authenticated;

create or replace function private.orders_refresh_customer_stats()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.count_new_order(new.user_id, new.total, new.payment_status, new.created_at);
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
