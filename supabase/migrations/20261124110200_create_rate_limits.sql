-- Rate limits on the two calls a visitor can repeat to probe the store (issue 12): track_order
-- (guessing order numbers and contacts) and preview_promo (guessing codes). Each call counts
-- against its client in a fixed one-minute window; the (N+1)th call in a window is refused with
--   SQLSTATE PT429 → HTTP 429 (PostgREST's "PTxyz" custom status, as supabase-local's REST does),
--   message 'Too many attempts. Please wait a minute and try again.', details 'rate_limited'.
-- The limits are store rules in store_settings (track_order_limit_per_minute,
-- preview_promo_limit_per_minute; 10 a minute by default).
--
-- The client: the signed-in user (auth.uid()) when there is one, else the address the request came
-- from, read from PostgREST's request.headers:
--   cf-connecting-ip   set by Cloudflare in front of hosted Supabase; a client cannot forge it
--                      there. x-forwarded-for on hosted Supabase keeps what the client sent as its
--                      first entry (https://github.com/orgs/supabase/discussions/34647), so it
--                      comes second.
--   x-forwarded-for    its first entry: what supabase-local's gateway sets from the socket.
--   x-real-ip, else 'unknown' (all such callers share one bucket).
-- Calls made outside the API (no request.jwt.claims: migrations, jobs, psql) and by the service
-- role are not counted. A refused call rolls back and does not count; counters older than ten
-- minutes are deleted a few at a time by the calls themselves (an index range scan, ≤ 20 rows).

alter table public.store_settings
  add column track_order_limit_per_minute integer not null default 10,
  add column preview_promo_limit_per_minute integer not null default 10,
  add constraint store_settings_track_order_limit_check check (track_order_limit_per_minute > 0),
  add constraint store_settings_preview_promo_limit_check check (preview_promo_limit_per_minute > 0);
comment on column public.store_settings.track_order_limit_per_minute is
  'track_order calls a client (signed-in user, else IP address) may make per minute.';
comment on column public.store_settings.preview_promo_limit_per_minute is
  'preview_promo calls a client (signed-in user, else IP address) may make per minute.';
grant update (track_order_limit_per_minute, preview_promo_limit_per_minute) on table public.store_settings to authenticated;

create table private.rate_limit_counters (
  action text not null,
  client text not null,
  window_started_at timestamptz not null,
  hits integer not null,
  constraint rate_limit_counters_pkey primary key (action, client)
);
comment on table private.rate_limit_counters is
  'Calls per client and action in the current one-minute window (private.check_rate_limit).';
-- The cleanup's scan for windows older than ten minutes.
create index rate_limit_counters_window_started_at_idx on private.rate_limit_counters (window_started_at);
-- Like the other private tables: not exposed, no API role has a privilege on it, so no RLS.
revoke all on table private.rate_limit_counters from public, anon, authenticated, service_role;

-- The requesting client, as described above (null outside the API and for the service role).
create or replace function private.rate_limit_client()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_claims text := nullif(current_setting('request.jwt.claims', true), '');
  v_uid uuid := (select auth.uid());
  v_headers jsonb;
  v_ip text;
begin
  if v_claims is null or (select auth.role()) = 'service_role' then
    return null;
  end if;
  if v_uid is not null then
    return 'user:' || v_uid::text;
  end if;
  begin
    v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    v_headers := null;
  end;
  if jsonb_typeof(v_headers) <> 'object' then
    v_headers := '{}'::jsonb;
  end if;
  v_ip := coalesce(
    nullif(btrim(v_headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(v_headers ->> 'x-forwarded-for', ',', 1)), ''),
    nullif(btrim(v_headers ->> 'x-real-ip'), ''),
    'unknown'
  );
  return 'ip:' || left(v_ip, 64);
end
$$;

create or replace function private.check_rate_limit(action text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_client text := private.rate_limit_client();
  v_now timestamptz := now();
  v_limit integer;
  v_hits integer;
begin
  if v_client is null then
    return;
  end if;
  select case check_rate_limit.action
      when 'track_order' then s.track_order_limit_per_minute
      when 'preview_promo' then s.preview_promo_limit_per_minute
    end
  into v_limit
  from public.store_settings as s where s.id;
  if v_limit is null then
    return;
  end if;

  -- Old windows go, a few per call.
  delete from private.rate_limit_counters as c
  where c.ctid = any (array(
    select o.ctid from private.rate_limit_counters as o
    where o.window_started_at < v_now - interval '10 minutes'
    limit 20
  ));

  insert into private.rate_limit_counters as c (action, client, window_started_at, hits)
  values (check_rate_limit.action, v_client, v_now, 1)
  on conflict on constraint rate_limit_counters_pkey do update
  set hits = case when c.window_started_at <= v_now - interval '1 minute' then 1 else c.hits + 1 end,
      window_started_at = case when c.window_started_at <= v_now - interval '1 minute' then v_now else c.window_started_at end
  returning c.hits into v_hits;

  if v_hits > v_limit then
    raise exception 'Too many attempts. Please wait a minute and try again.'
      using errcode = 'PT429', detail = 'rate_limited',
        hint = format('At most %s a minute.', v_limit);
  end if;
end
$$;

revoke all on function private.rate_limit_client() from public;
revoke all on function private.check_rate_limit(text) from public;

-- track_order as before (20261122101100), counted first; volatile now, as it writes the counter.
create or replace function public.track_order(order_number text, contact text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_order public.orders;
  v_contact text := lower(btrim(coalesce(track_order.contact, '')));
  v_allowed boolean;
  v_steps text[] := array['Order Placed', 'Order Confirmed', 'Shipped', 'In Transit', 'Out for Delivery', 'Delivered'];
  v_reached integer;
  v_timeline jsonb;
begin
  perform private.check_rate_limit('track_order');
  select * into v_order from public.orders as o where o.order_number = upper(btrim(coalesce(track_order.order_number, '')));
  if not found then
    return null;
  end if;
  v_allowed := (v_uid is not null and v_order.user_id = v_uid) or private.is_admin();
  if not v_allowed and v_contact <> '' then
    v_allowed := case
      when v_contact like '%@%' then v_contact = v_order.contact_email
      else private.normalize_phone(v_contact) = v_order.contact_phone
    end;
  end if;
  if not v_allowed then
    return null;
  end if;

  -- The furthest step reached (a step may be skipped, e.g. pending straight to shipped).
  select coalesce(max(array_position(v_steps, e.status)), 1) into v_reached
  from public.order_events as e where e.order_id = v_order.id;

  select jsonb_agg(
    jsonb_build_object(
      'status', s.step,
      'completed', s.n <= v_reached,
      'occurred_at', ev.created_at,
      'location', ev.location,
      'description', ev.description
    ) order by s.n
  )
  into v_timeline
  from unnest(v_steps) with ordinality as s (step, n)
  left join lateral (
    select e.created_at, e.location, e.description
    from public.order_events as e
    where e.order_id = v_order.id and e.status = s.step
    order by e.created_at desc, e.id desc
    limit 1
  ) as ev on true;

  if v_order.status = 'cancelled' then
    select v_timeline || jsonb_build_array(jsonb_build_object(
      'status', 'Cancelled', 'completed', true, 'occurred_at', e.created_at,
      'location', e.location, 'description', e.description
    ))
    into v_timeline
    from (
      select ev.created_at, ev.location, ev.description from public.order_events as ev
      where ev.order_id = v_order.id and ev.status = 'Cancelled'
      order by ev.created_at desc, ev.id desc limit 1
    ) as e;
  end if;

  return jsonb_build_object(
    'order_id', v_order.id,
    'order_number', v_order.order_number,
    'status', v_order.status,
    'payment_method', v_order.payment_method,
    'payment_status', v_order.payment_status,
    'placed_at', v_order.created_at,
    'estimated_delivery_from', v_order.estimated_delivery_from,
    'estimated_delivery_to', v_order.estimated_delivery_to,
    'current_location', (
      select e.location from public.order_events as e
      where e.order_id = v_order.id and e.location is not null
      order by e.created_at desc, e.id desc limit 1
    ),
    'subtotal', v_order.subtotal,
    'delivery_fee', v_order.delivery_fee,
    'discount', v_order.discount,
    'total', v_order.total,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', i.product_name, 'quantity', i.quantity, 'price', i.unit_price, 'line_total', i.line_total,
        'image_url', i.product_image, 'product_id', i.product_id,
        'selected_color', i.selected_color, 'selected_size', i.selected_size
      ) order by i.id)
      from public.order_items as i where i.order_id = v_order.id
    ), '[]'::jsonb),
    'timeline', v_timeline
  );
end
$$;
comment on function public.track_order(text, text) is
  'Tracking record for an order number: owner and admins by number; visitors also need the order''s e-mail or phone. Null when not found or not allowed. Rate-limited per client (PT429).';

revoke all on function public.track_order(text, text) from public, anon, authenticated;
grant execute on function public.track_order(text, text) to anon, authenticated, service_role;

-- preview_promo, counted, and with one answer for a visitor (anon): a code that does not exist,
-- is inactive, not started, expired or used up are all 'Invalid promo code.' (reason 'invalid'),
-- byte for byte, so a visitor cannot learn which codes exist. A signed-in shopper keeps the
-- detailed reasons ('Promo code X has expired.'): place_order, which only signed-in shoppers can
-- call, gives the same reason anyway when the code is applied, so hiding it in the preview would
-- only cost the shopper the explanation; and signed-in calls are counted per account.
create or replace function public.preview_promo(code text, subtotal numeric)
returns table (applied boolean, promo_code text, discount numeric, message text, reason text, min_subtotal numeric)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  o private.promo_outcome;
begin
  perform private.check_rate_limit('preview_promo');
  o := private.evaluate_promo(preview_promo.code, greatest(coalesce(preview_promo.subtotal, 0), 0));
  if (select auth.uid()) is null and o.reason in ('expired', 'used_up') then
    o := row(false, null, upper(btrim(coalesce(preview_promo.code, ''))), 0, 'invalid', 'Invalid promo code.', null)::private.promo_outcome;
  end if;
  return query select o.applied, o.code, o.discount, o.message, o.reason, o.min_subtotal;
end
$$;
comment on function public.preview_promo(text, numeric) is
  'Checkout promo preview: one row (applied, promo_code, discount, message, reason, min_subtotal). Use .single(). Visitors get only ''Invalid promo code.'' for any code that does not apply now. Rate-limited per client (PT429).';

revoke all on function public.preview_promo(text, numeric) from public, anon, authenticated;
grant execute on function public.preview_promo(text, numeric) to anon, authenticated, service_role;
