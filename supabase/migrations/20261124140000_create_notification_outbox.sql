-- Order e-mails through a transactional outbox (issue 15).
--
-- Every order event a customer cares about writes one row here in the same transaction as the change,
-- so a rolled-back order sends nothing and a committed one is never forgotten. The events come from the
-- order's timeline (order_events), which every writer already keeps — place_order, cancel_order,
-- admin_set_order_status, admin_add_order_event, mark_order_paid, release_unpaid_orders — and from
-- payment_refunds; two triggers turn them into rows, so no RPC has to remember to:
--
--   order_events 'Order Placed' on a COD order      → order_placed       (once per order)
--   order_events 'Order Confirmed' on a paid order  → order_paid         (once per order; online)
--   order_events 'Shipped'                          → shipped            (once per order)
--   order_events 'Out for Delivery'                 → out_for_delivery   (once per order)
--   order_events 'Delivered'                        → delivered          (once per order)
--   order_events 'Cancelled'                        → cancelled          (once per order; the event's
--                                                     description says who and why)
--   payment_refunds inserted                        → refund_initiated   (once per refund)
--   payment_refunds status → 'processed'            → refund_processed   (once per refund)
--
-- dedupe_key (unique) is '<event>/<order or refund id>': a repeated status change inserts nothing.
-- The payload is a snapshot of what the mail shows (order number, items with pictures, amounts,
-- address, payment, the event's description), taken when the event happened.
--
-- The notify-dispatch Edge Function drains the outbox with the service role:
--   claim_notifications(max_rows, lease_seconds) → the rows it may send now, each leased to it
--     (status 'sending', locked_until): rows are picked FOR UPDATE SKIP LOCKED, so two dispatchers
--     never claim the same row; a dispatcher that dies leaves its lease to expire and the row is
--     claimed again. A confirmation (order_placed / order_paid) whose order is cancelled by then is
--     'suppressed' instead of sent (the cancellation mail says what the customer needs to know).
--   complete_notification(id, provider_id) → sent, with the provider's message id.
--   fail_notification(id, error) → failed and retried after 1 min, 5 min, 30 min, 2 h, 12 h …; dead
--     after max_attempts (8) tries, visible to staff.
-- Staff read the outbox (RLS) and call admin_resend_notification(id) for a failed or dead row.
-- Customers do not read it: their orders page and the mails themselves tell them.

create table public.notification_outbox (
  id bigint generated always as identity primary key,
  event text not null,
  order_id uuid not null references public.orders (id) on delete cascade,
  channel text not null default 'email',
  recipient text not null,
  payload jsonb not null,
  dedupe_key text not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  max_attempts integer not null default 8,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  provider_id text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint notification_outbox_dedupe_key_key unique (dedupe_key),
  constraint notification_outbox_event_check check (
    event in (
      'order_placed', 'order_paid', 'shipped', 'out_for_delivery', 'delivered', 'cancelled',
      'refund_initiated', 'refund_processed'
    )
  ),
  constraint notification_outbox_channel_check check (channel in ('email')),
  constraint notification_outbox_status_check check (
    status in ('pending', 'sending', 'sent', 'failed', 'dead', 'suppressed')
  ),
  constraint notification_outbox_recipient_check check (recipient ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint notification_outbox_payload_check check (jsonb_typeof(payload) = 'object'),
  constraint notification_outbox_attempts_check check (attempts >= 0 and attempts <= max_attempts),
  constraint notification_outbox_max_attempts_check check (max_attempts between 1 and 20),
  constraint notification_outbox_lease_check check ((status = 'sending') = (locked_until is not null)),
  constraint notification_outbox_sent_check check ((status = 'sent') = (sent_at is not null)),
  constraint notification_outbox_last_error_check check (length(last_error) <= 1000),
  constraint notification_outbox_provider_id_check check (length(provider_id) <= 300)
);
comment on table public.notification_outbox is
  'Customer e-mails owed for order events, written in the same transaction as the event; sent by the notify-dispatch function.';
comment on column public.notification_outbox.status is
  'pending: to send; sending: leased to a dispatcher until locked_until; sent; failed: retried at next_attempt_at; dead: gave up after max_attempts; suppressed: a confirmation whose order was cancelled first.';
comment on column public.notification_outbox.dedupe_key is
  '<event>/<order or refund id>: the same event never queues two mails.';

-- The dispatcher's queue: what is due, oldest first.
create index notification_outbox_due_idx on public.notification_outbox (next_attempt_at)
  where status in ('pending', 'failed');
-- Expired leases of dispatchers that died.
create index notification_outbox_leased_idx on public.notification_outbox (locked_until)
  where status = 'sending';
-- The admin's order page (Messages) and the dashboard's dead count.
create index notification_outbox_order_id_idx on public.notification_outbox (order_id, created_at);
create index notification_outbox_dead_idx on public.notification_outbox (created_at) where status = 'dead';

create trigger notification_outbox_set_updated_at
  before update on public.notification_outbox
  for each row execute function private.set_updated_at();

alter table public.notification_outbox enable row level security;
revoke all on table public.notification_outbox from anon, authenticated;
grant select on table public.notification_outbox to authenticated;

create policy "admins read the outbox"
  on public.notification_outbox for select to authenticated
  using ((select private.is_admin()));

-- What a mail about this order shows, as it is now: called in the event's transaction.
create or replace function private.order_mail_payload(order_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'order_number', o.order_number,
    'placed_at', o.created_at,
    'payment_method', o.payment_method,
    'payment_status', o.payment_status,
    'status', o.status,
    'subtotal', o.subtotal,
    'delivery_fee', o.delivery_fee,
    'discount', o.discount,
    'promo_code', o.promo_code,
    'total', o.total,
    'shipping_address', o.shipping_address,
    'estimated_delivery_from', o.estimated_delivery_from,
    'estimated_delivery_to', o.estimated_delivery_to,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', i.product_name,
        'image', i.product_image,
        'unit_price', i.unit_price,
        'quantity', i.quantity,
        'line_total', i.line_total,
        'selected_color', i.selected_color,
        'selected_size', i.selected_size
      ) order by i.id)
      from public.order_items as i
      where i.order_id = o.id
    ), '[]'::jsonb)
  )
  from public.orders as o
  where o.id = order_mail_payload.order_id
$$;

create or replace function private.enqueue_order_mail(
  order_id uuid,
  event text,
  dedupe_key text,
  extra jsonb default '{}'::jsonb
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_recipient text;
begin
  select o.contact_email into v_recipient from public.orders as o where o.id = enqueue_order_mail.order_id;
  if v_recipient is null then
    return;
  end if;
  insert into public.notification_outbox (event, order_id, recipient, payload, dedupe_key)
  values (
    enqueue_order_mail.event, enqueue_order_mail.order_id, v_recipient,
    private.order_mail_payload(enqueue_order_mail.order_id) || enqueue_order_mail.extra,
    enqueue_order_mail.dedupe_key
  )
  on conflict on constraint notification_outbox_dedupe_key_key do nothing;
end
$$;

create or replace function private.order_events_enqueue_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_event text;
begin
  select * into v_order from public.orders as o where o.id = new.order_id;
  v_event := case new.status
    when 'Order Placed' then case when v_order.payment_method = 'cod' then 'order_placed' end
    when 'Order Confirmed' then
      case when v_order.payment_method = 'razorpay' and v_order.payment_status = 'paid' then 'order_paid' end
    when 'Shipped' then 'shipped'
    when 'Out for Delivery' then 'out_for_delivery'
    when 'Delivered' then 'delivered'
    when 'Cancelled' then 'cancelled'
  end;
  if v_event is not null then
    perform private.enqueue_order_mail(
      new.order_id, v_event, v_event || '/' || new.order_id::text,
      jsonb_build_object(
        'event_description', new.description,
        'event_location', new.location,
        'event_at', new.created_at,
        'released_unpaid', v_event = 'cancelled' and v_order.released_at is not null
      )
    );
  end if;
  return null;
end
$$;

create trigger order_events_enqueue_mail
  after insert on public.order_events
  for each row execute function private.order_events_enqueue_mail();

create or replace function private.payment_refunds_enqueue_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event text;
begin
  if tg_op = 'INSERT' then
    v_event := 'refund_initiated';
  elsif new.status = 'processed' and old.status <> 'processed' then
    v_event := 'refund_processed';
  end if;
  if v_event is not null then
    perform private.enqueue_order_mail(
      new.order_id, v_event, v_event || '/' || new.id::text,
      jsonb_build_object('refund_amount', new.amount, 'refund_reason', new.reason, 'event_at', now())
    );
  end if;
  return null;
end
$$;

create trigger payment_refunds_enqueue_mail
  after insert or update of status on public.payment_refunds
  for each row execute function private.payment_refunds_enqueue_mail();

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

  -- A confirmation for an order cancelled before it went out is not sent: the cancellation is.
  update public.notification_outbox as n
  set status = 'suppressed', locked_until = null,
    last_error = 'The order was cancelled before this confirmation was sent.'
  from public.orders as o
  where o.id = n.order_id and o.status = 'cancelled'
    and n.event in ('order_placed', 'order_paid')
    and n.status in ('pending', 'failed', 'sending')
    and (n.status <> 'sending' or n.locked_until < now());

  return query
    with due as (
      select n.id
      from public.notification_outbox as n
      where (n.status in ('pending', 'failed') and n.next_attempt_at <= now())
        or (n.status = 'sending' and n.locked_until < now())
      order by n.next_attempt_at, n.id
      limit claim_notifications.max_rows
      for update skip locked
    )
    update public.notification_outbox as n
    set status = 'sending',
      attempts = least(n.attempts + 1, n.max_attempts),
      locked_until = now() + make_interval(secs => claim_notifications.lease_seconds)
    from due
    where n.id = due.id
    returning n.*;
end
$$;
comment on function public.claim_notifications(integer, integer) is
  'Service role (notify-dispatch): lease up to max_rows due mails for lease_seconds; never the same row to two callers.';

create or replace function public.complete_notification(id bigint, provider_id text default null)
returns public.notification_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.notification_outbox;
begin
  update public.notification_outbox as n
  set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
    provider_id = left(complete_notification.provider_id, 300)
  where n.id = complete_notification.id and n.status = 'sending'
  returning * into v_row;
  if v_row.id is null then
    raise exception 'Notification % is not being sent.', complete_notification.id
      using errcode = 'P0001', detail = 'notification_not_leased';
  end if;
  return v_row;
end
$$;
comment on function public.complete_notification(bigint, text) is
  'Service role (notify-dispatch): the provider accepted the mail.';

create or replace function public.fail_notification(id bigint, error text)
returns public.notification_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.notification_outbox;
begin
  update public.notification_outbox as n
  set status = case when n.attempts >= n.max_attempts then 'dead' else 'failed' end,
    locked_until = null,
    last_error = left(coalesce(nullif(btrim(fail_notification.error), ''), 'Unknown error'), 1000),
    -- 1 min, 5 min, 30 min, 2 h, then every 12 h
    next_attempt_at = now() + case n.attempts
      when 1 then interval '1 minute'
      when 2 then interval '5 minutes'
      when 3 then interval '30 minutes'
      when 4 then interval '2 hours'
      else interval '12 hours' end
  where n.id = fail_notification.id and n.status = 'sending'
  returning * into v_row;
  if v_row.id is null then
    raise exception 'Notification % is not being sent.', fail_notification.id
      using errcode = 'P0001', detail = 'notification_not_leased';
  end if;
  return v_row;
end
$$;
comment on function public.fail_notification(bigint, text) is
  'Service role (notify-dispatch): sending failed; retry later with backoff, or dead after max_attempts.';

create or replace function public.admin_resend_notification(id bigint)
returns public.notification_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.notification_outbox;
begin
  perform private.require_admin(true);
  update public.notification_outbox as n
  set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null
  where n.id = admin_resend_notification.id and n.status in ('failed', 'dead')
  returning * into v_row;
  if v_row.id is null then
    raise exception 'Only a failed or dead message can be sent again.'
      using errcode = 'P0001', detail = 'notification_not_resendable';
  end if;
  return v_row;
end
$$;
comment on function public.admin_resend_notification(bigint) is
  'Admin: queue a failed or dead mail again (from the order''s Messages section).';

revoke all on function private.order_mail_payload(uuid) from public;
revoke all on function private.enqueue_order_mail(uuid, text, text, jsonb) from public;
revoke all on function private.order_events_enqueue_mail() from public;
revoke all on function private.payment_refunds_enqueue_mail() from public;
revoke all on function public.claim_notifications(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_notifications(integer, integer) to service_role;
revoke all on function public.complete_notification(bigint, text) from public, anon, authenticated;
grant execute on function public.complete_notification(bigint, text) to service_role;
revoke all on function public.fail_notification(bigint, text) from public, anon, authenticated;
grant execute on function public.fail_notification(bigint, text) to service_role;
revoke all on function public.admin_resend_notification(bigint) from public, anon, authenticated;
grant execute on function public.admin_resend_notification(bigint) to authenticated;
