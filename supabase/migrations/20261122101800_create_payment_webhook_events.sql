-- Razorpay webhook deliveries already handled, by their x-razorpay-event-id: Razorpay redelivers an
-- event until it gets a 2xx, so the razorpay-webhook function drops an id it has seen. It records an
-- id only after the event was processed, so a delivery that failed half-way is processed again on
-- its retry (harmless: mark_order_paid only moves an order forward). Service role only.
--   payment_event_seen(event_id) → whether the event was already handled
--   record_payment_event(event_id, event) → true when recorded now, false when it was already there

create table private.payment_webhook_events (
  event_id text primary key,
  event text not null,
  received_at timestamptz not null default now(),
  constraint payment_webhook_events_event_id_check check (length(event_id) between 1 and 100),
  constraint payment_webhook_events_event_check check (length(event) between 1 and 100)
);
comment on table private.payment_webhook_events is 'Razorpay webhook event ids already processed (x-razorpay-event-id).';

create or replace function public.payment_event_seen(event_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from private.payment_webhook_events as e where e.event_id = payment_event_seen.event_id)
$$;
comment on function public.payment_event_seen(text) is
  'Service role (razorpay-webhook): whether this Razorpay event id was already processed.';

create or replace function public.record_payment_event(event_id text, event text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into private.payment_webhook_events (event_id, event)
  values (record_payment_event.event_id, record_payment_event.event)
  on conflict on constraint payment_webhook_events_pkey do nothing;
  return found;
end
$$;
comment on function public.record_payment_event(text, text) is
  'Service role (razorpay-webhook): remember a processed Razorpay event id; false when it was already known.';

revoke all on table private.payment_webhook_events from public, anon, authenticated;
revoke all on function public.payment_event_seen(text) from public, anon, authenticated;
grant execute on function public.payment_event_seen(text) to service_role;
revoke all on function public.record_payment_event(text, text) from public, anon, authenticated;
grant execute on function public.record_payment_event(text, text) to service_role;
