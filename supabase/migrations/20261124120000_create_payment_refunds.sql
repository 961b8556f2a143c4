-- A Razorpay payment that arrives after its order was cancelled is never lost (issue 12).
--
-- An unpaid online order is released after 30 minutes (release_unpaid_orders: cancelled, stock
-- returned). The customer may still complete the checkout they opened before, and Razorpay then
-- captures the money. Until now mark_order_paid only noted such a payment "for a refund" that nobody
-- issued. Now, under the order's row lock (so verify-payment and the webhook, in any order and however
-- often, decide once):
--   * an order that was released (orders.released_at) and whose every line's stock (and promo use) is
--     still there is revived: it takes its stock again (products locked in id order, as place_order
--     does, so nothing is oversold), becomes paid and processing, and its timeline says
--     'Payment arrived after the order was released; order revived.';
--   * otherwise (the stock is gone, or the customer or staff cancelled the order) the payment is
--     recorded as paid and a full refund is owed: one payment_refunds row per payment (unique), status
--     'due'. The payment functions, which hold the Razorpay secret, issue it (POST
--     /v1/payments/:id/refund with X-Refund-Idempotency = idempotency_key, which Razorpay dedupes) and
--     record what Razorpay answered:
--       due → pending (Razorpay accepted it) → processed (money returned: payment_status 'refunded').
--     A call that fails leaves it 'due' (attempts, last_error) for the next webhook delivery or a staff
--     retry; Razorpay's refund.failed puts it back to 'due' with a new idempotency key (generation).
--
--   mark_order_paid(order_id, razorpay_payment_id, razorpay_order_id?) → the orders row (as before,
--     plus the above for a cancelled order).
--   due_payment_refunds(order_id?) → the refunds still owed (of one order, or all): service role.
--   record_payment_refund(razorpay_payment_id, razorpay_refund_id, status) → the row, after Razorpay's
--     refund entity said pending, processed or failed (create answer or refund.* webhook): service role.
--   record_payment_refund_error(razorpay_payment_id, error) → the row, after a refund call failed.
--   admin_payment_refunds_due(order_id) → the same as due_payment_refunds, for a fresh admin (the
--     razorpay-refund function checks the caller with it before retrying with the service role).
-- Customers read the refunds of their own orders, staff read all; nobody writes them from a client.

alter table public.orders add column released_at timestamptz;
comment on column public.orders.released_at is
  'When release_unpaid_orders cancelled this unpaid online order (a payment arriving later may revive it).';

create table public.payment_refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete restrict,
  razorpay_payment_id text not null,
  razorpay_refund_id text,
  amount numeric(10, 2) not null,
  status text not null default 'due',
  reason text not null,
  generation integer not null default 1,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  processed_at timestamptz,
  constraint payment_refunds_razorpay_payment_id_key unique (razorpay_payment_id),
  constraint payment_refunds_razorpay_refund_id_key unique (razorpay_refund_id),
  constraint payment_refunds_amount_check check (amount > 0),
  constraint payment_refunds_status_check check (status in ('due', 'pending', 'processed')),
  constraint payment_refunds_refund_id_check check ((status = 'due') = (razorpay_refund_id is null)),
  constraint payment_refunds_reason_check check (length(reason) between 1 and 300),
  constraint payment_refunds_last_error_check check (length(last_error) <= 500),
  constraint payment_refunds_generation_check check (generation >= 1),
  constraint payment_refunds_attempts_check check (attempts >= 0)
);
comment on table public.payment_refunds is
  'Full refunds owed for payments that arrived after their order was cancelled: one per Razorpay payment, issued by the payment functions.';
comment on column public.payment_refunds.status is
  'due: owed, not yet accepted by Razorpay; pending: Razorpay is processing it; processed: money returned.';
comment on column public.payment_refunds.generation is
  'Bumped when Razorpay reports the refund failed, so that the next attempt uses a new idempotency key.';

create index payment_refunds_order_id_idx on public.payment_refunds (order_id);
create index payment_refunds_due_idx on public.payment_refunds (created_at) where status = 'due';

create trigger payment_refunds_set_updated_at
  before update on public.payment_refunds
  for each row execute function private.set_updated_at();

alter table public.payment_refunds enable row level security;
revoke all on table public.payment_refunds from anon, authenticated;
grant select on table public.payment_refunds to authenticated;

create policy "customers read the refunds of their own orders, admins read all"
  on public.payment_refunds for select to authenticated
  using (
    (select private.is_admin())
    or exists (
      select 1 from public.orders as o
      where o.id = payment_refunds.order_id and o.user_id = (select auth.uid())
    )
  );

-- The orders trigger of 20261122100900, with one more move: a released order comes back
-- (cancelled → processing) only together with its payment (pending → paid).
create or replace function private.orders_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.order_number is distinct from old.order_number
    or new.user_id is distinct from old.user_id and new.user_id is not null
    or new.payment_method is distinct from old.payment_method
    or new.subtotal is distinct from old.subtotal
    or new.delivery_fee is distinct from old.delivery_fee
    or new.discount is distinct from old.discount
    or new.total is distinct from old.total
    or new.promo_code_id is distinct from old.promo_code_id and new.promo_code_id is not null
    or new.promo_code is distinct from old.promo_code
    or new.shipping_address is distinct from old.shipping_address
    or new.idempotency_key is distinct from old.idempotency_key
    or new.created_at is distinct from old.created_at
  then
    raise exception 'An order''s number, customer, amounts and address cannot change after it is placed.'
      using errcode = 'P0001', detail = 'order_immutable';
  end if;
  if new.status <> old.status and not (
    (old.status = 'pending' and new.status in ('processing', 'shipped', 'cancelled'))
    or (old.status = 'processing' and new.status in ('shipped', 'cancelled'))
    or (old.status = 'shipped' and new.status = 'delivered')
    or (old.status = 'cancelled' and new.status = 'processing' and old.released_at is not null
      and old.payment_status = 'pending' and new.payment_status = 'paid')
  ) then
    raise exception 'Order % cannot go from % to %.', old.order_number, old.status, new.status
      using errcode = 'P0001', detail = 'invalid_status_transition';
  end if;
  if new.payment_status <> old.payment_status and not (
    (old.payment_status = 'pending' and new.payment_status = 'paid')
    or (old.payment_status = 'paid' and new.payment_status = 'refunded')
  ) then
    raise exception 'The payment of order % cannot go from % to %.', old.order_number, old.payment_status, new.payment_status
      using errcode = 'P0001', detail = 'invalid_payment_transition';
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- Whether a cancelled order's lines could be taken again now: every product still there, in stock
-- and with enough units, and its promo (if any) not used up. The caller holds the product locks.
create or replace function private.order_can_revive(order_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
      select 1
      from (
        select i.product_id, sum(i.quantity)::integer as quantity
        from public.order_items as i
        where i.order_id = order_can_revive.order_id
        group by i.product_id
      ) as w
      left join public.products as p on p.id = w.product_id
      where p.id is null or not p.in_stock or p.stock_quantity < w.quantity
    )
    and not exists (
      select 1
      from public.orders as o
      join public.promo_codes as pc on pc.id = o.promo_code_id
      where o.id = order_can_revive.order_id
        and pc.usage_limit is not null and pc.used_count >= pc.usage_limit
    )
$$;

-- A revived order takes its stock (and promo use) again, the mirror of orders_after_cancel. Products
-- are locked in id order; a shortage refuses the update (mark_order_paid checks first, under the same
-- locks, and refunds instead).
create or replace function private.orders_after_revive()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1
  from public.products as p
  where p.id in (select i.product_id from public.order_items as i where i.order_id = new.id)
  order by p.id
  for update;
  if new.promo_code_id is not null then
    perform 1 from public.promo_codes as pc where pc.id = new.promo_code_id for update;
  end if;
  if not private.order_can_revive(new.id) then
    raise exception 'Order % cannot be revived: its stock is no longer available.', new.order_number
      using errcode = 'P0001', detail = 'revive_out_of_stock';
  end if;
  update public.products as p
  set stock_quantity = p.stock_quantity - i.quantity
  from (
    select oi.product_id, sum(oi.quantity)::integer as quantity
    from public.order_items as oi
    where oi.order_id = new.id
    group by oi.product_id
  ) as i
  where p.id = i.product_id;
  if new.promo_code_id is not null then
    update public.promo_codes as pc set used_count = pc.used_count + 1 where pc.id = new.promo_code_id;
  end if;
  return null;
end
$$;

create trigger orders_after_revive
  after update of status on public.orders
  for each row
  when (old.status = 'cancelled' and new.status <> 'cancelled')
  execute function private.orders_after_revive();

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
    update public.orders as o set status = 'cancelled', released_at = now() where o.id = v_order.id;
    insert into public.order_events (order_id, status, description)
    values (v_order.id, 'Cancelled', 'Payment was not received in time, so the order was cancelled.');
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
comment on function public.release_unpaid_orders(interval) is
  'Service role (a scheduled job): cancel online orders still unpaid after older_than, returning their stock; marks them released.';

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
  -- A replay (verify-payment and the webhook both, a redelivery): the first one decided.
  if v_order.payment_status <> 'pending' then
    return v_order;
  end if;

  if v_order.status <> 'cancelled' then
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
  end if;

  -- The order was cancelled before the payment arrived. Lock what reviving would take, in the
  -- order place_order locks it (products by id, then the promo), and decide.
  perform 1
  from public.products as p
  where p.id in (select i.product_id from public.order_items as i where i.order_id = v_order.id)
  order by p.id
  for update;
  if v_order.promo_code_id is not null then
    perform 1 from public.promo_codes as pc where pc.id = v_order.promo_code_id for update;
  end if;

  if v_order.released_at is not null and private.order_can_revive(v_order.id) then
    update public.orders as o
    set status = 'processing',
        payment_status = 'paid',
        payment_id = v_payment,
        razorpay_payment_id = v_payment
    where o.id = v_order.id
    returning * into v_order;
    insert into public.order_events (order_id, status, description)
    values (
      v_order.id, 'Order Confirmed',
      'Payment arrived after the order was released; order revived. Your order is confirmed and is being prepared.'
    );
    return v_order;
  end if;

  update public.orders as o
  set payment_status = 'paid', payment_id = v_payment, razorpay_payment_id = v_payment
  where o.id = v_order.id
  returning * into v_order;
  insert into public.payment_refunds (order_id, razorpay_payment_id, amount, reason)
  values (
    v_order.id, v_payment, v_order.total,
    case when v_order.released_at is not null
      then 'Payment arrived after the order was released, and its stock was no longer available.'
      else 'Payment arrived after the order was cancelled.' end
  )
  on conflict on constraint payment_refunds_razorpay_payment_id_key do nothing;
  insert into public.order_events (order_id, status, description)
  values (
    v_order.id, 'Cancelled',
    'Payment arrived after the order was cancelled. The full amount will be refunded to your original payment method.'
  );
  return v_order;
end
$$;
comment on function public.mark_order_paid(uuid, text, text) is
  'Service role (payment functions): record a verified Razorpay payment; a released order is revived when its stock is there, else a refund is owed; replays change nothing.';

create or replace function public.due_payment_refunds(order_id uuid default null)
returns setof public.payment_refunds
language sql
stable
security definer
set search_path = ''
as $$
  select r.* from public.payment_refunds as r
  where r.status = 'due' and (due_payment_refunds.order_id is null or r.order_id = due_payment_refunds.order_id)
  order by r.created_at
  limit 100
$$;
comment on function public.due_payment_refunds(uuid) is
  'Service role (payment functions): refunds owed and not yet accepted by Razorpay, of one order or all.';

create or replace function public.record_payment_refund(
  razorpay_payment_id text,
  razorpay_refund_id text,
  status text
)
returns public.payment_refunds
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_refund public.payment_refunds;
begin
  if record_payment_refund.status not in ('pending', 'processed', 'failed')
    or nullif(btrim(record_payment_refund.razorpay_refund_id), '') is null
  then
    raise exception 'A Razorpay refund id and a status of pending, processed or failed are required.'
      using errcode = 'P0001', detail = 'invalid_refund';
  end if;
  select * into v_refund from public.payment_refunds as r
  where r.razorpay_payment_id = record_payment_refund.razorpay_payment_id
  for update;
  if not found then
    return null; -- not a refund of ours (one made in Razorpay's dashboard, say)
  end if;
  -- Another refund than the one we track (an older, failed one): nothing to change.
  if v_refund.razorpay_refund_id is not null and v_refund.razorpay_refund_id <> record_payment_refund.razorpay_refund_id then
    return v_refund;
  end if;
  if record_payment_refund.status = 'failed' then
    if v_refund.status = 'processed' then
      return v_refund;
    end if;
    update public.payment_refunds as r
    set status = 'due', razorpay_refund_id = null, generation = r.generation + 1,
        last_error = 'Razorpay reported refund ' || record_payment_refund.razorpay_refund_id || ' as failed.'
    where r.id = v_refund.id
    returning * into v_refund;
    return v_refund;
  end if;
  -- pending or processed; never backwards from processed.
  update public.payment_refunds as r
  set razorpay_refund_id = record_payment_refund.razorpay_refund_id,
      status = case when r.status = 'processed' then 'processed' else record_payment_refund.status end,
      processed_at = case when record_payment_refund.status = 'processed' then coalesce(r.processed_at, now()) else r.processed_at end,
      last_error = null
  where r.id = v_refund.id
  returning * into v_refund;
  if v_refund.status = 'processed' then
    update public.orders as o set payment_status = 'refunded'
    where o.id = v_refund.order_id and o.payment_status = 'paid';
  end if;
  return v_refund;
end
$$;
comment on function public.record_payment_refund(text, text, text) is
  'Service role (payment functions): record what Razorpay said of a refund (pending, processed, failed); processed marks the order refunded.';

create or replace function public.record_payment_refund_error(razorpay_payment_id text, error text)
returns public.payment_refunds
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_refund public.payment_refunds;
begin
  update public.payment_refunds as r
  set attempts = r.attempts + 1, last_error = left(coalesce(nullif(btrim(record_payment_refund_error.error), ''), 'The refund call failed.'), 500)
  where r.razorpay_payment_id = record_payment_refund_error.razorpay_payment_id and r.status = 'due'
  returning * into v_refund;
  return v_refund;
end
$$;
comment on function public.record_payment_refund_error(text, text) is
  'Service role (payment functions): a refund call failed; the refund stays due for a retry.';

create or replace function public.admin_payment_refunds_due(order_id uuid)
returns setof public.payment_refunds
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin(true);
  return query
    select r.* from public.payment_refunds as r
    where r.order_id = admin_payment_refunds_due.order_id and r.status = 'due'
    order by r.created_at;
end
$$;
comment on function public.admin_payment_refunds_due(uuid) is
  'Admin (razorpay-refund): the refunds still owed on an order, which the function then issues.';

revoke all on function private.order_can_revive(uuid) from public;
revoke all on function private.orders_after_revive() from public;
revoke all on function public.release_unpaid_orders(interval) from public, anon, authenticated;
grant execute on function public.release_unpaid_orders(interval) to service_role;
revoke all on function public.mark_order_paid(uuid, text, text) from public, anon, authenticated;
grant execute on function public.mark_order_paid(uuid, text, text) to service_role;
revoke all on function public.due_payment_refunds(uuid) from public, anon, authenticated;
grant execute on function public.due_payment_refunds(uuid) to service_role;
revoke all on function public.record_payment_refund(text, text, text) from public, anon, authenticated;
grant execute on function public.record_payment_refund(text, text, text) to service_role;
revoke all on function public.record_payment_refund_error(text, text) from public, anon, authenticated;
grant execute on function public.record_payment_refund_error(text, text) to service_role;
revoke all on function public.admin_payment_refunds_due(uuid) from public, anon, authenticated;
grant execute on function public.admin_payment_refunds_due(uuid) to authenticated;
