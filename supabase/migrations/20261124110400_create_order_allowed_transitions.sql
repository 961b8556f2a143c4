-- Staff moves, one rule (issue 12). The console offered Cancel on a shipped order (the database
-- refuses it) and Ship on an online order nobody had paid for (the database allowed it). Now one
-- function says which statuses staff may move an order to, and both the database and the console
-- use it:
--   private.order_allowed_transitions(status, payment_method, payment_status) → order_status[]
--     pending | processing → shipped, cancelled (and pending → processing), but an online
--       (Razorpay) order that is not paid may only be cancelled;
--     shipped → delivered; delivered and cancelled are final.
--   public.allowed_transitions(orders) → the same for a row: a PostgREST computed column, so the
--     admin reads `select=*,allowed_transitions` and offers exactly those buttons.
-- admin_set_order_status refuses anything else, and says why for an unpaid online order:
-- 'Order ORD… has not been paid online yet, so it cannot be shipped.' (details 'unpaid_online_order').
-- The orders trigger (orders_before_update) keeps the wider rule every writer obeys (payments, the
-- release job); staff moves are a subset of it.

create or replace function private.order_allowed_transitions(
  status public.order_status,
  payment_method public.payment_method,
  payment_status public.payment_status
)
returns public.order_status[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when status in ('pending', 'processing') and payment_method = 'razorpay' and payment_status <> 'paid'
      then array['cancelled']::public.order_status[]
    when status = 'pending' then array['processing', 'shipped', 'cancelled']::public.order_status[]
    when status = 'processing' then array['shipped', 'cancelled']::public.order_status[]
    when status = 'shipped' then array['delivered']::public.order_status[]
    else array[]::public.order_status[]
  end
$$;
comment on function private.order_allowed_transitions(public.order_status, public.payment_method, public.payment_status) is
  'The statuses staff may move an order to (admin_set_order_status and the console''s buttons).';

create or replace function public.allowed_transitions(public.orders)
returns public.order_status[]
language sql
stable
set search_path = ''
as $$
  select private.order_allowed_transitions($1.status, $1.payment_method, $1.payment_status)
$$;
comment on function public.allowed_transitions(public.orders) is
  'Computed column: the statuses staff may move this order to (select=*,allowed_transitions).';

revoke all on function private.order_allowed_transitions(public.order_status, public.payment_method, public.payment_status) from public;
grant execute on function private.order_allowed_transitions(public.order_status, public.payment_method, public.payment_status) to authenticated, service_role;
revoke all on function public.allowed_transitions(public.orders) from public, anon, authenticated;
grant execute on function public.allowed_transitions(public.orders) to authenticated, service_role;

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
  if v_order.payment_method = 'razorpay' and v_order.payment_status <> 'paid'
    and admin_set_order_status.status in ('processing', 'shipped', 'delivered')
  then
    raise exception 'Order % has not been paid online yet, so it cannot be %.', v_order.order_number,
      case admin_set_order_status.status when 'processing' then 'confirmed' else admin_set_order_status.status::text end
      using errcode = 'P0001', detail = 'unpaid_online_order';
  end if;
  if not admin_set_order_status.status = any (private.order_allowed_transitions(v_order.status, v_order.payment_method, v_order.payment_status)) then
    raise exception 'Order % cannot go from % to %.', v_order.order_number, v_order.status, admin_set_order_status.status
      using errcode = 'P0001', detail = 'invalid_status_transition';
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
  'Admin: move an order to a status allowed_transitions offers (never an unpaid online order past cancelled) and add the timeline event; cancelling restocks.';

revoke all on function public.admin_set_order_status(uuid, public.order_status, text, text) from public, anon, authenticated;
grant execute on function public.admin_set_order_status(uuid, public.order_status, text, text) to authenticated;
