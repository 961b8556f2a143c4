-- Promo codes: the spec's SAVE10 (10% of the subtotal) and FLAT500 (₹500 off) as rows with a kind,
-- a value, a minimum subtotal, a validity window and a usage limit. The codes are not readable by
-- shoppers (a list would leak private codes): the checkout previews one code with preview_promo(),
-- and place_order applies the same rule (private.evaluate_promo) under a row lock.
-- shared/src/pricing/promo.ts previews with the same arithmetic and the same messages.

create type public.promo_kind as enum ('percent', 'flat');

create table public.promo_codes (
  id bigint generated always as identity primary key,
  code text not null,
  description text,
  kind public.promo_kind not null,
  value numeric(10, 2) not null,
  min_subtotal numeric(10, 2) not null default 0,
  max_discount numeric(10, 2),
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  usage_limit integer,
  used_count integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint promo_codes_code_key unique (code),
  constraint promo_codes_code_check check (code ~ '^[A-Z0-9]{3,20}$'),
  constraint promo_codes_value_check check (value > 0 and (kind <> 'percent' or value <= 100)),
  constraint promo_codes_min_subtotal_check check (min_subtotal >= 0),
  constraint promo_codes_max_discount_check check (max_discount > 0),
  constraint promo_codes_window_check check (ends_at is null or ends_at > starts_at),
  constraint promo_codes_usage_limit_check check (usage_limit > 0),
  constraint promo_codes_used_count_check check (used_count >= 0 and (usage_limit is null or used_count <= usage_limit))
);
comment on table public.promo_codes is 'Discount codes; percent codes take value% of the subtotal, flat codes value rupees, never more than the subtotal.';
comment on column public.promo_codes.max_discount is 'Optional cap on a percent discount (rupees).';

create or replace function private.promo_codes_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.code := upper(btrim(new.code));
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.promo_codes_before_write() from public;

create trigger promo_codes_before_write
  before insert or update on public.promo_codes
  for each row execute function private.promo_codes_before_write();

-- The spec's two codes are store rules, not demo data (seed.sql adds demo codes).
insert into public.promo_codes (code, description, kind, value, starts_at)
values
  ('SAVE10', '10% off your order', 'percent', 10, '2024-01-01 00:00:00+05:30'),
  ('FLAT500', 'Flat ₹500 off your order', 'flat', 500, '2024-01-01 00:00:00+05:30')
on conflict (code) do nothing;

create type private.promo_outcome as (
  applied boolean,
  promo_id bigint,
  code text,
  discount numeric(10, 2),
  -- applied | invalid | expired | used_up | below_minimum
  reason text,
  message text,
  min_subtotal numeric(10, 2)
);

-- The promo rule, in one place. Messages are the spec's ("Promo code applied! 10% discount added.",
-- "Promo code applied! ₹500 discount added.", "Invalid promo code.") plus the refusals it lacked.
create or replace function private.evaluate_promo(code text, subtotal numeric)
returns private.promo_outcome
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(coalesce(code, '')));
  p public.promo_codes;
  v_discount numeric;
begin
  select * into p from public.promo_codes as pc where pc.code = v_code;
  if not found or not p.active or p.starts_at > now() then
    return row(false, null, v_code, 0, 'invalid', 'Invalid promo code.', null)::private.promo_outcome;
  end if;
  if p.ends_at is not null and p.ends_at <= now() then
    return row(false, p.id, p.code, 0, 'expired', format('Promo code %s has expired.', p.code), null)::private.promo_outcome;
  end if;
  if p.usage_limit is not null and p.used_count >= p.usage_limit then
    return row(false, p.id, p.code, 0, 'used_up', format('Promo code %s is no longer available.', p.code), null)::private.promo_outcome;
  end if;
  if subtotal < p.min_subtotal then
    return row(
      false, p.id, p.code, 0, 'below_minimum',
      format('Promo code %s needs a subtotal of at least %s.', p.code, private.format_inr(p.min_subtotal)),
      p.min_subtotal
    )::private.promo_outcome;
  end if;
  v_discount := case p.kind when 'percent' then round(subtotal * p.value / 100, 2) else p.value end;
  if p.max_discount is not null then
    v_discount := least(v_discount, p.max_discount);
  end if;
  -- Never more than the goods: the order total never drops below the delivery fee.
  v_discount := least(v_discount, subtotal);
  return row(
    true, p.id, p.code, v_discount, 'applied',
    format(
      'Promo code applied! %s discount added.',
      case p.kind when 'percent' then trim_scale(p.value)::text || '%' else private.format_inr(p.value) end
    ),
    p.min_subtotal
  )::private.promo_outcome;
end
$$;

-- The checkout's promo box: what the code would take off this subtotal, and the message to show.
-- A preview only (the subtotal is the browser's): place_order recomputes from the product rows.
create or replace function public.preview_promo(code text, subtotal numeric)
returns table (applied boolean, promo_code text, discount numeric, message text, reason text, min_subtotal numeric)
language sql
stable
security definer
set search_path = ''
as $$
  select o.applied, o.code, o.discount, o.message, o.reason, o.min_subtotal
  from private.evaluate_promo(preview_promo.code, greatest(coalesce(preview_promo.subtotal, 0), 0)) as o
$$;
comment on function public.preview_promo(text, numeric) is
  'Checkout promo preview: one row (applied, promo_code, discount, message, reason, min_subtotal). Use .single().';

revoke all on all functions in schema private from public;
revoke all on function public.preview_promo(text, numeric) from public, anon, authenticated;
grant execute on function public.preview_promo(text, numeric) to anon, authenticated, service_role;

alter table public.promo_codes enable row level security;

revoke all on table public.promo_codes from anon, authenticated;
grant select, delete on table public.promo_codes to authenticated;
grant insert (code, description, kind, value, min_subtotal, max_discount, starts_at, ends_at, usage_limit, active)
  on table public.promo_codes to authenticated;
grant update (code, description, kind, value, min_subtotal, max_discount, starts_at, ends_at, usage_limit, active)
  on table public.promo_codes to authenticated;

create policy "admins read promo codes"
  on public.promo_codes for select to authenticated
  using ((select private.is_admin()));

create policy "fresh admins add promo codes"
  on public.promo_codes for insert to authenticated
  with check ((select private.is_fresh_admin()));

create policy "fresh admins edit promo codes"
  on public.promo_codes for update to authenticated
  using ((select private.is_fresh_admin()))
  with check ((select private.is_fresh_admin()));

create policy "fresh admins delete promo codes"
  on public.promo_codes for delete to authenticated
  using ((select private.is_fresh_admin()));
