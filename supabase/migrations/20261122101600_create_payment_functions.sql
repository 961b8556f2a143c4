-- What the payment Edge Functions (service role, holding the Razorpay secrets) call, so that a
-- payment moves an order only forward, whatever order and however often the events arrive:
--   mark_order_paid(order_id, razorpay_payment_id, razorpay_order_id?) → the orders row. A pending
--     order becomes paid and processing, with the timeline's 'Order Confirmed'. A replay (already
--     paid or refunded) changes nothing. A payment for a different Razorpay order is refused. A
--     payment that arrives after the order was released (cancelled) is recorded as paid, for a refund.
--   release_unpaid_orders(older_than) → how many online orders still unpaid after `older_than`
--     (30 minutes by default) were cancelled, giving their stock back (the cancel trigger).
-- Neither is callable by anon or authenticated users.

create or replace function public.mark_order_paid(
  order_id uuid,
  razorpay_payment_id text,
  razorpay_order_id text default null
)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_payment text := nullif(btrim(mark_order_paid.razorpay_payment_id), '');
begin
  if v_payment is null then
    raise exception 'A payment id is required.' using errcode = 'P0001', detail = 'payment_id_missing';
  end if;
  select * into v_order from public.orders as o where o.id = mark_order_paid.order_id for update;
  if not found then
    raise exception 'Order not found.' using errcode = 'P0001', detail = 'order_not_found';
  end if;
  if v_order.payment_method <> 'razorpay' then
    raise exception 'Order % is not paid online.', v_order.order_number using errcode = 'P0001', detail = 'not_online_payment';
  end if;
  if mark_order_paid.razorpay_order_id is not null
    and v_order.razorpay_order_id is distinct from mark_order_paid.razorpay_order_id then
    raise exception 'This payment belongs to another order.' using errcode = 'P0001', detail = 'razorpay_order_mismatch';
  end if;
  if v_order.payment_status <> 'pending' then
    return v_order;
  end if;
  update public.orders as o
  set payment_status = 'paid',
      payment_id = v_payment,
      razorpay_payment_id = v_payment,
      status = case when o.status = 'pending' then 'processing'::public.order_status else o.status end
  where o.id = v_order.id
  returning * into v_order;
  if v_order.status = 'processing' then
    insert into public.order_events (order_id, status, description)
    values (v_order.id, 'Order Confirmed', 'Payment received. Your order is confirmed and is being prepared.');
  end if;
  return v_order;
end
$$;
comment on function public.mark_order_paid(uuid, text, text) is
  'Service role (payment functions): record a verified Razorpay payment; only moves an order forward, replays change nothing.';

create or replace function public.release_unpaid_orders(older_than interval default interval '30 minutes')
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order record;
  v_count integer := 0;
begin
  for v_order in
    select o.id from public.orders as o
    where o.payment_method = 'razorpay' and o.payment_status = 'pending' and o.status = 'pending'
      and o.created_at < now() - release_unpaid_orders.older_than
    order by o.created_at
    for update skip locked
  loop
    update public.orders as o set status = 'cancelled' where o.id = v_order.id;
    insert into public.order_events (order_id, status, description)
    values (v_order.id, 'Cancelled', 'Payment was not received in time, so the order was cancelled.');
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
comment on function public.release_unpaid_orders(interval) is
  'Service role (a scheduled job): cancel online orders still unpaid after older_than, returning their stock.';

revoke all on function public.mark_order_paid(uuid, text, text) from public, anon, authenticated;
grant execute on function public.mark_order_paid(uuid, text, text) to service_role;
revoke all on function public.release_unpaid_orders(interval) from public, anon, authenticated;
grant execute on function public.release_unpaid_orders(interval) to service_role;
