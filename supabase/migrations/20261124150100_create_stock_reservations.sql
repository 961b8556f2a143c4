-- Stock through the ledger (issue 16): checkout sells or reserves variants, payment converts a
-- reservation into a sale, cancellation gives back what was sold or held, staff adjust with a reason,
-- low stock raises one alert per crossing, and shoppers can ask to be told when a variant is back.
--
-- Reservations: an online (Razorpay) order holds its stock until paid instead of selling it. What a
-- shopper can buy is the stock on hand minus the reservations that have not expired
-- (public.available_quantity), so held stock comes back on time even when the release job is late —
-- Saleor counts only live reservations the same way. store_settings.reservation_minutes (30) is the
-- hold; release_unpaid_orders() then cancels the unpaid order (and records the release). Payment
-- converts the hold into a sale if the stock is still there (always, while the hold is live), else the
-- order is cancelled and the payment refunded. Cash on delivery sells at once.
--
-- Every change is a stock_movements row (20261124150000): sale (−q; a converted hold also −q
-- reserved), reservation (+q reserved), release (−q reserved), cancellation (+q: what the order had
-- sold, read from the ledger itself, so COD, paid, revived and older orders all restock alike), and
-- adjustment / receipt / import by staff (admin_adjust_stock). Made-to-order variants are not
-- stock-tracked.

alter table public.store_settings
  add column reservation_minutes integer not null default 30,
  add constraint store_settings_reservation_minutes_check check (reservation_minutes between 1 and 1440);
comment on column public.store_settings.reservation_minutes is
  'How long an unpaid online order holds its stock.';
grant update (reservation_minutes) on table public.store_settings to authenticated;

create table public.stock_reservations (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  variant_id bigint not null references public.product_variants (id) on delete cascade,
  quantity integer not null,
  expires_at timestamptz not null,
  status text not null default 'active',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint stock_reservations_order_id_variant_id_key unique (order_id, variant_id),
  constraint stock_reservations_quantity_check check (quantity >= 1),
  constraint stock_reservations_status_check check (status in ('active', 'converted', 'released'))
);
comment on table public.stock_reservations is
  'Stock held by unpaid online orders: counts against availability while active and expires_at is ahead.';
-- available_quantity: the live holds of one variant.
create index stock_reservations_variant_id_expires_at_idx on public.stock_reservations (variant_id, expires_at)
  where status = 'active';

create table public.stock_alerts (
  id bigint generated always as identity primary key,
  variant_id bigint not null references public.product_variants (id) on delete cascade,
  product_id bigint not null references public.products (id) on delete cascade,
  threshold integer not null,
  stock_quantity integer not null,
  created_at timestamptz not null default now(),
  resolved_at timestamptz
);
comment on table public.stock_alerts is
  'Low stock: one row each time a variant''s on-hand stock falls to its threshold; resolved when it rises above again.';
create unique index stock_alerts_open_variant_key on public.stock_alerts (variant_id) where resolved_at is null;
create index stock_alerts_created_at_idx on public.stock_alerts (created_at desc) where resolved_at is null;
create index stock_alerts_product_id_idx on public.stock_alerts (product_id);

create table public.back_in_stock_requests (
  id bigint generated always as identity primary key,
  variant_id bigint not null references public.product_variants (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  notified_at timestamptz
);
comment on table public.back_in_stock_requests is
  '"Notify me when back in stock": one waiting request per customer and variant; mailed once through the outbox.';
create unique index back_in_stock_requests_waiting_key on public.back_in_stock_requests (variant_id, user_id)
  where notified_at is null;
create index back_in_stock_requests_user_id_idx on public.back_in_stock_requests (user_id);

-- What can be bought now --------------------------------------------------------------------------

-- Live holds on a variant by orders other than one (null: all).
create or replace function private.live_reserved(variant_id bigint, except_order uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(r.quantity), 0)::integer
  from public.stock_reservations as r
  where r.variant_id = live_reserved.variant_id and r.status = 'active' and r.expires_at > now()
    and r.order_id is distinct from live_reserved.except_order
$$;

create or replace function public.reserved_quantity(public.product_variants)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select private.live_reserved($1.id, null)
$$;
comment on function public.reserved_quantity(public.product_variants) is
  'Units held by unpaid online orders whose hold has not expired.';

create or replace function public.available_quantity(public.product_variants)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select greatest($1.stock_quantity - private.live_reserved($1.id, null), 0)
$$;
comment on function public.available_quantity(public.product_variants) is
  'Stock a shopper can buy now: on hand minus live reservations (made-to-order variants are not limited by it).';

-- Low stock and back in stock, on every stock change --------------------------------------------

create or replace function private.product_variants_stock_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer;
begin
  if new.made_to_order then
    return null;
  end if;
  select coalesce(new.low_stock_threshold, s.low_stock_threshold, 5) into v_threshold
  from (select 1) as one left join public.store_settings as s on s.id;
  if old.stock_quantity > v_threshold and new.stock_quantity <= v_threshold then
    insert into public.stock_alerts (variant_id, product_id, threshold, stock_quantity)
    values (new.id, new.product_id, v_threshold, new.stock_quantity)
    on conflict (variant_id) where resolved_at is null do nothing;
  elsif new.stock_quantity > v_threshold then
    update public.stock_alerts as a set resolved_at = now()
    where a.variant_id = new.id and a.resolved_at is null;
  end if;
  return null;
end
$$;

create trigger product_variants_stock_changed
  after update of stock_quantity on public.product_variants
  for each row
  when (old.stock_quantity is distinct from new.stock_quantity)
  execute function private.product_variants_stock_changed();

alter table public.notification_outbox
  alter column order_id drop not null,
  drop constraint notification_outbox_event_check,
  add constraint notification_outbox_event_check check (
    event in (
      'order_placed', 'order_paid', 'shipped', 'out_for_delivery', 'delivered', 'cancelled',
      'refund_initiated', 'refund_processed', 'back_in_stock'
    )
  ),
  add constraint notification_outbox_order_id_check check ((order_id is null) = (event = 'back_in_stock'));
comment on column public.notification_outbox.dedupe_key is
  '<event>/<order, refund or back-in-stock request id>: the same event never queues two mails.';

-- When stock comes back (a receipt, a cancellation, a released hold), waiting shoppers get one mail.
create or replace function private.stock_movements_notify_back_in_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.product_variants;
begin
  if new.variant_id is null
    or not exists (
      select 1 from public.back_in_stock_requests as b where b.variant_id = new.variant_id and b.notified_at is null
    )
  then
    return null;
  end if;
  select * into v from public.product_variants as pv where pv.id = new.variant_id;
  if not v.is_active or public.available_quantity(v) <= 0 then
    return null;
  end if;
  with waiting as (
    update public.back_in_stock_requests as b
    set notified_at = now()
    where b.variant_id = v.id and b.notified_at is null
    returning b.id, b.email
  )
  insert into public.notification_outbox (event, order_id, recipient, payload, dedupe_key)
  select 'back_in_stock', null, w.email,
    jsonb_build_object(
      'product_name', p.name,
      'variant_title', case when coalesce(v.option_signature, '') = '' then null else v.title end,
      'sku', v.sku,
      'url_path', '/product/' || p.slug || '?variant=' || v.sku,
      'image', coalesce(v.images[1], p.image_url),
      'price', v.price
    ),
    'back_in_stock/' || w.id
  from waiting as w
  cross join public.products as p
  where p.id = v.product_id
  on conflict on constraint notification_outbox_dedupe_key_key do nothing;
  return null;
end
$$;

create trigger stock_movements_notify_back_in_stock
  after insert on public.stock_movements
  for each row
  when (new.quantity > 0 or new.reserved_change < 0)
  execute function private.stock_movements_notify_back_in_stock();

-- claim_notifications: back-in-stock mails have no order (never suppressed).
create or replace function public.claim_notifications(max_rows integer default 20, lease_seconds integer default 300)
returns setof public.notification_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if max_rows is null or max_rows not between 1 and 100 then
    raise exception 'max_rows must be between 1 and 100.' using errcode = '22023';
  end if;
  if lease_seconds is null or lease_seconds not between 10 and 3600 then
    raise exception 'lease_seconds must be between 10 and 3600.' using errcode = '22023';
  end if;

  return query
    with due as (
      select n.id, n.event, n.order_id
      from public.notification_outbox as n
      where (n.status in ('pending', 'failed') and n.next_attempt_at <= now())
        or (n.status = 'sending' and n.locked_until < now())
      order by n.next_attempt_at, n.id
      limit claim_notifications.max_rows
      for update skip locked
    ),
    decided as (
      -- A confirmation for an order cancelled before it went out is not sent: the cancellation is.
      select due.id,
        coalesce(due.event in ('order_placed', 'order_paid') and o.status = 'cancelled', false) as suppress
      from due
      left join public.orders as o on o.id = due.order_id
    ),
    claimed as (
      update public.notification_outbox as n
      set status = case when d.suppress then 'suppressed' else 'sending' end,
        attempts = case when d.suppress then n.attempts else least(n.attempts + 1, n.max_attempts) end,
        locked_until = case when d.suppress then null
          else now() + make_interval(secs => claim_notifications.lease_seconds) end,
        last_error = case when d.suppress then 'The order was cancelled before this confirmation was sent.'
          else n.last_error end
      from decided as d
      where n.id = d.id
      returning n.*
    )
    select * from claimed where claimed.status = 'sending';
end
$$;

-- Orders take, hold and give back stock ---------------------------------------------------------

-- Orders placed before variants took their stock from products: the ledger records those units as
-- imported and sold to the order, so cancelling such an order restocks it like any other.
insert into public.stock_movements (variant_id, quantity, reason, note, actor)
select i.variant_id, sum(i.quantity)::integer, 'import', 'Units held by orders placed before variants', null
from public.order_items as i
join public.orders as o on o.id = i.order_id
where o.status in ('pending', 'processing', 'shipped') and i.variant_id is not null
group by i.variant_id
order by i.variant_id;
insert into public.stock_movements (variant_id, quantity, reason, order_id, reference, note, actor)
select i.variant_id, -sum(i.quantity)::integer, 'sale', o.id, o.order_number, 'Placed before variants', null
from public.order_items as i
join public.orders as o on o.id = i.order_id
where o.status in ('pending', 'processing', 'shipped') and i.variant_id is not null
group by o.id, o.order_number, i.variant_id
order by i.variant_id, o.id;

-- Sell an order's lines now (cash on delivery, a revived order): one 'sale' per stock-tracked variant.
create or replace function private.order_sell_lines(order_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.stock_movements (variant_id, quantity, reason, order_id, reference)
  select i.variant_id, -sum(i.quantity)::integer, 'sale', o.id, o.order_number
  from public.order_items as i
  join public.orders as o on o.id = i.order_id
  join public.product_variants as v on v.id = i.variant_id
  where i.order_id = order_sell_lines.order_id and not v.made_to_order
  group by o.id, o.order_number, i.variant_id
  order by i.variant_id
$$;

-- Whether an order's lines can be sold now (its own holds aside): every variant there, active and
-- with enough stock not held by others; its promo not used up. The caller holds the variant locks.
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
        select i.variant_id, sum(i.quantity)::integer as quantity
        from public.order_items as i
        where i.order_id = order_can_revive.order_id
        group by i.variant_id
      ) as w
      left join public.product_variants as v on v.id = w.variant_id
      left join public.products as p on p.id = v.product_id
      where v.id is null or not v.is_active or not p.in_stock
        or (not v.made_to_order
          and v.stock_quantity - private.live_reserved(v.id, order_can_revive.order_id) < w.quantity)
    )
    and not exists (
      select 1
      from public.orders as o
      join public.promo_codes as pc on pc.id = o.promo_code_id
      where o.id = order_can_revive.order_id
        and pc.usage_limit is not null and pc.used_count >= pc.usage_limit
    )
$$;

-- Lock an order's variants, then their products, each in id order (as place_order does), so orders,
-- cancellations and adjustments never deadlock: every stock movement also updates its product's
-- summary row, so the products are taken explicitly, in order, before any movement — and after the
-- variants, the order a staff edit of one variant takes them in (its row, then the summary).
create or replace function private.lock_order_variants(order_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select null::void from (
    select 1 from public.product_variants as v
    where v.id in (select i.variant_id from public.order_items as i where i.order_id = lock_order_variants.order_id)
    order by v.id
    for update
  ) as variants_locked;
  select null::void from (
    select 1 from public.products as p
    where p.id in (
      select v.product_id from public.order_items as i
      join public.product_variants as v on v.id = i.variant_id
      where i.order_id = lock_order_variants.order_id
    )
    order by p.id
    for no key update
  ) as products_locked
$$;

-- A cancelled order gives back what it held (releases) and what it had sold (the ledger says what).
create or replace function private.orders_after_cancel()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_order_variants(new.id);
  with released as (
    update public.stock_reservations as r
    set status = 'released', updated_at = now()
    where r.order_id = new.id and r.status = 'active'
    returning r.variant_id, r.quantity
  )
  insert into public.stock_movements (variant_id, quantity, reserved_change, reason, order_id, reference)
  select released.variant_id, 0, -released.quantity, 'release', new.id, new.order_number
  from released
  order by released.variant_id;
  insert into public.stock_movements (variant_id, quantity, reason, order_id, reference)
  select m.variant_id, -sum(m.quantity)::integer, 'cancellation', new.id, new.order_number
  from public.stock_movements as m
  where m.order_id = new.id and m.variant_id is not null and m.reason in ('sale', 'cancellation')
  group by m.variant_id
  having sum(m.quantity) < 0
  order by m.variant_id;
  if new.promo_code_id is not null then
    update public.promo_codes as pc
    set used_count = greatest(pc.used_count - 1, 0)
    where pc.id = new.promo_code_id;
  end if;
  return null;
end
$$;

-- A revived order (paid after it was released) takes its stock again as a sale.
create or replace function private.orders_after_revive()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_order_variants(new.id);
  if new.promo_code_id is not null then
    perform 1 from public.promo_codes as pc where pc.id = new.promo_code_id for update;
  end if;
  if not private.order_can_revive(new.id) then
    raise exception 'Order % cannot be revived: its stock is no longer available.', new.order_number
      using errcode = 'P0001', detail = 'revive_out_of_stock';
  end if;
  perform private.order_sell_lines(new.id);
  if new.promo_code_id is not null then
    update public.promo_codes as pc set used_count = pc.used_count + 1 where pc.id = new.promo_code_id;
  end if;
  return null;
end
$$;

-- Payment converts an order's holds into sales when the stock is there (false: it is not).
create or replace function private.order_convert_reservations(order_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders as o where o.id = order_convert_reservations.order_id;
  perform private.lock_order_variants(v_order.id);
  if not private.order_can_revive(v_order.id) then
    return false;
  end if;
  with converted as (
    update public.stock_reservations as r
    set status = 'converted', updated_at = now()
    where r.order_id = v_order.id and r.status = 'active'
    returning r.variant_id, r.quantity
  )
  insert into public.stock_movements (variant_id, quantity, reserved_change, reason, order_id, reference)
  select c.variant_id, -c.quantity, -c.quantity, 'sale', v_order.id, v_order.order_number
  from converted as c
  order by c.variant_id;
  -- Lines that held nothing (an order placed before reservations) are sold now.
  insert into public.stock_movements (variant_id, quantity, reason, order_id, reference)
  select i.variant_id, -sum(i.quantity)::integer, 'sale', v_order.id, v_order.order_number
  from public.order_items as i
  join public.product_variants as v on v.id = i.variant_id
  where i.order_id = v_order.id and not v.made_to_order
    and not exists (select 1 from public.stock_reservations as r where r.order_id = v_order.id and r.variant_id = i.variant_id)
    and not exists (select 1 from public.stock_movements as m where m.order_id = v_order.id and m.variant_id = i.variant_id and m.reason = 'sale')
  group by i.variant_id
  order by i.variant_id;
  return true;
end
$$;

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
    if private.order_convert_reservations(v_order.id) then
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
    -- The hold expired and the stock went to someone else before the payment came: cancel, refund.
    update public.orders as o
    set status = 'cancelled', released_at = now(), payment_status = 'paid', payment_id = v_payment, razorpay_payment_id = v_payment
    where o.id = v_order.id
    returning * into v_order;
    insert into public.payment_refunds (order_id, razorpay_payment_id, amount, reason)
    values (v_order.id, v_payment, v_order.total,
      'Payment arrived after the order''s stock hold expired, and the stock was no longer available.')
    on conflict on constraint payment_refunds_razorpay_payment_id_key do nothing;
    insert into public.order_events (order_id, status, description)
    values (
      v_order.id, 'Cancelled',
      'Payment arrived after the items were no longer held for you, and they are now out of stock. The full amount will be refunded to your original payment method.'
    );
    return v_order;
  end if;

  -- The order was cancelled before the payment arrived. Lock what reviving would take, in the
  -- order place_order locks it (variants by id, then the promo), and decide.
  perform private.lock_order_variants(v_order.id);
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

-- Unpaid online orders whose hold has expired (older orders, without holds: reservation_minutes after
-- they were placed); with older_than, also any older than that.
drop function public.release_unpaid_orders(interval);
create function public.release_unpaid_orders(older_than interval default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order record;
  v_count integer := 0;
  v_hold interval;
begin
  select make_interval(mins => s.reservation_minutes) into v_hold from public.store_settings as s where s.id;
  v_hold := coalesce(v_hold, interval '30 minutes');
  for v_order in
    select o.id from public.orders as o
    where o.payment_method = 'razorpay' and o.payment_status = 'pending' and o.status = 'pending'
      and (
        coalesce(
          (select max(r.expires_at) from public.stock_reservations as r where r.order_id = o.id),
          o.created_at + v_hold
        ) <= now()
        or (release_unpaid_orders.older_than is not null and o.created_at < now() - release_unpaid_orders.older_than)
      )
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
  'Service role (a scheduled job): cancel online orders whose stock hold expired unpaid (or older than older_than), releasing the holds; marks them released.';
revoke all on function public.release_unpaid_orders(interval) from public, anon, authenticated;
grant execute on function public.release_unpaid_orders(interval) to service_role;

select cron.schedule('release-unpaid-orders', '*/5 * * * *', $job$select public.release_unpaid_orders()$job$);

-- Checkout --------------------------------------------------------------------------------------

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
  v_lines jsonb;
  v_ids bigint[];
  v_qtys integer[];
  v_missing record;
  v_short record;
  v_over record;
  v_unpaid integer;
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

  select * into v_settings from public.store_settings as s where s.id;
  if not found then
    raise exception 'The store is not set up to take orders yet.' using errcode = 'P0001', detail = 'store_not_configured';
  end if;

  -- No hoarding (1): a customer may have only so many online orders holding stock unpaid.
  if place_order.payment_method = 'razorpay' then
    perform pg_advisory_xact_lock(hashtextextended('place_order_unpaid:' || v_uid::text, 0));
    select count(*)::integer into v_unpaid
    from public.orders as o
    where o.user_id = v_uid and o.payment_method = 'razorpay' and o.payment_status = 'pending' and o.status = 'pending';
    if v_unpaid >= v_settings.max_unpaid_online_orders then
      raise exception 'You already have % waiting for payment. Please pay for or cancel one before placing another online order.',
        case when v_unpaid = 1 then 'an online order' else v_unpaid::text || ' online orders' end
        using errcode = 'P0001', detail = 'unpaid_orders_limit', hint = v_settings.max_unpaid_online_orders::text;
    end if;
  end if;

  -- The cart: an array of { variant_id, quantity } ({ product_id } alone: that product's default
  -- variant, for carts saved before variants). Other keys, prices included, are ignored.
  if place_order.items is null or jsonb_typeof(place_order.items) <> 'array' or jsonb_array_length(place_order.items) = 0 then
    raise exception 'Your cart is empty.' using errcode = 'P0001', detail = 'cart_empty';
  end if;
  if jsonb_array_length(place_order.items) > 50 then
    raise exception 'An order can hold at most 50 lines.' using errcode = 'P0001', detail = 'too_many_items';
  end if;
  for v_line in select value from jsonb_array_elements(place_order.items) loop
    if jsonb_typeof(v_line) <> 'object'
      or not (
        coalesce(v_line ->> 'variant_id', '') ~ '^[0-9]{1,18}$'
        or (coalesce(v_line -> 'variant_id', 'null'::jsonb) = 'null'::jsonb
          and coalesce(v_line ->> 'product_id', '') ~ '^[0-9]{1,18}$')
      )
      or coalesce(v_line ->> 'quantity', '') !~ '^[0-9]{1,4}$'
      or (v_line ->> 'quantity')::integer < 1
    then
      raise exception 'An item in your cart is not valid. Please remove it and add it again.'
        using errcode = 'P0001', detail = 'invalid_item';
    end if;
  end loop;

  v_address := private.normalize_shipping_address(place_order.shipping_address);

  -- Each line with its variant (a legacy line resolved to its product's default variant; 0 if none).
  select jsonb_agg(
      jsonb_build_object(
        'variant_id', coalesce(
          (e.line ->> 'variant_id')::bigint,
          (select v.id from public.product_variants as v where v.product_id = (e.line ->> 'product_id')::bigint and v.is_default),
          0
        ),
        'quantity', (e.line ->> 'quantity')::integer,
        'selected_color', e.line -> 'selected_color', 'selectedColor', e.line -> 'selectedColor',
        'selected_size', e.line -> 'selected_size', 'selectedSize', e.line -> 'selectedSize'
      )
      order by e.ord
    )
  into v_lines
  from jsonb_array_elements(place_order.items) with ordinality as e (line, ord);

  -- One figure per variant (the same variant may be in the cart twice).
  select array_agg(l.variant_id order by l.variant_id), array_agg(l.quantity order by l.variant_id)
  into v_ids, v_qtys
  from (
    select (e ->> 'variant_id')::bigint as variant_id, sum((e ->> 'quantity')::integer)::integer as quantity
    from jsonb_array_elements(v_lines) as e
    group by 1
  ) as l;

  -- Lock the variants, then their products, each in id order, so concurrent orders queue instead of
  -- deadlocking or overselling (a sale also updates its product's summary row; a staff edit of a
  -- variant takes its row and then the summary, the same order).
  perform 1 from public.product_variants as v where v.id = any (v_ids) order by v.id for update;
  perform 1 from public.products as p
  where p.id in (select v.product_id from public.product_variants as v where v.id = any (v_ids))
  order by p.id
  for no key update;

  select x.id into v_missing
  from unnest(v_ids) as x (id)
  left join public.product_variants as v on v.id = x.id
  where v.id is null or not v.is_active
  order by x.id
  limit 1;
  if found then
    raise exception 'An item in your cart is no longer available. Please remove it to continue.'
      using errcode = 'P0001', detail = 'product_unavailable', hint = v_missing.id::text;
  end if;

  -- No hoarding (2): at most max_quantity_per_line of one product in an order (its variants summed).
  select p.id, p.name, sum(w.quantity)::integer as wanted
  into v_over
  from unnest(v_ids, v_qtys) as w (id, quantity)
  join public.product_variants as v on v.id = w.id
  join public.products as p on p.id = v.product_id
  group by p.id, p.name
  having sum(w.quantity) > v_settings.max_quantity_per_line
  order by p.id
  limit 1;
  if found then
    raise exception 'You can order at most % of "%" at a time. Please reduce the quantity.',
      v_settings.max_quantity_per_line, v_over.name
      using errcode = 'P0001', detail = 'quantity_limit', hint = v_over.id::text;
  end if;

  select v.id,
    p.name || case when coalesce(v.option_signature, '') = '' then '' else ' (' || v.title || ')' end as name,
    v.stock_quantity - private.live_reserved(v.id, null) as available,
    p.in_stock
  into v_short
  from unnest(v_ids, v_qtys) as w (id, quantity)
  join public.product_variants as v on v.id = w.id
  join public.products as p on p.id = v.product_id
  where not p.in_stock
    or (not v.made_to_order and v.stock_quantity - private.live_reserved(v.id, null) < w.quantity)
  order by v.id
  limit 1;
  if found then
    if not v_short.in_stock or v_short.available <= 0 then
      raise exception '"%" is out of stock. Please remove it to continue.', v_short.name
        using errcode = 'P0001', detail = 'out_of_stock', hint = v_short.id::text;
    end if;
    raise exception 'Only % left in stock for "%". Please reduce the quantity.', v_short.available, v_short.name
      using errcode = 'P0001', detail = 'insufficient_stock', hint = v_short.id::text;
  end if;

  select sum(v.price * w.quantity)
  into v_subtotal
  from unnest(v_ids, v_qtys) as w (id, quantity)
  join public.product_variants as v on v.id = w.id;

  if v_code is not null then
    perform 1 from public.promo_codes as pc where pc.code = v_code for update;
    v_promo := private.evaluate_promo(v_code, v_subtotal);
    if not v_promo.applied then
      raise exception '%', v_promo.message using errcode = 'P0001', detail = 'promo_' || v_promo.reason;
    end if;
    v_discount := v_promo.discount;
    update public.promo_codes as pc set used_count = pc.used_count + 1 where pc.id = v_promo.promo_id;
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

  insert into public.order_items (
    order_id, product_id, variant_id, sku, variant_title, product_name, product_image, unit_price, quantity,
    selected_color, selected_size
  )
  select
    v_order.id, p.id, v.id, v.sku, case when coalesce(v.option_signature, '') = '' then null else v.title end,
    p.name, coalesce(v.images[1], p.image_url), v.price, (e.line ->> 'quantity')::integer,
    left(nullif(btrim(coalesce(e.line ->> 'selected_color', e.line ->> 'selectedColor')), ''), 60),
    left(nullif(btrim(coalesce(e.line ->> 'selected_size', e.line ->> 'selectedSize')), ''), 60)
  from jsonb_array_elements(v_lines) with ordinality as e (line, ord)
  join public.product_variants as v on v.id = (e.line ->> 'variant_id')::bigint
  join public.products as p on p.id = v.product_id
  order by e.ord;

  insert into public.order_events (order_id, status, location, description)
  values (
    v_order.id, 'Order Placed', v_settings.dispatch_location,
    case when place_order.payment_method = 'cod'
      then 'Your order has been placed. Pay in cash when it is delivered.'
      else 'Your order has been placed and is awaiting payment.' end
  );

  if place_order.payment_method = 'cod' then
    perform private.order_sell_lines(v_order.id);
  else
    with held as (
      insert into public.stock_reservations (order_id, variant_id, quantity, expires_at)
      select v_order.id, w.id, w.quantity, now() + make_interval(mins => v_settings.reservation_minutes)
      from unnest(v_ids, v_qtys) as w (id, quantity)
      join public.product_variants as v on v.id = w.id
      where not v.made_to_order
      order by w.id
      returning variant_id, quantity
    )
    insert into public.stock_movements (variant_id, quantity, reserved_change, reason, order_id, reference)
    select held.variant_id, 0, held.quantity, 'reservation', v_order.id, v_order.order_number
    from held
    order by held.variant_id;
  end if;

  return v_order;
end
$$;
comment on function public.place_order(jsonb, jsonb, public.payment_method, text, text) is
  'Checkout: variants priced, stock sold (COD) or held (online) through the ledger, promo and delivery fee from the database; idempotent on idempotency_key; limits unpaid online orders and units per product.';

-- Staff and shoppers ------------------------------------------------------------------------------

create or replace function public.admin_adjust_stock(changes jsonb, reason text, note text default null)
returns setof public.stock_movements
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_note text := nullif(btrim(admin_adjust_stock.note), '');
  v_change jsonb;
  v_short record;
begin
  perform private.require_admin(true);
  if admin_adjust_stock.reason is null or admin_adjust_stock.reason not in ('adjustment', 'receipt', 'import') then
    raise exception 'Choose a reason: adjustment, receipt or import.' using errcode = 'P0001', detail = 'stock_reason_required';
  end if;
  if admin_adjust_stock.reason = 'adjustment' and v_note is null then
    raise exception 'An adjustment needs a note saying why (a count, damage, a correction).'
      using errcode = 'P0001', detail = 'stock_note_required';
  end if;
  if length(v_note) > 500 then
    raise exception 'The note can be at most 500 characters.' using errcode = 'P0001', detail = 'stock_note_too_long';
  end if;
  if admin_adjust_stock.changes is null or jsonb_typeof(admin_adjust_stock.changes) <> 'array'
    or jsonb_array_length(admin_adjust_stock.changes) not between 1 and 500
  then
    raise exception 'Give between 1 and 500 stock changes.' using errcode = 'P0001', detail = 'stock_changes_invalid';
  end if;
  for v_change in select value from jsonb_array_elements(admin_adjust_stock.changes) loop
    if jsonb_typeof(v_change) <> 'object'
      or coalesce(v_change ->> 'variant_id', '') !~ '^[0-9]{1,18}$'
      or coalesce(v_change ->> 'quantity_change', '') !~ '^-?[0-9]{1,6}$'
      or (v_change ->> 'quantity_change')::integer = 0
    then
      raise exception 'Each stock change needs a variant and a whole number other than 0.'
        using errcode = 'P0001', detail = 'stock_changes_invalid';
    end if;
  end loop;

  perform 1 from public.product_variants as v
  where v.id in (select (e ->> 'variant_id')::bigint from jsonb_array_elements(admin_adjust_stock.changes) as e)
  order by v.id
  for update;
  perform 1 from public.products as p
  where p.id in (
    select v.product_id from public.product_variants as v
    where v.id in (select (e ->> 'variant_id')::bigint from jsonb_array_elements(admin_adjust_stock.changes) as e)
  )
  order by p.id
  for no key update;

  select c.variant_id, v.sku, v.stock_quantity, c.change
  into v_short
  from (
    select (e ->> 'variant_id')::bigint as variant_id, sum((e ->> 'quantity_change')::integer)::integer as change
    from jsonb_array_elements(admin_adjust_stock.changes) as e
    group by 1
  ) as c
  left join public.product_variants as v on v.id = c.variant_id
  where v.id is null or v.stock_quantity + c.change < 0
  order by c.variant_id
  limit 1;
  if found then
    if v_short.sku is null then
      raise exception 'Variant % not found.', v_short.variant_id using errcode = 'P0001', detail = 'variant_not_found';
    end if;
    raise exception 'Stock of % cannot go below 0: % on hand, change %.', v_short.sku, v_short.stock_quantity, v_short.change
      using errcode = 'P0001', detail = 'stock_negative', hint = v_short.variant_id::text;
  end if;

  return query
    insert into public.stock_movements (variant_id, quantity, reason, note, actor)
    select (e.c ->> 'variant_id')::bigint, (e.c ->> 'quantity_change')::integer, admin_adjust_stock.reason, v_note, auth.uid()
    from jsonb_array_elements(admin_adjust_stock.changes) with ordinality as e (c, ord)
    order by e.ord
    returning *;
end
$$;
comment on function public.admin_adjust_stock(jsonb, text, text) is
  'Fresh admin: change on-hand stock of variants ([{variant_id, quantity_change}]) with a reason (adjustment needs a note); one ledger row each.';

create or replace function public.request_back_in_stock(variant_id bigint)
returns public.back_in_stock_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := (select auth.uid());
  v public.product_variants;
  v_email text;
  v_request public.back_in_stock_requests;
begin
  if v_uid is null then
    raise exception 'Please login to continue.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  select * into v from public.product_variants as pv where pv.id = request_back_in_stock.variant_id and pv.is_active;
  if not found then
    raise exception 'This item is no longer available.' using errcode = 'P0001', detail = 'product_unavailable';
  end if;
  if v.made_to_order or public.available_quantity(v) > 0 then
    raise exception 'This item is in stock: you can order it now.' using errcode = 'P0001', detail = 'in_stock';
  end if;
  select u.email into v_email from auth.users as u where u.id = v_uid;
  if v_email is null then
    raise exception 'Your account has no e-mail address to notify.' using errcode = 'P0001', detail = 'no_email';
  end if;
  insert into public.back_in_stock_requests (variant_id, user_id, email)
  values (v.id, v_uid, v_email)
  on conflict (variant_id, user_id) where notified_at is null do nothing
  returning * into v_request;
  if v_request.id is null then
    select * into v_request from public.back_in_stock_requests as b
    where b.variant_id = v.id and b.user_id = v_uid and b.notified_at is null;
  end if;
  return v_request;
end
$$;
comment on function public.request_back_in_stock(bigint) is
  'Signed-in customer: be e-mailed once when this out-of-stock variant is back.';

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

-- Grants and policies -----------------------------------------------------------------------------

alter table public.stock_reservations enable row level security;
alter table public.stock_alerts enable row level security;
alter table public.back_in_stock_requests enable row level security;

revoke all on table public.stock_reservations, public.stock_alerts, public.back_in_stock_requests from anon, authenticated;
grant select on table public.stock_reservations, public.stock_alerts to authenticated;
grant select, delete on table public.back_in_stock_requests to authenticated;

create policy "admins read reservations" on public.stock_reservations for select to authenticated
  using ((select private.is_admin()));
create policy "admins read low-stock alerts" on public.stock_alerts for select to authenticated
  using ((select private.is_admin()));
create policy "customers read their own back-in-stock requests, admins all" on public.back_in_stock_requests
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "customers withdraw their own back-in-stock requests" on public.back_in_stock_requests
  for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on function public.reserved_quantity(public.product_variants) from public;
grant execute on function public.reserved_quantity(public.product_variants) to anon, authenticated, service_role;
revoke all on function public.available_quantity(public.product_variants) from public;
grant execute on function public.available_quantity(public.product_variants) to anon, authenticated, service_role;
revoke all on function private.live_reserved(bigint, uuid) from public;
revoke all on function private.product_variants_stock_changed() from public;
revoke all on function private.stock_movements_notify_back_in_stock() from public;
revoke all on function private.order_sell_lines(uuid) from public;
revoke all on function private.order_can_revive(uuid) from public;
revoke all on function private.lock_order_variants(uuid) from public;
revoke all on function private.orders_after_cancel() from public;
revoke all on function private.orders_after_revive() from public;
revoke all on function private.order_convert_reservations(uuid) from public;
revoke all on function public.place_order(jsonb, jsonb, public.payment_method, text, text) from public, anon, authenticated;
grant execute on function public.place_order(jsonb, jsonb, public.payment_method, text, text) to authenticated;
revoke all on function public.admin_adjust_stock(jsonb, text, text) from public, anon, authenticated;
grant execute on function public.admin_adjust_stock(jsonb, text, text) to authenticated;
revoke all on function public.request_back_in_stock(bigint) from public, anon, authenticated;
grant execute on function public.request_back_in_stock(bigint) to authenticated;
