-- Orders, their items and their tracking timeline: the real home of what the spec only faked
-- (sample orders, client-made ORD/COD_ ids, browser totals). Rows are written only by the RPCs
-- (place_order, cancel_order, admin_set_order_status, admin_add_order_event) and by the payment
-- functions with the service role; through the API a customer reads their own orders and an admin
-- reads all. Order numbers are made here (ORD + IST date + a sequence), amounts never change after
-- placement, and status and payment status move only along valid transitions (enforced by trigger
-- for every writer, the service role included).

create type public.order_status as enum ('pending', 'processing', 'shipped', 'delivered', 'cancelled');
create type public.payment_status as enum ('pending', 'paid', 'refunded');
create type public.payment_method as enum ('cod', 'razorpay');

create sequence private.order_number_seq;

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  order_number text not null,
  user_id uuid references auth.users (id) on delete set null,
  status public.order_status not null default 'pending',
  payment_method public.payment_method not null,
  payment_status public.payment_status not null default 'pending',
  payment_id text,
  razorpay_order_id text,
  razorpay_payment_id text,
  subtotal numeric(10, 2) not null,
  delivery_fee numeric(10, 2) not null default 0,
  discount numeric(10, 2) not null default 0,
  total numeric(10, 2) not null,
  promo_code_id bigint references public.promo_codes (id) on delete set null,
  promo_code text,
  shipping_address jsonb not null,
  contact_email text generated always as (lower(shipping_address ->> 'email')) stored,
  contact_phone text generated always as (shipping_address ->> 'phone') stored,
  idempotency_key text,
  estimated_delivery_from date not null,
  estimated_delivery_to date not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_order_number_key unique (order_number),
  constraint orders_razorpay_order_id_key unique (razorpay_order_id),
  constraint orders_user_id_idempotency_key_key unique (user_id, idempotency_key),
  constraint orders_order_number_check check (order_number ~ '^ORD[0-9]{12,}$'),
  constraint orders_subtotal_check check (subtotal > 0),
  constraint orders_delivery_fee_check check (delivery_fee >= 0),
  constraint orders_discount_check check (discount >= 0 and discount <= subtotal),
  constraint orders_total_check check (total = subtotal + delivery_fee - discount),
  constraint orders_idempotency_key_check check (length(idempotency_key) between 1 and 100),
  constraint orders_estimated_delivery_check check (estimated_delivery_to >= estimated_delivery_from),
  constraint orders_payment_id_check check (payment_method <> 'cod' or payment_id ~ '^COD_[0-9]+$'),
  -- The spec's shipping address: fullName, email, phone, address, city, state, pincode.
  constraint orders_shipping_address_check check (
    jsonb_typeof(shipping_address) = 'object'
    and btrim(coalesce(shipping_address ->> 'fullName', '')) <> ''
    and coalesce(shipping_address ->> 'email', '') ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
    and coalesce(shipping_address ->> 'phone', '') ~ '^[6-9][0-9]{9}$'
    and btrim(coalesce(shipping_address ->> 'address', '')) <> ''
    and btrim(coalesce(shipping_address ->> 'city', '')) <> ''
    and btrim(coalesce(shipping_address ->> 'state', '')) <> ''
    and coalesce(shipping_address ->> 'pincode', '') ~ '^[1-9][0-9]{5}$'
  )
);
comment on table public.orders is 'Orders placed through place_order; amounts are computed by the database, never taken from the browser.';
comment on column public.orders.shipping_address is 'Snapshot: {fullName, email, phone, address, city, state, pincode}.';
comment on column public.orders.idempotency_key is 'The client''s key for this checkout: a retried place_order returns the same order.';

-- A customer's order history (and the user_id foreign key).
create index orders_user_id_created_at_idx on public.orders (user_id, created_at desc);
-- Admin list, dashboard and pending filter.
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_status_created_at_idx on public.orders (status, created_at desc);
create index orders_promo_code_id_idx on public.orders (promo_code_id);

create table public.order_items (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id bigint references public.products (id) on delete set null,
  product_name text not null,
  product_image text,
  unit_price numeric(10, 2) not null,
  quantity integer not null,
  line_total numeric(12, 2) generated always as (unit_price * quantity) stored,
  selected_color text,
  selected_size text,
  created_at timestamptz not null default now(),
  constraint order_items_unit_price_check check (unit_price > 0),
  constraint order_items_quantity_check check (quantity >= 1),
  constraint order_items_selected_color_check check (length(selected_color) <= 60),
  constraint order_items_selected_size_check check (length(selected_size) <= 60)
);
comment on table public.order_items is 'Order lines with the product''s name, image and price as they were when ordered.';

create index order_items_order_id_idx on public.order_items (order_id);
create index order_items_product_id_idx on public.order_items (product_id);

create table public.order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  status text not null,
  location text,
  description text,
  created_at timestamptz not null default now(),
  constraint order_events_status_check check (
    status in ('Order Placed', 'Order Confirmed', 'Shipped', 'In Transit', 'Out for Delivery', 'Delivered', 'Cancelled')
  ),
  constraint order_events_location_check check (length(location) <= 120),
  constraint order_events_description_check check (length(description) <= 500)
);
comment on table public.order_events is 'The tracking timeline: the spec''s six steps (and Cancelled), with time, location and description.';

create index order_events_order_id_created_at_idx on public.order_events (order_id, created_at);

-- ORD + the date in India + a sequence number: unique, server-made, with the spec's prefix.
create or replace function private.next_order_number()
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select 'ORD' || to_char(now() at time zone 'Asia/Kolkata', 'YYMMDD')
    || lpad(nextval('private.order_number_seq')::text, 6, '0')
$$;

create or replace function private.orders_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.order_number := private.next_order_number();
  new.created_at := now();
  new.updated_at := now();
  return new;
end
$$;

create trigger orders_before_insert
  before insert on public.orders
  for each row execute function private.orders_before_insert();

-- Valid moves: pending → processing | shipped | cancelled; processing → shipped | cancelled;
-- shipped → delivered. delivered and cancelled are final. Payment: pending → paid → refunded.
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

create trigger orders_before_update
  before update on public.orders
  for each row execute function private.orders_before_update();

-- A cancelled order gives its stock back (and its promo use). Products are locked in id order, as
-- place_order locks them, so a cancellation and an order never deadlock.
create or replace function private.orders_after_cancel()
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
  update public.products as p
  set stock_quantity = p.stock_quantity + i.quantity
  from (
    select oi.product_id, sum(oi.quantity)::integer as quantity
    from public.order_items as oi
    where oi.order_id = new.id and oi.product_id is not null
    group by oi.product_id
  ) as i
  where p.id = i.product_id;
  if new.promo_code_id is not null then
    update public.promo_codes as pc
    set used_count = greatest(pc.used_count - 1, 0)
    where pc.id = new.promo_code_id;
  end if;
  return null;
end
$$;

create trigger orders_after_cancel
  after update of status on public.orders
  for each row
  when (new.status = 'cancelled' and old.status <> 'cancelled')
  execute function private.orders_after_cancel();

revoke all on all functions in schema private from public;
revoke all on sequence private.order_number_seq from public;

alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.order_events enable row level security;

revoke all on table public.orders from anon, authenticated;
revoke all on table public.order_items from anon, authenticated;
revoke all on table public.order_events from anon, authenticated;
grant select on table public.orders to authenticated;
grant select on table public.order_items to authenticated;
grant select on table public.order_events to authenticated;

create policy "customers read their own orders, admins read all"
  on public.orders for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "customers read their own order items, admins read all"
  on public.order_items for select to authenticated
  using (
    (select private.is_admin())
    or exists (
      select 1 from public.orders as o
      where o.id = order_items.order_id and o.user_id = (select auth.uid())
    )
  );

create policy "customers read their own order events, admins read all"
  on public.order_events for select to authenticated
  using (
    (select private.is_admin())
    or exists (
      select 1 from public.orders as o
      where o.id = order_events.order_id and o.user_id = (select auth.uid())
    )
  );
