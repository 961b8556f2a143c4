-- claim_notifications decides suppression for the rows it claims, not for the whole outbox.
--
-- 20261124140000 first set 'suppressed' on every unsent confirmation of a cancelled order, with a
-- join of the outbox on all cancelled orders: at 1,000,000 orders (`pnpm bench:catalog`) that was
-- 391 ms p99 per call with nothing to send (87,347 buffers read), every minute. Now the due rows are
-- picked first (the partial indexes, FOR UPDATE SKIP LOCKED, as before) and only those are looked up
-- in orders: a confirmation whose order is cancelled is set 'suppressed' instead of 'sending', and
-- only the rows to send are returned. Same results, same signature.

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
        due.event in ('order_placed', 'order_paid') and o.status = 'cancelled' as suppress
      from due
      join public.orders as o on o.id = due.order_id
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
comment on function public.claim_notifications(integer, integer) is
  'Service role (notify-dispatch): lease up to max_rows due mails for lease_seconds; never the same row to two callers.';

revoke all on function public.claim_notifications(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_notifications(integer, integer) to service_role;
