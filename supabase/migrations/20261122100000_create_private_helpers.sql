-- Private helpers: the `private` schema, which the API does not expose (config.toml [api] schemas
-- lists only public), holding what policies, triggers and RPCs share:
--   is_admin()        the JWT says app_metadata.role = 'admin' (app_metadata is set only with the
--                     service role, never by the user: user_metadata is the user's own)
--   is_fresh_admin()  is_admin() and the JWT's sign-in time (`amr`) is younger than 8 hours: the
--                     spec's 8-hour admin session, enforced by the database for every admin write
--   normalize_phone() / format_inr() / slugify() / add_business_days() / set_updated_at()
-- Functions here revoke the default EXECUTE from public and grant it back only where a policy or an
-- invoker function needs it.

create schema if not exists private;
comment on schema private is 'Helpers for policies, triggers and RPCs; not exposed through the API.';
revoke all on schema private from public;
-- Policies and security invoker functions call a few helpers as the requesting role.
grant usage on schema private to anon, authenticated, service_role;

create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
$$;
comment on function private.is_admin() is
  'True when the request''s JWT carries app_metadata.role = admin (set by the service role only).';

create or replace function private.is_fresh_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- GoTrue's amr claim: [{"method": "password", "timestamp": <unix seconds>}, ...]; a refreshed
  -- token keeps the sign-in time, so this is the age of the session, not of the token. A token
  -- without a readable amr is never fresh.
  select private.is_admin() and coalesce((
    select max((e ->> 'timestamp')::numeric)
    from jsonb_array_elements(
      case when jsonb_typeof((select auth.jwt()) -> 'amr') = 'array' then (select auth.jwt()) -> 'amr' else '[]'::jsonb end
    ) as e
    where jsonb_typeof(e -> 'timestamp') = 'number'
  ), 0) > extract(epoch from now() - interval '8 hours')
$$;
comment on function private.is_fresh_admin() is
  'is_admin() and signed in less than 8 hours ago (the JWT amr time): required for every admin write.';

-- Indian mobile numbers as the store keeps them: 10 digits starting 6-9. Accepts what people type
-- (+91 98765 43210, 098765-43210, 919876543210) and returns the 10 digits; anything else comes back
-- as its digits (or null when empty) for the caller's check to refuse.
create or replace function private.normalize_phone(phone text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when d = '' then null
    when length(d) = 12 and left(d, 2) = '91' then right(d, 10)
    when length(d) = 11 and left(d, 1) = '0' then right(d, 10)
    else d
  end
  from (select regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') as d) as digits
$$;

-- Rupees as shared/src/pricing/format.ts shows them (₹1,23,456 and ₹1,499.50), so messages made
-- here read exactly like the storefront's own.
create or replace function private.format_inr(amount numeric)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  a numeric := round(abs(amount), 2);
  whole text := trunc(a)::text;
  paise integer := ((a - trunc(a)) * 100)::integer;
  head text;
  result text;
begin
  if length(whole) > 3 then
    head := left(whole, length(whole) - 3);
    -- Indian grouping: the last three digits, then groups of two.
    head := regexp_replace(head, '(\d)(?=(\d\d)+$)', '\1,', 'g');
    whole := head || ',' || right(whole, 3);
  end if;
  result := '₹' || whole || case when paise > 0 then '.' || lpad(paise::text, 2, '0') else '' end;
  return case when amount < 0 and a > 0 then '-' || result else result end;
end
$$;

create or replace function private.slugify(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select nullif(btrim(regexp_replace(lower(coalesce(value, '')), '[^a-z0-9]+', '-', 'g'), '-'), '')
$$;

-- Business days as Indian couriers count them for the spec's "5-7 business days": Monday to Saturday.
create or replace function private.add_business_days(start_date date, days integer)
returns date
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  d date := start_date;
  left_days integer := greatest(days, 0);
begin
  while left_days > 0 loop
    d := d + 1;
    if extract(isodow from d) <> 7 then
      left_days := left_days - 1;
    end if;
  end loop;
  return d;
end
$$;

create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

revoke all on all functions in schema private from public;
grant execute on function private.is_admin() to authenticated, service_role;
grant execute on function private.is_fresh_admin() to authenticated, service_role;
grant execute on function private.normalize_phone(text) to anon, authenticated, service_role;
