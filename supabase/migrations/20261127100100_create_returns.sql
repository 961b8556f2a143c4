-- Returns and refunds (issue 19): the 30-day return the store promises, pickups, refunds to the
-- original payment method (Razorpay) or, for cash on delivery, to the customer's UPI ID or bank account
-- (RazorpayX payouts), and a credit note for every refunded return.
--
--   return_reasons   why a customer returns something; which reasons need photos and which are the
--                    store's fault (damaged, defective, not as described, wrong item)
--   returns          RT-100001: the order, the customer, the status, refund or replacement, the pickup
--                    address and slot, the refund account for COD, who decided and when
--   return_items     the order lines and quantities returned, the reason, what was received and damaged
--   refunds          the old payment_refunds, generalised: partial, per return or goodwill, by rail
--                    (razorpay | upi_payout | bank_payout | manual), pending → processed | failed
--
-- The database keeps, whoever writes:
--   * a line's quantity in returns that are not rejected or cancelled ≤ the quantity ordered (the
--     line is locked while it is checked, so concurrent requests cannot both take the last unit);
--   * the refunds that have not failed of an order ≤ what was captured (the order is locked while the
--     sum is checked);
--   * payment_status follows the processed refunds: paid → partially_refunded → refunded;
--   * a paid online order that is cancelled (by the customer, by staff, or because its payment came
--     after its stock was gone) gets a full refund, pending, which the refunds function issues.
--
-- Status of a return (the admin's RPCs move it; each step queues the customer's mail):
--   requested → approved | rejected | cancelled
--   approved → pickup_scheduled | cancelled
--   pickup_scheduled → pickup_scheduled (rescheduled) | picked_up | cancelled
--   picked_up → received
--   received → refunded (a refund was created) | closed (a replacement was sent)
--   refunded → closed (every refund of the return processed)
--
-- The return window: a line can be returned until the end of the IST day `delivered + N days`, where
-- N is the product's return_window_days or the store's (30), copied onto the order line when it is
-- ordered (the terms the customer bought under). A line that is not returnable (the product says so,
-- or its variant is made to order) can still be returned inside the window for a reason that is the
-- store's fault: the Consumer Protection (E-Commerce) Rules 2020, r.5(3)(b)/6(5)(d), and the law on
-- defective goods do not let a seller refuse those.

-- Settings and the product's terms ----------------------------------------------------------------

alter table public.store_settings
  add column return_window_days integer not null default 30,
  add column return_pickup_days integer not null default 7,
  add column delivery_fee_refund text not null default 'store_fault',
  add constraint store_settings_return_window_days_check check (return_window_days between 1 and 365),
  add constraint store_settings_return_pickup_days_check check (return_pickup_days between 1 and 30),
  add constraint store_settings_delivery_fee_refund_check check (delivery_fee_refund in ('never', 'store_fault', 'always'));
comment on column public.store_settings.return_window_days is 'Days after delivery a line can be returned, unless its product says otherwise.';
comment on column public.store_settings.return_pickup_days is 'How many days ahead (from tomorrow, IST) a customer may book a pickup.';
comment on column public.store_settings.delivery_fee_refund is
  'Whether a return''s refund includes its lines'' share of the delivery fee: never, store_fault (damaged, defective, not as described, wrong item) or always.';
grant update (return_window_days, return_pickup_days, delivery_fee_refund) on table public.store_settings to authenticated;

alter table public.products
  add column returnable boolean not null default true,
  add column return_window_days integer,
  add constraint products_return_window_days_check check (return_window_days between 1 and 365);
comment on column public.products.returnable is 'False: not returnable for a change of mind (made to order, say); faults are still returned.';
comment on column public.products.return_window_days is 'Days after delivery this product can be returned; null: the store''s window.';
grant insert (returnable, return_window_days), update (returnable, return_window_days) on table public.products to authenticated;

alter table public.order_items
  add column returnable boolean not null default true,
  add column return_window_days integer not null default 30,
  add constraint order_items_return_window_days_check check (return_window_days between 1 and 365);
comment on column public.order_items.returnable is 'The product''s return terms when it was ordered: returnable for any reason, or for faults only.';

-- The terms a line is bought under, taken when it is ordered.
create or replace function private.order_items_return_terms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select p.returnable and not coalesce(v.made_to_order, false),
    coalesce(p.return_window_days, s.return_window_days, 30)
  into new.returnable, new.return_window_days
  from public.store_settings as s
  left join public.products as p on p.id = new.product_id
  left join public.product_variants as v on v.id = new.variant_id
  where s.id;
  new.returnable := coalesce(new.returnable, true);
  new.return_window_days := coalesce(new.return_window_days, 30);
  return new;
end
$$;

create trigger order_items_return_terms
  before insert on public.order_items
  for each row execute function private.order_items_return_terms();

update public.order_items as i
set returnable = coalesce(p.returnable, true) and not coalesce(v.made_to_order, false)
from public.products as p, public.product_variants as v
where p.id = i.product_id and v.id = i.variant_id and v.made_to_order;

-- When an order was delivered (the return window counts from it).
alter table public.orders add column delivered_at timestamptz;
comment on column public.orders.delivered_at is 'When the order was marked delivered; the return window counts from this day (IST).';
update public.orders as o
set delivered_at = coalesce(
  (select max(e.created_at) from public.order_events as e where e.order_id = o.id and e.status = 'Delivered'),
  o.updated_at
)
where o.status = 'delivered';

-- The orders trigger of 20261124120000, with the refund moves of the payment (paid → partially
-- refunded → refunded) and the delivery time stamped.
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
    or (old.payment_status = 'paid' and new.payment_status in ('partially_refunded', 'refunded'))
    or (old.payment_status = 'partially_refunded' and new.payment_status = 'refunded')
  ) then
    raise exception 'The payment of order % cannot go from % to %.', old.order_number, old.payment_status, new.payment_status
      using errcode = 'P0001', detail = 'invalid_payment_transition';
  end if;
  if new.status = 'delivered' and old.status <> 'delivered' then
    new.delivered_at := now();
  elsif new.delivered_at is distinct from old.delivered_at then
    new.delivered_at := old.delivered_at;
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- The last instant a line delivered at `delivered_at` can be returned: the end of the IST day
-- `days` days after the day of delivery.
create or replace function private.return_window_closes_at(delivered_at timestamptz, days integer)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select (((return_window_closes_at.delivered_at at time zone 'Asia/Kolkata')::date + return_window_closes_at.days + 1)::timestamp
    at time zone 'Asia/Kolkata') - interval '1 second'
$$;

-- Reasons --------------------------------------------------------------------------------------

create table public.return_reasons (
  code text primary key,
  label text not null,
  needs_photos boolean not null default false,
  store_fault boolean not null default false,
  position integer not null default 0,
  active boolean not null default true,
  constraint return_reasons_code_check check (code ~ '^[a-z][a-z_]{1,39}$'),
  constraint return_reasons_label_check check (length(btrim(label)) between 2 and 80)
);
comment on table public.return_reasons is 'Why a customer returns a line; store_fault reasons are accepted on any line and may refund the delivery fee.';

insert into public.return_reasons (code, label, needs_photos, store_fault, position) values
  ('damaged_in_transit', 'Damaged in transit', true, true, 1),
  ('defective', 'Defective or not working', true, true, 2),
  ('not_as_described', 'Not as described', true, true, 3),
  ('wrong_item', 'Wrong item delivered', true, true, 4),
  ('changed_mind', 'Changed my mind', false, false, 5),
  ('does_not_fit', 'Doesn''t fit my space', false, false, 6);

alter table public.return_reasons enable row level security;
revoke all on table public.return_reasons from anon, authenticated;
grant select on table public.return_reasons to anon, authenticated;
grant insert, update on table public.return_reasons to authenticated;

create policy "visitors read the return reasons"
  on public.return_reasons for select to anon
  using (true);
create policy "signed-in users read the return reasons"
  on public.return_reasons for select to authenticated
  using (true);
create policy "fresh admins add return reasons"
  on public.return_reasons for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit return reasons"
  on public.return_reasons for update to authenticated
  using ((select private.is_fresh_admin()))
  with check ((select private.is_fresh_admin()));

-- Returns ----------------------------------------------------------------------------------------

create sequence private.return_number_seq start with 100001;

create table public.returns (
  id uuid primary key default gen_random_uuid(),
  return_number text not null default ('RT-' || nextval('private.return_number_seq')::text),
  order_id uuid not null references public.orders (id) on delete restrict,
  user_id uuid references auth.users (id) on delete set null,
  status text not null default 'requested',
  resolution text not null default 'refund',
  note text,
  photos text[] not null default '{}',
  pickup_address jsonb not null,
  pickup_date date,
  pickup_window text,
  refund_upi_id text,
  refund_bank jsonb,
  rejection_reason text,
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  pickup_scheduled_at timestamptz,
  picked_up_at timestamptz,
  received_at timestamptz,
  refunded_at timestamptz,
  closed_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint returns_return_number_key unique (return_number),
  constraint returns_status_check check (
    status in ('requested', 'approved', 'rejected', 'pickup_scheduled', 'picked_up', 'received', 'refunded', 'closed', 'cancelled')
  ),
  constraint returns_resolution_check check (resolution in ('refund', 'replacement')),
  constraint returns_note_check check (length(note) <= 1000),
  constraint returns_photos_check check (cardinality(photos) <= 6),
  constraint returns_pickup_window_check check (pickup_window in ('09-13', '13-17', '17-20')),
  constraint returns_pickup_slot_check check ((pickup_date is null) = (pickup_window is null)),
  constraint returns_refund_upi_id_check check (refund_upi_id ~ '^[a-zA-Z0-9._-]{2,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$'),
  constraint returns_refund_bank_check check (
    jsonb_typeof(refund_bank) = 'object'
    and refund_bank ->> 'account_number' ~ '^[0-9]{9,18}$'
    and refund_bank ->> 'ifsc' ~ '^[A-Z]{4}0[A-Z0-9]{6}$'
    and length(btrim(refund_bank ->> 'account_name')) between 2 and 100
  ),
  constraint returns_refund_account_check check (refund_upi_id is null or refund_bank is null),
  constraint returns_rejection_check check ((status = 'rejected') = (rejection_reason is not null)),
  constraint returns_rejection_reason_check check (length(btrim(rejection_reason)) between 3 and 500)
);
comment on table public.returns is 'A customer''s return of lines of a delivered order, from request to refund or replacement.';
comment on column public.returns.photos is 'Paths in the private return-photos bucket, under the customer''s id.';
comment on column public.returns.pickup_window is 'IST: 09-13 (9 am–1 pm), 13-17 (1–5 pm), 17-20 (5–8 pm).';
comment on column public.returns.refund_upi_id is 'Cash on delivery refunds: the customer''s UPI ID (a RazorpayX payout).';
comment on column public.returns.refund_bank is 'Cash on delivery refunds: {account_name, account_number, ifsc} (a RazorpayX payout).';

create index returns_order_id_idx on public.returns (order_id);
create index returns_user_id_created_at_idx on public.returns (user_id, created_at desc);
create index returns_status_created_at_idx on public.returns (status, created_at);
create index returns_created_at_idx on public.returns (created_at);
create index returns_decided_by_idx on public.returns (decided_by);

create trigger returns_set_updated_at
  before update on public.returns
  for each row execute function private.set_updated_at();

create table public.return_items (
  id bigint generated always as identity primary key,
  return_id uuid not null references public.returns (id) on delete cascade,
  order_item_id bigint not null references public.order_items (id) on delete restrict,
  quantity integer not null,
  reason text not null references public.return_reasons (code) on update cascade,
  received_quantity integer,
  damaged_quantity integer,
  resellable_quantity integer generated always as (received_quantity - damaged_quantity) stored,
  constraint return_items_line_key unique (return_id, order_item_id),
  constraint return_items_quantity_check check (quantity >= 1),
  constraint return_items_received_check check (received_quantity between 0 and quantity),
  constraint return_items_damaged_check check (damaged_quantity between 0 and received_quantity),
  constraint return_items_receipt_check check ((received_quantity is null) = (damaged_quantity is null))
);
comment on table public.return_items is 'The lines of a return: quantity asked for, the reason, what arrived and how much of it was damaged.';
create index return_items_order_item_id_idx on public.return_items (order_item_id);
create index return_items_reason_idx on public.return_items (reason);

-- The quantity of a line in returns that still count (not rejected or cancelled).
create or replace function private.live_returned_quantity(order_item_id bigint)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(ri.quantity), 0)::integer
  from public.return_items as ri
  join public.returns as r on r.id = ri.return_id
  where ri.order_item_id = live_returned_quantity.order_item_id and r.status not in ('rejected', 'cancelled')
$$;

-- A line is never returned more often than it was ordered: the line is locked, then counted.
create or replace function private.return_items_check_quantity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ordered integer;
  v_taken integer;
begin
  select i.quantity into v_ordered
  from public.order_items as i
  join public.returns as r on r.id = new.return_id and r.order_id = i.order_id
  where i.id = new.order_item_id
  for update of i;
  if not found then
    raise exception 'That line is not on this order.' using errcode = 'P0001', detail = 'invalid_return_items';
  end if;
  select coalesce(sum(ri.quantity), 0) into v_taken
  from public.return_items as ri
  join public.returns as r on r.id = ri.return_id
  where ri.order_item_id = new.order_item_id and r.status not in ('rejected', 'cancelled') and ri.id <> new.id;
  if v_taken + new.quantity > v_ordered then
    raise exception 'Only % of that item can still be returned.', greatest(v_ordered - v_taken, 0)
      using errcode = 'P0001', detail = 'return_quantity_exceeded', hint = new.order_item_id::text;
  end if;
  return new;
end
$$;

create trigger return_items_check_quantity
  before insert or update of quantity, order_item_id on public.return_items
  for each row execute function private.return_items_check_quantity();

alter table public.returns enable row level security;
alter table public.return_items enable row level security;
revoke all on table public.returns from anon, authenticated;
revoke all on table public.return_items from anon, authenticated;
grant select on table public.returns to authenticated;
grant select on table public.return_items to authenticated;

create policy "customers read their own returns, admins read all"
  on public.returns for select to authenticated
  using ((select private.is_admin()) or user_id = (select auth.uid()));
create policy "customers read the lines of their own returns, admins read all"
  on public.return_items for select to authenticated
  using (
    (select private.is_admin())
    or exists (select 1 from public.returns as r where r.id = return_items.return_id and r.user_id = (select auth.uid()))
  );

-- Refunds: payment_refunds generalised -------------------------------------------------------------

alter table public.payment_refunds rename to refunds;
alter table public.refunds rename constraint payment_refunds_pkey to refunds_pkey;
alter index public.payment_refunds_order_id_idx rename to refunds_order_id_idx;
drop index public.payment_refunds_due_idx;
alter table public.refunds drop constraint payment_refunds_razorpay_payment_id_key;
alter table public.refunds drop constraint payment_refunds_refund_id_check;
alter table public.refunds drop constraint payment_refunds_status_check;
alter table public.refunds rename column razorpay_refund_id to provider_id;
alter table public.refunds rename constraint payment_refunds_razorpay_refund_id_key to refunds_provider_id_key;
alter table public.refunds rename constraint payment_refunds_amount_check to refunds_amount_check;
alter table public.refunds rename constraint payment_refunds_reason_check to refunds_reason_check;
alter table public.refunds rename constraint payment_refunds_last_error_check to refunds_last_error_check;
alter table public.refunds rename constraint payment_refunds_generation_check to refunds_generation_check;
alter table public.refunds rename constraint payment_refunds_attempts_check to refunds_attempts_check;
alter table public.refunds rename constraint payment_refunds_order_id_fkey to refunds_order_id_fkey;
alter trigger payment_refunds_set_updated_at on public.refunds rename to refunds_set_updated_at;
drop trigger payment_refunds_enqueue_mail on public.refunds;
drop function private.payment_refunds_enqueue_mail();

update public.refunds set status = 'pending' where status = 'due';
alter table public.refunds
  alter column razorpay_payment_id drop not null,
  alter column status set default 'pending',
  add column return_id uuid references public.returns (id) on delete restrict,
  add column rail text not null default 'razorpay',
  add column destination jsonb,
  add column idempotency_key text,
  add column request_key text,
  add column reference text,
  add column failure_reason text,
  add column created_by uuid references auth.users (id) on delete set null,
  add column failed_at timestamptz;
update public.refunds set idempotency_key = replace(id::text, '-', '') || '-' || generation::text;
alter table public.refunds
  alter column idempotency_key set not null,
  add constraint refunds_idempotency_key_key unique (idempotency_key),
  add constraint refunds_request_key_key unique (request_key),
  add constraint refunds_status_check check (status in ('pending', 'processed', 'failed')),
  add constraint refunds_rail_check check (rail in ('razorpay', 'upi_payout', 'bank_payout', 'manual')),
  add constraint refunds_rail_payment_check check ((rail = 'razorpay') = (razorpay_payment_id is not null)),
  add constraint refunds_destination_check check (
    (rail in ('upi_payout', 'bank_payout')) = (destination is not null) and (destination is null or jsonb_typeof(destination) = 'object')
  ),
  add constraint refunds_manual_reference_check check (rail <> 'manual' or (status = 'processed' and reference is not null)),
  add constraint refunds_reference_check check (length(btrim(reference)) between 1 and 100),
  add constraint refunds_request_key_check check (length(request_key) between 8 and 100),
  add constraint refunds_failure_reason_check check (length(failure_reason) <= 500),
  add constraint refunds_generation_limit_check check (generation <= 999),
  add constraint refunds_failed_check check ((status = 'failed') = (failed_at is not null)),
  add constraint refunds_processed_check check ((status = 'processed') = (processed_at is not null));
comment on table public.refunds is
  'Money returned to a customer: a Razorpay refund of the online payment, a RazorpayX payout to a COD customer''s UPI ID or bank account, or a transfer staff made and recorded.';
comment on column public.refunds.status is 'pending: owed or in flight (provider_id once the provider accepted it); processed: money returned (reference); failed: the provider refused it (failure_reason), retryable by staff.';
comment on column public.refunds.idempotency_key is '<id without dashes>-<generation> (≤ 36 characters, RazorpayX''s limit): sent as X-Refund-Idempotency / X-Payout-Idempotency, the payout''s reference_id and the refund''s notes.refund_key; a retry after a failure bumps the generation.';
comment on column public.refunds.request_key is 'The staff member''s request (one per Refund dialog): the same key again returns this refund instead of a second one.';
comment on column public.refunds.reference is 'The bank''s reference: the ARN of a card/UPI refund, the UTR of a payout, or the reference of a transfer staff recorded.';
comment on column public.refunds.generation is 'Bumped when staff retry a failed refund, so that the retry uses a new idempotency key.';

create index refunds_due_idx on public.refunds (created_at) where status = 'pending' and provider_id is null;
create index refunds_pending_idx on public.refunds (updated_at) where status = 'pending';
create index refunds_return_id_idx on public.refunds (return_id) where return_id is not null;
create index refunds_created_by_idx on public.refunds (created_by);
create index refunds_failed_idx on public.refunds (failed_at) where status = 'failed';

-- What an order's payment captured: its total once paid (online, or cash collected at delivery).
create or replace function private.order_captured(o public.orders)
returns numeric
language sql
stable
set search_path = ''
as $$
  select case when o.payment_status in ('paid', 'partially_refunded', 'refunded') then o.total else 0 end
$$;

-- The key, the bookkeeping and the rule: the refunds that have not failed never exceed what was
-- captured. The order row is locked first, so two refunds cannot both take the last rupee.
create or replace function private.refunds_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_taken numeric;
  v_value numeric;
begin
  new.idempotency_key := replace(new.id::text, '-', '') || '-' || new.generation::text;
  if new.status = 'processed' then
    new.processed_at := coalesce(new.processed_at, now());
  end if;
  if new.status = 'failed' then
    new.failed_at := coalesce(new.failed_at, now());
  else
    new.failed_at := null;
  end if;
  if new.status <> 'failed' and (tg_op = 'INSERT' or old.status = 'failed' or new.amount <> old.amount) then
    select * into v_order from public.orders as o where o.id = new.order_id for update;
    select coalesce(sum(r.amount), 0) into v_taken
    from public.refunds as r
    where r.order_id = new.order_id and r.status <> 'failed' and r.id <> new.id;
    if v_taken + new.amount > private.order_captured(v_order) then
      raise exception 'Only ₹% of order % can still be refunded.',
        to_char(greatest(private.order_captured(v_order) - v_taken, 0), 'FM99999990.00'), v_order.order_number
        using errcode = 'P0001', detail = 'refund_exceeds_captured';
    end if;
    -- A return is never refunded beyond its value (its credit note, or the quote before one).
    if new.return_id is not null then
      select coalesce(sum(r.amount), 0) into v_taken
      from public.refunds as r
      where r.return_id = new.return_id and r.status <> 'failed' and r.id <> new.id;
      v_value := (private.return_quote(new.return_id) ->> 'value')::numeric;
      if v_taken + new.amount > v_value then
        raise exception 'Only ₹% of return % can still be refunded.', to_char(greatest(v_value - v_taken, 0), 'FM99999990.00'),
          (select r.return_number from public.returns as r where r.id = new.return_id)
          using errcode = 'P0001', detail = 'refund_exceeds_return';
      end if;
    end if;
  end if;
  return new;
end
$$;

create trigger refunds_before_write
  before insert or update on public.refunds
  for each row execute function private.refunds_before_write();

-- The order's payment and the return follow the processed refunds.
create or replace function private.refunds_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_processed numeric;
  v_total numeric;
begin
  if new.status = 'processed' and (tg_op = 'INSERT' or old.status <> 'processed') then
    select o.total, coalesce((select sum(r.amount) from public.refunds as r where r.order_id = o.id and r.status = 'processed'), 0)
    into v_total, v_processed
    from public.orders as o where o.id = new.order_id;
    update public.orders as o
    set payment_status = case when v_processed >= v_total then 'refunded'::public.payment_status else 'partially_refunded'::public.payment_status end
    where o.id = new.order_id
      and o.payment_status in ('paid', 'partially_refunded')
      and o.payment_status <> case when v_processed >= v_total then 'refunded'::public.payment_status else 'partially_refunded'::public.payment_status end;
    if new.return_id is not null then
      update public.returns as r
      set status = 'closed', closed_at = now()
      where r.id = new.return_id and r.status = 'refunded'
        and not exists (select 1 from public.refunds as x where x.return_id = r.id and x.status <> 'processed');
    end if;
  end if;
  return null;
end
$$;

create trigger refunds_after_write
  after insert or update of status on public.refunds
  for each row execute function private.refunds_after_write();

-- A paid online order that is cancelled is refunded in full: by the customer or staff before
-- dispatch, or by mark_order_paid when the payment came after the stock was gone. What an earlier
-- goodwill refund already returned is not refunded twice.
create or replace function private.orders_refund_on_cancel()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_amount numeric;
begin
  select new.total - coalesce(sum(r.amount), 0) into v_amount
  from public.refunds as r
  where r.order_id = new.id and r.status <> 'failed';
  if v_amount > 0 and new.razorpay_payment_id is not null then
    insert into public.refunds (order_id, razorpay_payment_id, amount, reason, rail)
    values (
      new.id, new.razorpay_payment_id, v_amount,
      case
        when old.status = 'cancelled' and new.released_at is not null
          then 'Payment arrived after the order was released, and its stock was no longer available.'
        when old.status = 'cancelled' then 'Payment arrived after the order was cancelled.'
        when old.payment_status = 'pending'
          then 'Payment arrived after the order''s stock hold expired, and the stock was no longer available.'
        else 'The order was cancelled before dispatch.'
      end,
      'razorpay'
    );
  end if;
  return null;
end
$$;

create trigger orders_refund_on_cancel
  after update of status, payment_status on public.orders
  for each row
  when (
    new.payment_method = 'razorpay' and new.status = 'cancelled'
    and new.payment_status in ('paid', 'partially_refunded')
    and (old.status <> 'cancelled' or old.payment_status = 'pending')
  )
  execute function private.orders_refund_on_cancel();

-- mark_order_paid of 20261124150100 without its own refund rows: the trigger above writes them.
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
    -- The hold expired and the stock went to someone else before the payment came: cancel; the
    -- orders_refund_on_cancel trigger owes the refund.
    update public.orders as o
    set status = 'cancelled', released_at = now(), payment_status = 'paid', payment_id = v_payment, razorpay_payment_id = v_payment
    where o.id = v_order.id
    returning * into v_order;
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
  insert into public.order_events (order_id, status, description)
  values (
    v_order.id, 'Cancelled',
    'Payment arrived after the order was cancelled. The full amount will be refunded to your original payment method.'
  );
  return v_order;
end
$$;

-- The old single-refund functions give way to the ones below.
drop function public.due_payment_refunds(uuid);
drop function public.record_payment_refund(text, text, text);
drop function public.record_payment_refund_error(text, text);
drop function public.admin_payment_refunds_due(uuid);

-- The ledger writes off damaged returns.
alter table public.stock_movements drop constraint stock_movements_reason_check;
alter table public.stock_movements add constraint stock_movements_reason_check check (
  reason in ('sale', 'reservation', 'release', 'cancellation', 'return', 'write_off', 'adjustment', 'receipt', 'import')
);

-- Credit notes name the return they answer, and each line says how much of it was the delivery fee.
alter table public.credit_note_items
  add column delivery_amount numeric(12, 2) not null default 0,
  add constraint credit_note_items_delivery_amount_check check (delivery_amount between 0 and amount);
comment on column public.credit_note_items.delivery_amount is 'The part of amount that credits the line''s delivery fee share (0 when the fee was kept).';
alter table public.credit_notes add column return_id uuid references public.returns (id) on delete restrict;
create index credit_notes_return_id_idx on public.credit_notes (return_id) where return_id is not null;
comment on column public.credit_notes.return_id is 'The return whose refund this credit note records, if any.';

-- Credit notes --------------------------------------------------------------------------------------
-- admin_issue_credit_note of 20261126100000 becomes private.issue_credit_note, which a return's refund
-- calls too; a line may leave out its share of the delivery fee (include_delivery false).

-- What `quantity` more units of a line credit, in two parts: their share of the goods (net of the
-- discount) — the rest of it when they are the line's last units —, and, when the delivery fee is
-- refunded, their share of the line's delivery fee — the rest of it only when every unit credited
-- before also took its share (a unit returned for a change of mind leaves its share invoiced, and the
-- last units never take it). `whole` says the line is then credited in full, so its taxes can be the
-- rest of the invoice's columns. The refund quote and the credit note both ask this.
create or replace function private.credit_parts(
  goods numeric, delivery numeric, ordered integer, credited integer, prev_goods numeric, prev_delivery numeric,
  prev_delivery_units integer, quantity integer, include_delivery boolean
)
returns table (goods_part numeric, delivery_part numeric, whole boolean)
language sql
immutable
set search_path = ''
as $$
  select
    case when credit_parts.credited + credit_parts.quantity = credit_parts.ordered
      then credit_parts.goods - credit_parts.prev_goods
      else round(credit_parts.goods * credit_parts.quantity / credit_parts.ordered, 2) end,
    case
      when not credit_parts.include_delivery or credit_parts.delivery = 0 then 0
      when credit_parts.prev_delivery_units + credit_parts.quantity = credit_parts.ordered
        then credit_parts.delivery - credit_parts.prev_delivery
      else round(credit_parts.delivery * credit_parts.quantity / credit_parts.ordered, 2)
    end,
    credit_parts.credited + credit_parts.quantity = credit_parts.ordered
      and (credit_parts.delivery = 0
        or (credit_parts.include_delivery and credit_parts.prev_delivery_units + credit_parts.quantity = credit_parts.ordered))
$$;

create or replace function private.issue_credit_note(order_id uuid, items jsonb, reason text, return_id uuid default null)
returns public.credit_notes
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_note public.credit_notes;
  v_reason text := btrim(coalesce(issue_credit_note.reason, ''));
  v_lines jsonb;
  v_bad record;
  v_no record;
  v_at timestamptz := now();
begin
  select * into v_invoice from public.invoices as i where i.order_id = issue_credit_note.order_id for update;
  if not found then
    raise exception 'This order has no invoice yet: a credit note needs one.' using errcode = 'P0001', detail = 'invoice_not_found';
  end if;
  if length(v_reason) not between 3 and 500 then
    raise exception 'Please give the reason for the credit note (3 to 500 characters).'
      using errcode = 'P0001', detail = 'credit_note_reason_required';
  end if;
  if issue_credit_note.items is null or jsonb_typeof(issue_credit_note.items) <> 'array'
    or jsonb_array_length(issue_credit_note.items) = 0
    or exists (
      select 1 from jsonb_array_elements(issue_credit_note.items) as e
      where jsonb_typeof(e) <> 'object' or coalesce(jsonb_typeof(e -> 'order_item_id'), '') <> 'number'
        or coalesce(jsonb_typeof(e -> 'quantity'), '') <> 'number' or (e ->> 'quantity')::numeric <> floor((e ->> 'quantity')::numeric)
        or (e ->> 'quantity')::numeric < 1
        or (e ? 'include_delivery' and jsonb_typeof(e -> 'include_delivery') <> 'boolean')
    )
  then
    raise exception 'Choose the lines and whole quantities to credit.' using errcode = 'P0001', detail = 'invalid_credit_items';
  end if;

  create temporary table if not exists pg_temp.credit_lines (
    order_item_id bigint, quantity integer, ordered integer, credited integer, charged numeric,
    taxable numeric, cgst numeric, sgst numeric, utgst numeric, igst numeric,
    prev_amount numeric, prev_taxable numeric, prev_cgst numeric, prev_sgst numeric, prev_utgst numeric, prev_igst numeric,
    rate numeric, goods numeric, delivery numeric, prev_delivery numeric, prev_delivery_units integer, include_delivery boolean
  ) on commit drop;
  truncate pg_temp.credit_lines;
  insert into pg_temp.credit_lines
  select w.id, w.quantity, i.quantity, coalesce(c.quantity, 0),
    i.taxable_value + i.cgst + i.sgst + i.utgst + i.igst, i.taxable_value, i.cgst, i.sgst, i.utgst, i.igst,
    coalesce(c.amount, 0), coalesce(c.taxable_value, 0), coalesce(c.cgst, 0), coalesce(c.sgst, 0),
    coalesce(c.utgst, 0), coalesce(c.igst, 0), i.gst_rate,
    i.taxable_value + i.cgst + i.sgst + i.utgst + i.igst - coalesce(i.delivery_share, 0), coalesce(i.delivery_share, 0),
    coalesce(c.delivery, 0), coalesce(c.delivery_units, 0), w.include_delivery
  from (
    select (e ->> 'order_item_id')::bigint as id, sum((e ->> 'quantity')::integer)::integer as quantity,
      bool_and(coalesce((e ->> 'include_delivery')::boolean, true)) as include_delivery
    from jsonb_array_elements(issue_credit_note.items) as e
    group by 1
  ) as w
  left join public.order_items as i on i.id = w.id and i.order_id = issue_credit_note.order_id
  left join lateral (
    select sum(ci.quantity)::integer as quantity, sum(ci.amount) as amount, sum(ci.taxable_value) as taxable_value,
      sum(ci.cgst) as cgst, sum(ci.sgst) as sgst, sum(ci.utgst) as utgst, sum(ci.igst) as igst,
      sum(ci.delivery_amount) as delivery, (sum(ci.quantity) filter (where ci.delivery_amount > 0))::integer as delivery_units
    from public.credit_note_items as ci
    where ci.order_item_id = w.id
  ) as c on true;

  select * into v_bad from pg_temp.credit_lines as l where l.ordered is null limit 1;
  if found then
    raise exception 'That line is not on this order.' using errcode = 'P0001', detail = 'invalid_credit_items', hint = v_bad.order_item_id::text;
  end if;
  select * into v_bad from pg_temp.credit_lines as l where l.credited + l.quantity > l.ordered order by l.order_item_id limit 1;
  if found then
    raise exception 'Only % of that line can still be credited.', v_bad.ordered - v_bad.credited
      using errcode = 'P0001', detail = 'credit_exceeds_invoice', hint = v_bad.order_item_id::text;
  end if;

  -- Each line's credit (private.credit_parts) split by the one rule (private.split_gst, one line, no
  -- discount or fee), or everything left in each column when the line is then credited in full.
  with c as (
    select l.*, p.whole as last, p.goods_part + p.delivery_part as amount, p.delivery_part
    from pg_temp.credit_lines as l
    cross join lateral private.credit_parts(
      l.goods, l.delivery, l.ordered, l.credited, l.prev_amount - l.prev_delivery, l.prev_delivery, l.prev_delivery_units,
      l.quantity, l.include_delivery
    ) as p
  ),
  s as (
    select c.*,
      case when c.last then c.taxable - c.prev_taxable else x.taxable_value end as t_taxable,
      case when c.last then c.cgst - c.prev_cgst else x.cgst end as t_cgst,
      case when c.last then c.sgst - c.prev_sgst else x.sgst end as t_sgst,
      case when c.last then c.utgst - c.prev_utgst else x.utgst end as t_utgst,
      case when c.last then c.igst - c.prev_igst else x.igst end as t_igst
    from c
    cross join lateral private.split_gst(
      jsonb_build_array(jsonb_build_object('amount', c.amount, 'rate', c.rate)), 0, 0, v_invoice.supply_type
    ) as x
  )
  select jsonb_agg(jsonb_build_object(
      'order_item_id', s.order_item_id, 'description', i.product_name || coalesce(' (' || i.variant_title || ')', ''),
      'sku', i.sku, 'hsn', i.hsn_code, 'quantity', s.quantity, 'unit', 'NOS', 'unit_price', i.unit_price,
      'gross', i.unit_price * s.quantity, 'discount', null, 'delivery', null,
      'taxable_value', s.t_taxable, 'rate', s.rate,
      'cgst', s.t_cgst, 'sgst', s.t_sgst, 'utgst', s.t_utgst, 'igst', s.t_igst, 'total', s.amount,
      'delivery_credited', s.delivery_part
    ) order by s.order_item_id)
  into v_lines
  from s
  join public.order_items as i on i.id = s.order_item_id;

  select * into v_no from private.next_document_number('credit_note', v_at);
  insert into public.credit_notes (
    number, invoice_id, order_id, financial_year, issued_at, reason, return_id,
    taxable_value, cgst, sgst, utgst, igst, total, snapshot, created_by
  )
  select v_no.number, v_invoice.id, v_invoice.order_id, v_no.financial_year, v_at, v_reason, issue_credit_note.return_id,
    sum((l ->> 'taxable_value')::numeric), sum((l ->> 'cgst')::numeric), sum((l ->> 'sgst')::numeric),
    sum((l ->> 'utgst')::numeric), sum((l ->> 'igst')::numeric), sum((l ->> 'total')::numeric),
    private.document_parties(v_invoice.order_id) || jsonb_build_object(
      'document', 'credit_note', 'title', 'Credit Note', 'number', v_no.number,
      'date', to_char(v_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD'), 'financial_year', v_no.financial_year,
      'invoice', jsonb_build_object('number', v_invoice.number, 'date', v_invoice.snapshot ->> 'date'),
      'reason', v_reason,
      'lines', v_lines,
      'totals', jsonb_build_object(
        'gross', sum((l ->> 'gross')::numeric), 'discount', null, 'delivery', null,
        'taxable_value', sum((l ->> 'taxable_value')::numeric), 'cgst', sum((l ->> 'cgst')::numeric),
        'sgst', sum((l ->> 'sgst')::numeric), 'utgst', sum((l ->> 'utgst')::numeric), 'igst', sum((l ->> 'igst')::numeric),
        'tax', sum((l ->> 'total')::numeric - (l ->> 'taxable_value')::numeric), 'total', sum((l ->> 'total')::numeric)
      )
    ),
    (select auth.uid())
  from jsonb_array_elements(v_lines) as l
  returning * into v_note;

  insert into public.credit_note_items (
    credit_note_id, order_item_id, quantity, taxable_value, cgst, sgst, utgst, igst, amount, delivery_amount
  )
  select v_note.id, (l ->> 'order_item_id')::bigint, (l ->> 'quantity')::integer, (l ->> 'taxable_value')::numeric,
    (l ->> 'cgst')::numeric, (l ->> 'sgst')::numeric, (l ->> 'utgst')::numeric, (l ->> 'igst')::numeric, (l ->> 'total')::numeric,
    (l ->> 'delivery_credited')::numeric
  from jsonb_array_elements(v_lines) as l;
  return v_note;
end
$$;comment on function private.issue_credit_note(uuid, jsonb, text, uuid) is
  'A credit note against the order''s invoice for whole units of its lines (never more than invoiced), in its own series; items may leave out the delivery fee.';

create or replace function public.admin_issue_credit_note(order_id uuid, items jsonb, reason text)
returns public.credit_notes
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_admin(true);
  return private.issue_credit_note(admin_issue_credit_note.order_id, admin_issue_credit_note.items, admin_issue_credit_note.reason);
end
$$;

-- The customer's side ------------------------------------------------------------------------------

-- What each line of an order can still be returned, and until when: the owner's or staff's read,
-- which the storefront shows ("Return or replace — window closes 18 Dec") and request_return applies.
create or replace function public.order_return_options(order_id uuid)
returns table (
  order_item_id bigint,
  product_name text,
  variant_title text,
  quantity integer,
  returned_quantity integer,
  returnable_quantity integer,
  returnable boolean,
  window_closes_at timestamptz,
  eligible boolean,
  ineligible_reason text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders as o where o.id = order_return_options.order_id;
  if not found or not (v_order.user_id = (select auth.uid()) or private.is_admin()) then
    raise exception 'Order not found.' using errcode = 'P0001', detail = 'order_not_found';
  end if;
  return query
    select i.id, i.product_name, i.variant_title, i.quantity, x.returned,
      greatest(i.quantity - x.returned, 0), i.returnable, x.closes_at,
      x.reason is null, x.reason
    from public.order_items as i
    cross join lateral (
      select private.live_returned_quantity(i.id) as returned,
        private.return_window_closes_at(v_order.delivered_at, i.return_window_days) as closes_at
    ) as w
    cross join lateral (
      select w.returned, w.closes_at,
        case
          when v_order.status <> 'delivered' or v_order.delivered_at is null then 'not_delivered'
          when now() > w.closes_at then 'window_closed'
          when w.returned >= i.quantity then 'fully_returned'
        end as reason
    ) as x
    where i.order_id = v_order.id
    order by i.id;
end
$$;
comment on function public.order_return_options(uuid) is
  'Owner or staff: per line of the order, how many units can still be returned, until when (IST end of day), and why not.';

create or replace function public.request_return(
  order_id uuid,
  items jsonb,
  resolution text,
  pickup_date date,
  pickup_window text,
  photos text[] default '{}',
  note text default null,
  refund_upi_id text default null,
  refund_bank jsonb default null
)
returns public.returns
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_order public.orders;
  v_return public.returns;
  v_settings public.store_settings;
  v_today date := (now() at time zone 'Asia/Kolkata')::date;
  v_bad record;
  v_photos text[] := coalesce(request_return.photos, '{}');
  v_upi text := nullif(btrim(request_return.refund_upi_id), '');
  v_bank jsonb;
begin
  select * into v_order from public.orders as o where o.id = request_return.order_id for update;
  if not found or v_uid is null or v_order.user_id is distinct from v_uid then
    raise exception 'Order not found.' using errcode = 'P0001', detail = 'order_not_found';
  end if;
  select * into v_settings from public.store_settings as s where s.id;
  if request_return.resolution is null or request_return.resolution not in ('refund', 'replacement') then
    raise exception 'Choose a refund or a replacement.' using errcode = 'P0001', detail = 'invalid_resolution';
  end if;
  if request_return.items is null or jsonb_typeof(request_return.items) <> 'array'
    or jsonb_array_length(request_return.items) = 0 or jsonb_array_length(request_return.items) > 100
    or exists (
      select 1 from jsonb_array_elements(request_return.items) as e
      where jsonb_typeof(e) <> 'object' or coalesce(jsonb_typeof(e -> 'order_item_id'), '') <> 'number'
        or coalesce(jsonb_typeof(e -> 'quantity'), '') <> 'number' or coalesce(jsonb_typeof(e -> 'reason'), '') <> 'string'
        or (e ->> 'quantity')::numeric <> floor((e ->> 'quantity')::numeric) or (e ->> 'quantity')::numeric < 1
        or (e ->> 'order_item_id')::numeric <> floor((e ->> 'order_item_id')::numeric)
    )
    or (select count(*) from jsonb_array_elements(request_return.items) as e)
      <> (select count(distinct e ->> 'order_item_id') from jsonb_array_elements(request_return.items) as e)
  then
    raise exception 'Choose the items and whole quantities to return, each once, with a reason.'
      using errcode = 'P0001', detail = 'invalid_return_items';
  end if;
  if v_order.status <> 'delivered' or v_order.delivered_at is null then
    raise exception 'Order % has not been delivered yet, so it cannot be returned.', v_order.order_number
      using errcode = 'P0001', detail = 'order_not_delivered';
  end if;

  create temporary table if not exists pg_temp.return_request_lines (
    order_item_id bigint, quantity integer, reason text, ordered integer, returnable boolean,
    closes_at timestamptz, needs_photos boolean, store_fault boolean, reason_active boolean
  ) on commit drop;
  truncate pg_temp.return_request_lines;
  insert into pg_temp.return_request_lines
  select w.order_item_id, w.quantity, w.reason, i.quantity, i.returnable,
    private.return_window_closes_at(v_order.delivered_at, i.return_window_days),
    rr.needs_photos, rr.store_fault, rr.active
  from (
    select (e ->> 'order_item_id')::bigint as order_item_id, (e ->> 'quantity')::integer as quantity, e ->> 'reason' as reason
    from jsonb_array_elements(request_return.items) as e
  ) as w
  left join public.order_items as i on i.id = w.order_item_id and i.order_id = v_order.id
  left join public.return_reasons as rr on rr.code = w.reason;

  select * into v_bad from pg_temp.return_request_lines as l where l.ordered is null limit 1;
  if found then
    raise exception 'That item is not on this order.' using errcode = 'P0001', detail = 'invalid_return_items', hint = v_bad.order_item_id::text;
  end if;
  select * into v_bad from pg_temp.return_request_lines as l where l.reason_active is not true limit 1;
  if found then
    raise exception 'Choose a reason for each item.' using errcode = 'P0001', detail = 'invalid_return_reason', hint = v_bad.order_item_id::text;
  end if;
  select * into v_bad from pg_temp.return_request_lines as l where now() > l.closes_at order by l.closes_at limit 1;
  if found then
    raise exception 'The return window for this item closed on %.', to_char(v_bad.closes_at at time zone 'Asia/Kolkata', 'FMDD Mon YYYY')
      using errcode = 'P0001', detail = 'return_window_closed', hint = v_bad.order_item_id::text;
  end if;
  select * into v_bad from pg_temp.return_request_lines as l where not l.returnable and not l.store_fault limit 1;
  if found then
    raise exception 'This item cannot be returned for that reason; damaged, defective or wrong items can.'
      using errcode = 'P0001', detail = 'not_returnable', hint = v_bad.order_item_id::text;
  end if;
  if cardinality(v_photos) > 6 then
    raise exception 'Add at most 6 photos.' using errcode = 'P0001', detail = 'invalid_photo_path';
  end if;
  if exists (
    select 1 from unnest(v_photos) as p (path)
    where p.path is null or p.path !~ ('^' || v_uid::text || '/[A-Za-z0-9._-]{1,100}(/[A-Za-z0-9._-]{1,100}){0,2}$')
      or p.path ~ '\.\.'
      or not exists (select 1 from storage.objects as so where so.bucket_id = 'return-photos' and so.name = p.path)
  ) or cardinality(v_photos) <> (select count(distinct p) from unnest(v_photos) as p) then
    raise exception 'A photo could not be found; please upload it again.' using errcode = 'P0001', detail = 'invalid_photo_path';
  end if;
  if cardinality(v_photos) = 0 and exists (select 1 from pg_temp.return_request_lines as l where l.needs_photos) then
    raise exception 'Please add at least one photo of the problem.' using errcode = 'P0001', detail = 'photos_required';
  end if;
  if request_return.pickup_date is null or request_return.pickup_window is null
    or request_return.pickup_window not in ('09-13', '13-17', '17-20')
    or request_return.pickup_date < v_today + 1
    or request_return.pickup_date > v_today + v_settings.return_pickup_days
    or extract(isodow from request_return.pickup_date) = 7
  then
    raise exception 'Choose a pickup slot between tomorrow and % (no Sundays).',
      to_char(v_today + v_settings.return_pickup_days, 'FMDD Mon')
      using errcode = 'P0001', detail = 'invalid_pickup_slot';
  end if;
  if length(request_return.note) > 1000 then
    raise exception 'Keep the note under 1,000 characters.' using errcode = 'P0001', detail = 'invalid_return_items';
  end if;

  -- Cash on delivery: the refund goes to the customer's UPI ID or bank account.
  if v_order.payment_method = 'cod' and request_return.resolution = 'refund' then
    if request_return.refund_bank is not null and jsonb_typeof(request_return.refund_bank) = 'object' then
      v_bank := jsonb_build_object(
        'account_name', btrim(coalesce(request_return.refund_bank ->> 'account_name', '')),
        'account_number', regexp_replace(coalesce(request_return.refund_bank ->> 'account_number', ''), '\s', '', 'g'),
        'ifsc', upper(btrim(coalesce(request_return.refund_bank ->> 'ifsc', '')))
      );
    elsif request_return.refund_bank is not null then
      raise exception 'Enter the account holder, the account number and the IFSC.' using errcode = 'P0001', detail = 'invalid_bank_account';
    end if;
    if (v_upi is null) = (v_bank is null) then
      raise exception 'Tell us where to send your refund: a UPI ID or a bank account.'
        using errcode = 'P0001', detail = 'refund_account_required';
    end if;
    if v_upi is not null and v_upi !~ '^[a-zA-Z0-9._-]{2,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$' then
      raise exception '"%" is not a valid UPI ID (it looks like name@bank).', left(v_upi, 80)
        using errcode = 'P0001', detail = 'invalid_upi_id';
    end if;
    if v_bank is not null and (
      v_bank ->> 'account_number' !~ '^[0-9]{9,18}$' or v_bank ->> 'ifsc' !~ '^[A-Z]{4}0[A-Z0-9]{6}$'
      or length(v_bank ->> 'account_name') not between 2 and 100
    ) then
      raise exception 'Check the bank account: the holder''s name, a 9 to 18 digit account number and an 11 character IFSC (e.g. HDFC0001234).'
        using errcode = 'P0001', detail = 'invalid_bank_account';
    end if;
  else
    v_upi := null;
    v_bank := null;
  end if;

  insert into public.returns (order_id, user_id, resolution, note, photos, pickup_address, pickup_date, pickup_window, refund_upi_id, refund_bank)
  values (
    v_order.id, v_uid, request_return.resolution, nullif(btrim(request_return.note), ''), v_photos, v_order.shipping_address,
    request_return.pickup_date, request_return.pickup_window, v_upi, v_bank
  )
  returning * into v_return;
  -- The quantity rule (return_items_check_quantity) refuses more than was ordered, with what is left.
  insert into public.return_items (return_id, order_item_id, quantity, reason)
  select v_return.id, l.order_item_id, l.quantity, l.reason
  from pg_temp.return_request_lines as l
  order by l.order_item_id;
  return v_return;
end
$$;
comment on function public.request_return(uuid, jsonb, text, date, text, text[], text, text, jsonb) is
  'The customer asks to return lines of a delivered order inside their window: reasons, photos where needed, a pickup slot, and for COD refunds a UPI ID or bank account.';

create or replace function public.cancel_return(return_id uuid)
returns public.returns
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_return public.returns;
begin
  select * into v_return from public.returns as r where r.id = cancel_return.return_id for update;
  if not found or v_return.user_id is distinct from (select auth.uid()) then
    raise exception 'Return not found.' using errcode = 'P0001', detail = 'return_not_found';
  end if;
  if v_return.status = 'cancelled' then
    return v_return;
  end if;
  if v_return.status not in ('requested', 'approved', 'pickup_scheduled') then
    raise exception 'Return % has been picked up and can no longer be cancelled.', v_return.return_number
      using errcode = 'P0001', detail = 'return_not_cancellable';
  end if;
  update public.returns as r set status = 'cancelled', cancelled_at = now() where r.id = v_return.id returning * into v_return;
  return v_return;
end
$$;
comment on function public.cancel_return(uuid) is 'The customer withdraws a return before it is picked up.';

-- The staff's side ---------------------------------------------------------------------------------

-- A return, locked, for a staff step allowed from `allowed`.
create or replace function private.lock_return_for(return_id uuid, allowed text[], step text)
returns public.returns
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_return public.returns;
begin
  perform private.require_admin(true);
  select * into v_return from public.returns as r where r.id = lock_return_for.return_id for update;
  if not found then
    raise exception 'Return not found.' using errcode = 'P0001', detail = 'return_not_found';
  end if;
  if not v_return.status = any (lock_return_for.allowed) then
    raise exception 'Return % is %, so it cannot be %.', v_return.return_number, replace(v_return.status, '_', ' '), lock_return_for.step
      using errcode = 'P0001', detail = 'invalid_return_transition';
  end if;
  return v_return;
end
$$;

create or replace function public.admin_decide_return(return_id uuid, approve boolean, reason text default null)
returns public.returns
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_return public.returns;
  v_reason text := nullif(btrim(admin_decide_return.reason), '');
begin
  v_return := private.lock_return_for(admin_decide_return.return_id, array['requested'],
    case when admin_decide_return.approve then 'approved' else 'rejected' end);
  if admin_decide_return.approve is null then
    raise exception 'Approve or reject the return.' using errcode = 'P0001', detail = 'invalid_return_transition';
  end if;
  if not admin_decide_return.approve and (v_reason is null or length(v_reason) not between 3 and 500) then
    raise exception 'Please give the reason for rejecting the return (3 to 500 characters); the customer will see it.'
      using errcode = 'P0001', detail = 'rejection_reason_required';
  end if;
  update public.returns as r
  set status = case when admin_decide_return.approve then 'approved' else 'rejected' end,
      rejection_reason = case when admin_decide_return.approve then null else v_reason end,
      decided_by = (select auth.uid()),
      decided_at = now()
  where r.id = v_return.id
  returning * into v_return;
  return v_return;
end
$$;
comment on function public.admin_decide_return(uuid, boolean, text) is 'Staff approve a requested return, or reject it with a reason the customer sees.';

create or replace function public.admin_schedule_return_pickup(return_id uuid, pickup_date date, pickup_window text)
returns public.returns
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_return public.returns;
  v_today date := (now() at time zone 'Asia/Kolkata')::date;
begin
  v_return := private.lock_return_for(admin_schedule_return_pickup.return_id, array['approved', 'pickup_scheduled'], 'scheduled for pickup');
  if admin_schedule_return_pickup.pickup_date is null or admin_schedule_return_pickup.pickup_window is null
    or admin_schedule_return_pickup.pickup_window not in ('09-13', '13-17', '17-20')
    or admin_schedule_return_pickup.pickup_date not between v_today and v_today + 30
  then
    raise exception 'Choose a pickup date from today to 30 days ahead and a window (9 am–1 pm, 1–5 pm, 5–8 pm).'
      using errcode = 'P0001', detail = 'invalid_pickup_slot';
  end if;
  update public.returns as r
  set status = 'pickup_scheduled',
      pickup_date = admin_schedule_return_pickup.pickup_date,
      pickup_window = admin_schedule_return_pickup.pickup_window,
      pickup_scheduled_at = now()
  where r.id = v_return.id
  returning * into v_return;
  return v_return;
end
$$;
comment on function public.admin_schedule_return_pickup(uuid, date, text) is 'Staff book (or move) the pickup of an approved return.';

create or replace function public.admin_mark_return_picked_up(return_id uuid)
returns public.returns
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_return public.returns;
begin
  v_return := private.lock_return_for(admin_mark_return_picked_up.return_id, array['pickup_scheduled'], 'marked picked up');
  update public.returns as r set status = 'picked_up', picked_up_at = now() where r.id = v_return.id returning * into v_return;
  return v_return;
end
$$;
comment on function public.admin_mark_return_picked_up(uuid) is 'Staff: the courier collected the return.';

-- The warehouse receives the return: per line what arrived and how much of it is damaged. Resellable
-- units go back on sale and damaged ones are written off, through the stock ledger.
create or replace function public.admin_receive_return(return_id uuid, items jsonb)
returns public.returns
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_return public.returns;
  v_order public.orders;
begin
  v_return := private.lock_return_for(admin_receive_return.return_id, array['picked_up'], 'received');
  if admin_receive_return.items is null or jsonb_typeof(admin_receive_return.items) <> 'array'
    or exists (
      select 1 from jsonb_array_elements(admin_receive_return.items) as e
      where jsonb_typeof(e) <> 'object' or coalesce(jsonb_typeof(e -> 'return_item_id'), '') <> 'number'
        or coalesce(jsonb_typeof(e -> 'received'), '') <> 'number' or coalesce(jsonb_typeof(e -> 'damaged'), '') <> 'number'
        or (e ->> 'received')::numeric <> floor((e ->> 'received')::numeric)
        or (e ->> 'damaged')::numeric <> floor((e ->> 'damaged')::numeric)
    )
    or (select count(*) from jsonb_array_elements(admin_receive_return.items)) <> (
      select count(*) from public.return_items as ri where ri.return_id = v_return.id
    )
    or exists (
      select 1 from public.return_items as ri
      where ri.return_id = v_return.id
        and (
          select count(*) from jsonb_array_elements(admin_receive_return.items) as e
          where (e ->> 'return_item_id')::bigint = ri.id
            and (e ->> 'received')::integer between 0 and ri.quantity
            and (e ->> 'damaged')::integer between 0 and (e ->> 'received')::integer
        ) <> 1
    )
  then
    raise exception 'For every item of the return, give how many arrived (0 to the quantity returned) and how many of those are damaged.'
      using errcode = 'P0001', detail = 'invalid_receive_items';
  end if;
  select * into v_order from public.orders as o where o.id = v_return.order_id;
  update public.return_items as ri
  set received_quantity = (e ->> 'received')::integer, damaged_quantity = (e ->> 'damaged')::integer
  from jsonb_array_elements(admin_receive_return.items) as e
  where ri.return_id = v_return.id and ri.id = (e ->> 'return_item_id')::bigint;

  -- The variants are locked in id order (as checkout locks them) before the ledger moves them.
  perform 1
  from public.product_variants as v
  where v.id in (
    select i.variant_id from public.return_items as ri join public.order_items as i on i.id = ri.order_item_id
    where ri.return_id = v_return.id and ri.received_quantity > 0
  )
  order by v.id
  for no key update;
  insert into public.stock_movements (variant_id, quantity, reason, order_id, reference, note)
  select m.variant_id, m.quantity, m.reason, v_order.id, v_return.return_number, m.note
  from (
    select i.variant_id, ri.received_quantity as quantity, 'return' as reason, ri.id, 1 as step,
      'Returned: ' || ri.received_quantity || ' received' as note
    from public.return_items as ri join public.order_items as i on i.id = ri.order_item_id
    where ri.return_id = v_return.id and ri.received_quantity > 0 and i.variant_id is not null
    union all
    select i.variant_id, -ri.damaged_quantity, 'write_off', ri.id, 2,
      'Written off: ' || ri.damaged_quantity || ' damaged on return'
    from public.return_items as ri join public.order_items as i on i.id = ri.order_item_id
    where ri.return_id = v_return.id and ri.damaged_quantity > 0 and i.variant_id is not null
  ) as m
  order by m.variant_id, m.id, m.step;
  update public.returns as r set status = 'received', received_at = now() where r.id = v_return.id returning * into v_return;
  return v_return;
end
$$;
comment on function public.admin_receive_return(uuid, jsonb) is
  'Staff record what arrived of a picked-up return; resellable units go back to stock, damaged ones are written off (stock_movements).';

-- Whether the delivery fee's share is refunded for a line returned for `reason`.
create or replace function private.refunds_delivery_fee(reason text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case s.delivery_fee_refund
    when 'always' then true
    when 'never' then false
    else coalesce((select rr.store_fault from public.return_reasons as rr where rr.code = refunds_delivery_fee.reason), false)
  end
  from public.store_settings as s
  where s.id
$$;

-- The refund a return proposes: per line, the units received (or asked for, before they arrive) at
-- their share of what the line charged — the goods net of the discount, and the delivery fee's share
-- where the store setting says so — computed as the credit note computes them; capped by what can
-- still be refunded on the order.
create or replace function private.return_quote(return_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_return public.returns;
  v_order public.orders;
  v_items jsonb;
  v_goods numeric;
  v_amount numeric;
  v_value numeric;
  v_refunded numeric;
  v_return_refunded numeric;
begin
  select * into v_return from public.returns as r where r.id = return_quote.return_id;
  if not found then
    raise exception 'Return not found.' using errcode = 'P0001', detail = 'return_not_found';
  end if;
  select * into v_order from public.orders as o where o.id = v_return.order_id;
  with l as (
    select ri.id as return_item_id, ri.order_item_id, ri.reason,
      case when v_return.received_at is null then ri.quantity else ri.received_quantity end as quantity,
      i.quantity as ordered,
      i.line_total - coalesce(i.discount_share, 0) as goods_value, coalesce(i.delivery_share, 0) as delivery_value,
      coalesce(c.quantity, 0) as credited, coalesce(c.amount, 0) - coalesce(c.delivery, 0) as prev_goods,
      coalesce(c.delivery, 0) as prev_delivery, coalesce(c.delivery_units, 0) as prev_delivery_units,
      private.refunds_delivery_fee(ri.reason) as include_delivery
    from public.return_items as ri
    join public.order_items as i on i.id = ri.order_item_id
    left join lateral (
      select sum(ci.quantity)::integer as quantity, sum(ci.amount) as amount, sum(ci.delivery_amount) as delivery,
        (sum(ci.quantity) filter (where ci.delivery_amount > 0))::integer as delivery_units
      from public.credit_note_items as ci
      where ci.order_item_id = ri.order_item_id and ci.credit_note_id not in (
        select cn.id from public.credit_notes as cn where cn.return_id = v_return.id
      )
    ) as c on true
    where ri.return_id = v_return.id
  ),
  q as (
    select l.*, coalesce(p.goods_part, 0) as goods, coalesce(p.goods_part + p.delivery_part, 0) as amount
    from l
    left join lateral private.credit_parts(
      l.goods_value, l.delivery_value, l.ordered, l.credited, l.prev_goods, l.prev_delivery, l.prev_delivery_units,
      l.quantity, l.include_delivery
    ) as p on l.quantity > 0
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'return_item_id', q.return_item_id, 'order_item_id', q.order_item_id, 'quantity', q.quantity, 'reason', q.reason,
      'goods', q.goods, 'delivery', q.amount - q.goods, 'amount', q.amount, 'delivery_included', q.include_delivery
    ) order by q.return_item_id), '[]'::jsonb),
    coalesce(sum(q.goods), 0), coalesce(sum(q.amount), 0)
  into v_items, v_goods, v_amount
  from q;
  select coalesce(sum(r.amount), 0) into v_refunded from public.refunds as r where r.order_id = v_order.id and r.status <> 'failed';
  select coalesce(sum(r.amount), 0) into v_return_refunded from public.refunds as r where r.return_id = v_return.id and r.status <> 'failed';
  -- Once refunded, the return is worth what its credit note credited.
  select c.total into v_value from public.credit_notes as c where c.return_id = v_return.id;
  v_value := coalesce(v_value, v_amount);
  return jsonb_build_object(
    'return_id', v_return.id,
    'items', v_items,
    'goods', v_goods,
    'delivery', v_amount - v_goods,
    'delivery_included', v_amount > v_goods,
    'delivery_fee_refund', (select s.delivery_fee_refund from public.store_settings as s where s.id),
    'value', v_value,
    'return_refunded', v_return_refunded,
    'refunded', v_refunded,
    'refundable', greatest(private.order_captured(v_order) - v_refunded, 0),
    'amount', least(greatest(v_value - v_return_refunded, 0), greatest(private.order_captured(v_order) - v_refunded, 0))
  );
end
$$;

create or replace function public.return_refund_quote(return_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin(false);
  return private.return_quote(return_refund_quote.return_id);
end
$$;
comment on function public.return_refund_quote(uuid) is
  'Staff: the refund a return proposes (goods net of discount, the delivery fee''s share per the store setting), capped by what the order can still refund.';

-- A refund: of a return (after it was received; its credit note is issued in the same transaction)
-- or a goodwill refund of a paid order. The rail follows the payment: Razorpay for an online payment;
-- for cash on delivery a payout to the UPI ID or bank account the customer gave on the return, or a
-- transfer staff made themselves and record with its reference. request_key is the dialog's: the
-- same key again (a double click, a retried request) returns the refund already made.
create or replace function public.admin_create_refund(
  order_id uuid,
  amount numeric,
  reason text,
  request_key text,
  return_id uuid default null,
  reference text default null
)
returns public.refunds
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_return public.returns;
  v_refund public.refunds;
  v_reason text := nullif(btrim(admin_create_refund.reason), '');
  v_reference text := nullif(btrim(admin_create_refund.reference), '');
  v_items jsonb;
begin
  perform private.require_admin(true);
  if admin_create_refund.request_key is null or length(admin_create_refund.request_key) not between 8 and 100 then
    raise exception 'A request key is required.' using errcode = 'P0001', detail = 'invalid_refund_request';
  end if;
  select * into v_order from public.orders as o where o.id = admin_create_refund.order_id for update;
  if not found then
    raise exception 'Order not found.' using errcode = 'P0001', detail = 'order_not_found';
  end if;
  select * into v_refund from public.refunds as r where r.request_key = admin_create_refund.request_key;
  if found then
    if v_refund.order_id <> v_order.id then
      raise exception 'That request key belongs to another refund.' using errcode = 'P0001', detail = 'invalid_refund_request';
    end if;
    return v_refund;
  end if;
  if v_order.payment_status not in ('paid', 'partially_refunded') then
    raise exception 'Order % has no payment to refund.', v_order.order_number using errcode = 'P0001', detail = 'order_not_paid';
  end if;
  if admin_create_refund.amount is null or admin_create_refund.amount <= 0
    or admin_create_refund.amount <> round(admin_create_refund.amount, 2) then
    raise exception 'Enter an amount in rupees and paise, above zero.' using errcode = 'P0001', detail = 'invalid_refund_amount';
  end if;
  if admin_create_refund.return_id is not null then
    select * into v_return from public.returns as r where r.id = admin_create_refund.return_id for update;
    if not found or v_return.order_id <> v_order.id then
      raise exception 'Return not found on this order.' using errcode = 'P0001', detail = 'return_not_found';
    end if;
    if v_return.status = 'closed' then
      raise exception 'Return % is closed; make a goodwill refund on the order instead.', v_return.return_number
        using errcode = 'P0001', detail = 'return_closed';
    end if;
    if v_return.status not in ('received', 'refunded') then
      raise exception 'Return % has not been received yet; refund it once it arrives.', v_return.return_number
        using errcode = 'P0001', detail = 'return_not_received';
    end if;
    v_reason := coalesce(v_reason, 'Return ' || v_return.return_number);
  end if;
  if v_reason is null or length(v_reason) not between 3 and 300 then
    raise exception 'Please give the reason for the refund (3 to 300 characters).' using errcode = 'P0001', detail = 'refund_reason_required';
  end if;
  if v_reference is not null and length(v_reference) > 100 then
    raise exception 'The reference is too long (100 characters at most).' using errcode = 'P0001', detail = 'invalid_refund_request';
  end if;

  if v_reference is null and v_order.payment_method <> 'razorpay'
    and v_return.refund_upi_id is null and v_return.refund_bank is null then
    raise exception 'The customer gave no UPI ID or bank account; pay them yourself and record the transfer''s reference.'
      using errcode = 'P0001', detail = 'refund_account_required';
  end if;

  insert into public.refunds (
    order_id, return_id, amount, reason, rail, razorpay_payment_id, destination, status, reference, request_key, created_by
  )
  values (
    v_order.id, v_return.id, admin_create_refund.amount, v_reason,
    case
      when v_reference is not null then 'manual'
      when v_order.payment_method = 'razorpay' then 'razorpay'
      when v_return.refund_upi_id is not null then 'upi_payout'
      when v_return.refund_bank is not null then 'bank_payout'
    end,
    case when v_reference is null and v_order.payment_method = 'razorpay' then v_order.razorpay_payment_id end,
    case
      when v_reference is not null or v_order.payment_method = 'razorpay' then null
      when v_return.refund_upi_id is not null then jsonb_build_object('vpa', v_return.refund_upi_id)
      else v_return.refund_bank
    end,
    case when v_reference is not null then 'processed' else 'pending' end,
    v_reference, admin_create_refund.request_key, (select auth.uid())
  )
  returning * into v_refund;

  if v_return.id is not null and v_return.status = 'received' then
    -- The credit note for the units that came back (CGST Act s.34), as the quote valued them.
    if exists (select 1 from public.invoices as inv where inv.order_id = v_order.id) then
      select jsonb_agg(jsonb_build_object(
          'order_item_id', ri.order_item_id, 'quantity', ri.received_quantity,
          'include_delivery', private.refunds_delivery_fee(ri.reason)
        ) order by ri.order_item_id)
      into v_items
      from public.return_items as ri
      where ri.return_id = v_return.id and ri.received_quantity > 0;
      if v_items is not null then
        perform private.issue_credit_note(v_order.id, v_items, 'Goods returned: ' || v_return.return_number, v_return.id);
      end if;
    end if;
    update public.returns as r set status = 'refunded', refunded_at = now() where r.id = v_return.id;
    -- a refund recorded as processed at once closes the return now
    if v_refund.status = 'processed' then
      update public.returns as r set status = 'closed', closed_at = now()
      where r.id = v_return.id
        and not exists (select 1 from public.refunds as x where x.return_id = r.id and x.status <> 'processed');
    end if;
  end if;
  return v_refund;
end
$$;
comment on function public.admin_create_refund(uuid, numeric, text, text, uuid, text) is
  'Staff refund a received return or a paid order (full or partial, never beyond what was captured); a return''s refund issues its credit note. One refund per request_key.';

create or replace function public.admin_retry_refund(refund_id uuid)
returns public.refunds
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_refund public.refunds;
begin
  perform private.require_admin(true);
  select * into v_refund from public.refunds as r where r.id = admin_retry_refund.refund_id for update;
  if not found then
    raise exception 'Refund not found.' using errcode = 'P0001', detail = 'refund_not_found';
  end if;
  if v_refund.status <> 'failed' then
    raise exception 'Only a failed refund can be retried.' using errcode = 'P0001', detail = 'invalid_refund_transition';
  end if;
  update public.refunds as r
  set status = 'pending', generation = r.generation + 1, provider_id = null, failure_reason = null, last_error = null, attempts = 0
  where r.id = v_refund.id
  returning * into v_refund;
  return v_refund;
end
$$;
comment on function public.admin_retry_refund(uuid) is 'Staff retry a failed refund: pending again, with a new idempotency key.';

create or replace function public.admin_close_return(return_id uuid, note text default null)
returns public.returns
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_return public.returns;
begin
  v_return := private.lock_return_for(admin_close_return.return_id, array['received', 'refunded'], 'closed');
  if v_return.status = 'received' and v_return.resolution <> 'replacement' then
    raise exception 'Return % asks for a refund: refund it before closing it.', v_return.return_number
      using errcode = 'P0001', detail = 'invalid_return_transition';
  end if;
  update public.returns as r
  set status = 'closed', closed_at = now(),
      note = coalesce(r.note, nullif(left(btrim(admin_close_return.note), 1000), ''))
  where r.id = v_return.id
  returning * into v_return;
  return v_return;
end
$$;
comment on function public.admin_close_return(uuid, text) is 'Staff close a received replacement return (the replacement was sent) or a refunded one.';

-- The refunds functions' side (service role) -------------------------------------------------------

create or replace function public.due_refunds(order_id uuid default null)
returns setof public.refunds
language sql
stable
security definer
set search_path = ''
as $$
  select r.* from public.refunds as r
  where r.status = 'pending' and r.provider_id is null and r.rail <> 'manual'
    and (due_refunds.order_id is null or r.order_id = due_refunds.order_id)
  order by r.created_at
  limit 100
$$;
comment on function public.due_refunds(uuid) is 'Service role (refunds function): refunds owed and not yet accepted by Razorpay, of one order or all.';

-- What the provider said of a refund (its create answer, a refund.* or payout.* webhook), in any order
-- and however often: processed and failed are final for the generation; a late 'pending' changes
-- nothing. Matched by the idempotency key the function sent (refund notes / payout reference_id); a
-- key of an earlier generation (a retried refund's old attempt) changes nothing.
create or replace function public.record_refund(
  idempotency_key text,
  provider_id text,
  status text,
  reference text default null,
  failure_reason text default null
)
returns public.refunds
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_refund public.refunds;
  v_key text := nullif(btrim(record_refund.idempotency_key), '');
  v_provider text := nullif(btrim(record_refund.provider_id), '');
  v_id uuid;
begin
  if record_refund.status is null or record_refund.status not in ('pending', 'processed', 'failed') then
    raise exception 'A status of pending, processed or failed is required.' using errcode = 'P0001', detail = 'invalid_refund';
  end if;
  if v_key is not null then
    select * into v_refund from public.refunds as r where r.idempotency_key = v_key for update;
    if not found and v_key ~ '^[0-9a-f]{32}-[0-9]{1,3}$' then
      v_id := substring(v_key from 1 for 32)::uuid;
      select * into v_refund from public.refunds as r where r.id = v_id;
      if found then
        return v_refund; -- an earlier attempt of a refund retried since
      end if;
    end if;
  end if;
  if v_refund.id is null and v_provider is not null then
    select * into v_refund from public.refunds as r where r.provider_id = v_provider for update;
  end if;
  if v_refund.id is null then
    return null; -- not a refund of ours (one made in Razorpay's dashboard, say)
  end if;
  if v_refund.status <> 'pending' then
    return v_refund;
  end if;
  update public.refunds as r
  set provider_id = coalesce(r.provider_id, v_provider),
      status = record_refund.status,
      reference = coalesce(left(nullif(btrim(record_refund.reference), ''), 100), r.reference),
      failure_reason = case when record_refund.status = 'failed'
        then left(coalesce(nullif(btrim(record_refund.failure_reason), ''), 'The payment provider reported the refund as failed.'), 500) end,
      last_error = case when record_refund.status = 'pending' then null else r.last_error end
  where r.id = v_refund.id
  returning * into v_refund;
  return v_refund;
end
$$;
comment on function public.record_refund(text, text, text, text, text) is
  'Service role (refunds function, webhook): record what Razorpay said of a refund or payout; final states never move back.';

create or replace function public.record_refund_error(refund_id uuid, error text)
returns public.refunds
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_refund public.refunds;
begin
  update public.refunds as r
  set attempts = r.attempts + 1,
      last_error = left(coalesce(nullif(btrim(record_refund_error.error), ''), 'The refund call failed.'), 500)
  where r.id = record_refund_error.refund_id and r.status = 'pending'
  returning * into v_refund;
  return v_refund;
end
$$;
comment on function public.record_refund_error(uuid, text) is 'Service role (refunds function): a call failed; the refund stays pending for the next attempt.';

-- Mails --------------------------------------------------------------------------------------------
-- Each step of a return queues the customer's mail (once: '<event>/<return id>'), and each refund its
-- 'initiated' and 'processed' mails. The return's mail is queued when the transaction commits (a
-- deferred trigger), so the request's lines are in its payload.

alter table public.notification_outbox drop constraint notification_outbox_event_check;
alter table public.notification_outbox add constraint notification_outbox_event_check check (
  event in (
    'order_placed', 'order_paid', 'shipped', 'out_for_delivery', 'delivered', 'cancelled',
    'refund_initiated', 'refund_processed', 'back_in_stock',
    'return_requested', 'return_approved', 'return_rejected', 'return_pickup_scheduled', 'return_picked_up',
    'return_received', 'return_cancelled'
  )
);

-- What a mail about a return shows.
create or replace function private.return_mail_payload(return_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'number', r.return_number,
    'status', r.status,
    'resolution', r.resolution,
    'pickup_date', r.pickup_date,
    'pickup_window', r.pickup_window,
    'rejection_reason', r.rejection_reason,
    'refund_upi_id', r.refund_upi_id,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', i.product_name || coalesce(' (' || i.variant_title || ')', ''),
        'image', i.product_image,
        'quantity', ri.quantity,
        'received_quantity', ri.received_quantity,
        'reason', ri.reason,
        'reason_label', rr.label
      ) order by ri.id)
      from public.return_items as ri
      join public.order_items as i on i.id = ri.order_item_id
      join public.return_reasons as rr on rr.code = ri.reason
      where ri.return_id = r.id
    ), '[]'::jsonb)
  )
  from public.returns as r
  where r.id = return_mail_payload.return_id
$$;

create or replace function private.returns_enqueue_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event text;
  v_key text;
begin
  -- a moved pickup is news too (the customer would wait at the old slot): one mail per slot
  if tg_op = 'UPDATE' and new.status = old.status
    and not (new.status = 'pickup_scheduled' and (new.pickup_date, new.pickup_window) is distinct from (old.pickup_date, old.pickup_window))
  then
    return null;
  end if;
  v_event := case new.status
    when 'requested' then 'return_requested'
    when 'approved' then 'return_approved'
    when 'rejected' then 'return_rejected'
    when 'pickup_scheduled' then 'return_pickup_scheduled'
    when 'picked_up' then 'return_picked_up'
    when 'received' then 'return_received'
    when 'cancelled' then 'return_cancelled'
  end;
  if v_event is not null then
    v_key := v_event || '/' || new.id::text
      || case when v_event = 'return_pickup_scheduled' then '/' || new.pickup_date::text || '/' || new.pickup_window else '' end;
    perform private.enqueue_order_mail(
      new.order_id, v_event, v_key,
      jsonb_build_object(
        'return', private.return_mail_payload(new.id)
          || jsonb_build_object('status', new.status, 'pickup_date', new.pickup_date, 'pickup_window', new.pickup_window),
        'rescheduled', tg_op = 'UPDATE' and new.status = old.status,
        'event_at', now()
      )
    );
  end if;
  return null;
end
$$;

create constraint trigger returns_enqueue_mail
  after insert or update of status, pickup_date, pickup_window on public.returns
  deferrable initially deferred
  for each row execute function private.returns_enqueue_mail();

create or replace function private.refunds_enqueue_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_return_number text;
begin
  select r.return_number into v_return_number from public.returns as r where r.id = new.return_id;
  if tg_op = 'INSERT' and new.status <> 'processed' then
    perform private.enqueue_order_mail(
      new.order_id, 'refund_initiated', 'refund_initiated/' || new.id::text,
      jsonb_build_object('refund_amount', new.amount, 'refund_reason', new.reason, 'refund_rail', new.rail,
        'refund_destination', new.destination, 'refund_reference', null, 'return_number', v_return_number, 'event_at', now())
    );
  end if;
  if new.status = 'processed' and (tg_op = 'INSERT' or old.status <> 'processed') then
    perform private.enqueue_order_mail(
      new.order_id, 'refund_processed', 'refund_processed/' || new.id::text,
      jsonb_build_object('refund_amount', new.amount, 'refund_reason', new.reason, 'refund_rail', new.rail,
        'refund_destination', new.destination, 'refund_reference', new.reference, 'return_number', v_return_number, 'event_at', now())
    );
  end if;
  return null;
end
$$;

create trigger refunds_enqueue_mail
  after insert or update of status on public.refunds
  for each row execute function private.refunds_enqueue_mail();

-- Return photos: a private bucket; customers upload under their own id and read their own, staff read
-- all (signed URLs). A photo a return cites cannot be deleted.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('return-photos', 'return-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create policy "customers upload return photos to their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'return-photos' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "customers read their own return photos, admins read all"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'return-photos'
    and ((storage.foldername(name))[1] = (select auth.uid())::text or (select private.is_admin()))
  );

create policy "customers delete return photos no return cites"
  on storage.objects for delete to authenticated
  using (
    bucket_id = 'return-photos'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and not exists (select 1 from public.returns as r where r.user_id = (select auth.uid()) and objects.name = any (r.photos))
  );

-- Issue the refunds owed every minute (cancelled prepaid orders, staff refunds whose first call
-- failed): pg_cron calls the refunds Edge Function as it calls notify-dispatch (20261124140100).
select cron.schedule(
  'refunds-dispatch',
  '* * * * *',
  $job$
  select net.http_post(
    url := url.decrypted_secret || '/functions/v1/refunds',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', key.decrypted_secret,
      'Authorization', 'Bearer ' || key.decrypted_secret
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 55000
  )
  from vault.decrypted_secrets as url, vault.decrypted_secrets as key
  where url.name = 'project_url' and key.name = 'secret_key'
    and exists (
      select 1 from public.refunds as r
      where r.status = 'pending' and r.rail <> 'manual'
        and (r.provider_id is null or r.updated_at < now() - interval '15 minutes')
    )
  $job$
);

-- Grants ---------------------------------------------------------------------------------------------
revoke all on function private.order_items_return_terms() from public;
revoke all on function private.return_window_closes_at(timestamptz, integer) from public;
revoke all on function private.live_returned_quantity(bigint) from public;
revoke all on function private.return_items_check_quantity() from public;
revoke all on function private.order_captured(public.orders) from public;
revoke all on function private.refunds_before_write() from public;
revoke all on function private.refunds_after_write() from public;
revoke all on function private.orders_refund_on_cancel() from public;
revoke all on function private.credit_parts(numeric, numeric, integer, integer, numeric, numeric, integer, integer, boolean) from public;
revoke all on function private.return_quote(uuid) from public;
revoke all on function private.issue_credit_note(uuid, jsonb, text, uuid) from public;
revoke all on function private.lock_return_for(uuid, text[], text) from public;
revoke all on function private.refunds_delivery_fee(text) from public;
revoke all on function private.return_mail_payload(uuid) from public;
revoke all on function private.returns_enqueue_mail() from public;
revoke all on function private.refunds_enqueue_mail() from public;

revoke all on function public.order_return_options(uuid) from public, anon, authenticated;
grant execute on function public.order_return_options(uuid) to authenticated;
revoke all on function public.request_return(uuid, jsonb, text, date, text, text[], text, text, jsonb) from public, anon, authenticated;
grant execute on function public.request_return(uuid, jsonb, text, date, text, text[], text, text, jsonb) to authenticated;
revoke all on function public.cancel_return(uuid) from public, anon, authenticated;
grant execute on function public.cancel_return(uuid) to authenticated;
revoke all on function public.admin_decide_return(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.admin_decide_return(uuid, boolean, text) to authenticated;
revoke all on function public.admin_schedule_return_pickup(uuid, date, text) from public, anon, authenticated;
grant execute on function public.admin_schedule_return_pickup(uuid, date, text) to authenticated;
revoke all on function public.admin_mark_return_picked_up(uuid) from public, anon, authenticated;
grant execute on function public.admin_mark_return_picked_up(uuid) to authenticated;
revoke all on function public.admin_receive_return(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.admin_receive_return(uuid, jsonb) to authenticated;
revoke all on function public.return_refund_quote(uuid) from public, anon, authenticated;
grant execute on function public.return_refund_quote(uuid) to authenticated;
revoke all on function public.admin_create_refund(uuid, numeric, text, text, uuid, text) from public, anon, authenticated;
grant execute on function public.admin_create_refund(uuid, numeric, text, text, uuid, text) to authenticated;
revoke all on function public.admin_retry_refund(uuid) from public, anon, authenticated;
grant execute on function public.admin_retry_refund(uuid) to authenticated;
revoke all on function public.admin_close_return(uuid, text) from public, anon, authenticated;
grant execute on function public.admin_close_return(uuid, text) to authenticated;
revoke all on function public.admin_issue_credit_note(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.admin_issue_credit_note(uuid, jsonb, text) to authenticated;
revoke all on function public.due_refunds(uuid) from public, anon, authenticated;
grant execute on function public.due_refunds(uuid) to service_role;
revoke all on function public.record_refund(text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_refund(text, text, text, text, text) to service_role;
revoke all on function public.record_refund_error(uuid, text) from public, anon, authenticated;
grant execute on function public.record_refund_error(uuid, text) to service_role;
