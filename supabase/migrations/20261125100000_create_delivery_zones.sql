-- Delivery by pincode (issue 17): the states and union territories, India Post's pincode directory
-- (loaded by the next migration), delivery zones with their fees, transit days and cash-on-delivery
-- terms, the days nobody delivers and the order cut-off, and one rule, private.delivery_quote, that
-- both the shoppers' check_delivery and place_order answer by (docs/decisions/011).
--
-- Couriers publish per-pincode serviceability with prepaid and COD flags (Delhivery, Shiprocket);
-- Shopify and Saleor group destinations into shipping zones with their own rates. Here a pincode
-- belongs to at most one zone (pincodes.zone_id; none = not delivered to), a zone has a fee, a
-- free-above threshold, an extra fee per large unit, its transit days and COD terms. The default zone
-- ('Standard') is the spec's rule — free from ₹2,999, else ₹99, 5-7 business days — and every pincode
-- starts in it, so a store nobody has configured behaves as before. Those two amounts are also
-- shared/src/pricing/delivery.ts's constants, which the storefront's banner shows before any pincode
-- is known (ADR 007): only a migration changes them.

-- States and union territories -------------------------------------------------------------------

-- The code is the GST state code (the first two digits of a GSTIN; CBIC's list), which the GST
-- invoices need as the place of supply. kind tells the UTs without a legislature, where UTGST
-- replaces SGST (UTGST Act 2017, s. 2(7)).
create table public.states (
  code text primary key,
  name text not null unique,
  kind text not null,
  aliases text[] not null default '{}',
  constraint states_code_check check (code ~ '^[0-9]{2}$'),
  constraint states_kind_check check (kind in ('state', 'union_territory', 'union_territory_with_legislature'))
);
comment on table public.states is
  'India''s 28 states and 8 union territories, keyed by GST state code; aliases are older or other spellings an address may use.';

insert into public.states (code, name, kind, aliases) values
  ('01', 'Jammu and Kashmir', 'union_territory_with_legislature', '{"Jammu & Kashmir", "J&K"}'),
  ('02', 'Himachal Pradesh', 'state', '{}'),
  ('03', 'Punjab', 'state', '{}'),
  ('04', 'Chandigarh', 'union_territory', '{}'),
  ('05', 'Uttarakhand', 'state', '{"Uttaranchal"}'),
  ('06', 'Haryana', 'state', '{}'),
  ('07', 'Delhi', 'union_territory_with_legislature', '{"New Delhi", "NCT of Delhi"}'),
  ('08', 'Rajasthan', 'state', '{}'),
  ('09', 'Uttar Pradesh', 'state', '{"UP"}'),
  ('10', 'Bihar', 'state', '{}'),
  ('11', 'Sikkim', 'state', '{}'),
  ('12', 'Arunachal Pradesh', 'state', '{}'),
  ('13', 'Nagaland', 'state', '{}'),
  ('14', 'Manipur', 'state', '{}'),
  ('15', 'Mizoram', 'state', '{}'),
  ('16', 'Tripura', 'state', '{}'),
  ('17', 'Meghalaya', 'state', '{}'),
  ('18', 'Assam', 'state', '{}'),
  ('19', 'West Bengal', 'state', '{}'),
  ('20', 'Jharkhand', 'state', '{}'),
  ('21', 'Odisha', 'state', '{"Orissa"}'),
  ('22', 'Chhattisgarh', 'state', '{"Chattisgarh"}'),
  ('23', 'Madhya Pradesh', 'state', '{"MP"}'),
  ('24', 'Gujarat', 'state', '{}'),
  ('26', 'Dadra and Nagar Haveli and Daman and Diu', 'union_territory',
    '{"Dadra and Nagar Haveli", "Dadra & Nagar Haveli", "Daman and Diu", "Daman & Diu"}'),
  ('27', 'Maharashtra', 'state', '{}'),
  ('29', 'Karnataka', 'state', '{}'),
  ('30', 'Goa', 'state', '{}'),
  ('31', 'Lakshadweep', 'union_territory', '{}'),
  ('32', 'Kerala', 'state', '{}'),
  ('33', 'Tamil Nadu', 'state', '{}'),
  ('34', 'Puducherry', 'union_territory_with_legislature', '{"Pondicherry"}'),
  ('35', 'Andaman and Nicobar Islands', 'union_territory', '{"Andaman & Nicobar Islands", "Andaman & Nicobar"}'),
  ('36', 'Telangana', 'state', '{}'),
  ('37', 'Andhra Pradesh', 'state', '{}'),
  ('38', 'Ladakh', 'union_territory', '{}');

-- The canonical name of a state given its name, GST code or an alias, in any letter case; null if none.
create or replace function private.state_name(value text)
returns text
language sql
stable
parallel safe
set search_path = ''
as $$
  select s.name
  from public.states as s
  where lower(btrim(value)) in (lower(s.name), s.code)
    or lower(btrim(value)) = any (select lower(a) from unnest(s.aliases) as a)
  order by s.code
  limit 1
$$;
revoke all on function private.state_name(text) from public;
-- The addresses trigger runs as the customer who saves an address.
grant execute on function private.state_name(text) to authenticated, service_role;

-- Delivery zones --------------------------------------------------------------------------------

create table public.delivery_zones (
  id bigint generated always as identity primary key,
  name text not null,
  fee numeric(10, 2) not null default 99,
  free_above numeric(10, 2),
  large_item_fee numeric(10, 2) not null default 0,
  delivers_large_items boolean not null default true,
  transit_days_min integer not null default 5,
  transit_days_max integer not null default 7,
  cod_available boolean not null default true,
  cod_max_total numeric(10, 2),
  is_active boolean not null default true,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint delivery_zones_name_check check (btrim(name) <> '' and length(name) <= 60),
  constraint delivery_zones_fee_check check (fee >= 0),
  constraint delivery_zones_free_above_check check (free_above >= 0),
  constraint delivery_zones_large_item_fee_check check (large_item_fee >= 0),
  constraint delivery_zones_transit_days_check check (
    transit_days_min between 0 and 60 and transit_days_max between transit_days_min and 60
  ),
  constraint delivery_zones_cod_max_total_check check (cod_max_total > 0),
  constraint delivery_zones_default_active_check check (is_active or not is_default)
);
comment on table public.delivery_zones is
  'Where the store delivers and on what terms: fee (free from free_above), an extra fee per large unit, transit working days, COD.';
comment on column public.delivery_zones.free_above is 'Delivery is free from this subtotal (before discount); null: never free.';
comment on column public.delivery_zones.large_item_fee is 'Added per unit of a large product (products.is_large), free delivery or not.';
comment on column public.delivery_zones.delivers_large_items is 'False: large products cannot be delivered here (the rest of a cart can).';
comment on column public.delivery_zones.cod_max_total is 'COD up to this order total in this zone (the store''s cod_max_order_total applies too); null: the store''s cap only.';
comment on column public.delivery_zones.is_default is 'The spec''s rule: every directory pincode starts here; its fee and free_above are shared/pricing/delivery''s constants.';

create unique index delivery_zones_name_key on public.delivery_zones (lower(name));
create unique index delivery_zones_one_default_key on public.delivery_zones (is_default) where is_default;

insert into public.delivery_zones (name, fee, free_above, transit_days_min, transit_days_max, is_default)
values ('Standard', 99, 2999, 5, 7, true);

-- The default zone's fee rule is the storefront's copy (ADR 007): a migration changes it, with the
-- constants; and the default zone always exists and delivers.
create or replace function private.delivery_zones_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.is_default then
      raise exception 'The default delivery zone cannot be deleted.' using errcode = 'P0001', detail = 'default_zone_required';
    end if;
    return old;
  end if;
  new.name := btrim(new.name);
  new.updated_at := now();
  if tg_op = 'UPDATE' and old.is_default and current_user in ('anon', 'authenticated', 'service_role') then
    if new.fee is distinct from old.fee or new.free_above is distinct from old.free_above then
      raise exception 'The default zone''s fee and free-delivery threshold are the storefront''s advertised rule; they change with a migration.'
        using errcode = 'P0001', detail = 'default_zone_fee_rule';
    end if;
    if not new.is_active then
      raise exception 'The default delivery zone cannot be deactivated.' using errcode = 'P0001', detail = 'default_zone_required';
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.delivery_zones_guard() from public;

create trigger delivery_zones_guard
  before insert or update or delete on public.delivery_zones
  for each row execute function private.delivery_zones_guard();

-- The pincode directory ----------------------------------------------------------------------------

create table public.pincodes (
  pincode text primary key,
  office text not null,
  city text not null,
  district text not null,
  state_code text not null references public.states (code),
  zone_id bigint references public.delivery_zones (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint pincodes_pincode_check check (pincode ~ '^[1-9][0-9]{5}$'),
  constraint pincodes_office_check check (btrim(office) <> '' and length(office) <= 100),
  constraint pincodes_city_check check (btrim(city) <> '' and length(city) <= 100),
  constraint pincodes_district_check check (btrim(district) <> '' and length(district) <= 100)
);
comment on table public.pincodes is
  'India Post''s pincode directory (office, city, district, state) and the delivery zone each pincode is in (none: not delivered to).';

create index pincodes_zone_id_idx on public.pincodes (zone_id);
create index pincodes_state_code_idx on public.pincodes (state_code);

-- Days and hours ---------------------------------------------------------------------------------

create table public.delivery_holidays (
  day date primary key,
  name text not null,
  created_at timestamptz not null default now(),
  constraint delivery_holidays_name_check check (btrim(name) <> '' and length(name) <= 80)
);
comment on table public.delivery_holidays is 'Days nobody dispatches or delivers (besides store_settings.non_delivery_weekdays).';

alter table public.store_settings
  add column order_cutoff time not null default '14:00',
  add column non_delivery_weekdays smallint[] not null default '{7}',
  add constraint store_settings_non_delivery_weekdays_check check (
    non_delivery_weekdays <@ '{1,2,3,4,5,6,7}'::smallint[] and cardinality(non_delivery_weekdays) < 7
  ),
  -- The default zone holds the fee rule and the transit days now.
  drop column free_delivery_threshold,
  drop column delivery_fee,
  drop column delivery_days_min,
  drop column delivery_days_max;
comment on column public.store_settings.order_cutoff is
  'Orders placed after this time (IST) are counted from the next working day.';
comment on column public.store_settings.non_delivery_weekdays is
  'ISO weekdays (1 Monday … 7 Sunday) nobody dispatches or delivers; Sunday by default.';
grant update (order_cutoff, non_delivery_weekdays) on table public.store_settings to authenticated;

alter table public.products add column is_large boolean not null default false;
grant insert (is_large), update (is_large) on table public.products to authenticated;
comment on column public.products.is_large is
  'A large item (two-person delivery): its zone''s large_item_fee per unit, and not delivered where the zone does not take large items.';

alter table public.orders add column delivery_zone_id bigint references public.delivery_zones (id) on delete set null;
comment on column public.orders.delivery_zone_id is 'The zone that priced the delivery; estimated_delivery_from/to are its promise.';
create index orders_delivery_zone_id_idx on public.orders (delivery_zone_id);

-- The date rule --------------------------------------------------------------------------------------

-- Pure, for tests at any instant: the order is processed from `at`'s IST day if that is a working day
-- and `at` is before the cut-off, else from the next working day; delivery is days_min to days_max
-- working days after that (non-delivery weekdays and holidays skipped). IKEA India counts from a
-- same-day cut-off; Indian couriers do not deliver on Sundays.
create or replace function private.delivery_dates(
  at timestamptz,
  days_min integer,
  days_max integer,
  cutoff time,
  closed_weekdays smallint[],
  holidays date[]
)
returns table (delivery_from date, delivery_to date)
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_local timestamp := at at time zone 'Asia/Kolkata';
  v_day date := v_local::date;
  v_min integer := greatest(coalesce(days_min, 0), 0);
  v_max integer := greatest(coalesce(days_max, 0), coalesce(days_min, 0), 0);
  v_counted integer := 0;
  v_guard integer := 0;
begin
  if v_local::time >= cutoff
    or extract(isodow from v_day)::smallint = any (closed_weekdays)
    or v_day = any (holidays)
  then
    loop
      v_day := v_day + 1;
      v_guard := v_guard + 1;
      exit when not (extract(isodow from v_day)::smallint = any (closed_weekdays) or v_day = any (holidays));
      if v_guard > 800 then
        raise exception 'No working day within two years.' using errcode = 'P0001', detail = 'no_working_day';
      end if;
    end loop;
  end if;
  if v_min = 0 then
    delivery_from := v_day;
  end if;
  while v_counted < v_max loop
    v_day := v_day + 1;
    v_guard := v_guard + 1;
    if v_guard > 2000 then
      raise exception 'No working day within the delivery window.' using errcode = 'P0001', detail = 'no_working_day';
    end if;
    if not (extract(isodow from v_day)::smallint = any (closed_weekdays) or v_day = any (holidays)) then
      v_counted := v_counted + 1;
      if v_counted = v_min then
        delivery_from := v_day;
      end if;
    end if;
  end loop;
  delivery_to := v_day;
  return next;
end
$$;
comment on function private.delivery_dates(timestamptz, integer, integer, time, smallint[], date[]) is
  'Delivery window in IST working days from `at`, with the cut-off, closed weekdays and holidays (pure).';
revoke all on function private.delivery_dates(timestamptz, integer, integer, time, smallint[], date[]) from public;

-- The cart, as check_delivery and place_order read it -------------------------------------------

-- An array of at most 50 { variant_id, quantity } ({ product_id } alone: its default variant, for carts
-- saved before variants); anything else in a line is ignored. Raises on anything malformed.
create or replace function private.check_cart_items(items jsonb)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_line jsonb;
begin
  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'An item in your cart is not valid. Please remove it and add it again.'
      using errcode = 'P0001', detail = 'invalid_item';
  end if;
  if jsonb_array_length(items) > 50 then
    raise exception 'An order can hold at most 50 lines.' using errcode = 'P0001', detail = 'too_many_items';
  end if;
  for v_line in select value from jsonb_array_elements(items) loop
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
end
$$;
revoke all on function private.check_cart_items(jsonb) from public;

-- The quote ------------------------------------------------------------------------------------

-- The one delivery rule: whether the pincode is delivered to, each item's deliverability, the dates,
-- the fee and cash on delivery, for variants and quantities (a variant not found or not sold is
-- 'unavailable'; place_order has refused those before asking). subtotal null: the fee of the zone alone
-- and COD without a total. Answer: see check_delivery.
create or replace function private.delivery_quote(
  pincode text,
  variant_ids bigint[],
  quantities integer[],
  subtotal numeric,
  discount numeric default 0
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_pin text := regexp_replace(coalesce(delivery_quote.pincode, ''), '\s', '', 'g');
  v_place record;
  v_zone public.delivery_zones;
  v_settings public.store_settings;
  v_holidays date[];
  v_lead integer;
  v_large_units integer;
  v_items jsonb;
  v_dates record;
  v_fee numeric(10, 2);
  v_total numeric(10, 2);
  v_cap numeric(10, 2);
  v_cod jsonb;
  v_reason text;
  v_message text;
begin
  -- Not delivered to: why, and every item flagged with it.
  if v_pin !~ '^[0-9]{6}$' or v_pin ~ '^0' then
    v_reason := 'invalid_pincode';
    v_message := case when v_pin ~ '^0[0-9]{5}$' then 'Indian pincodes do not start with 0. Please check it.'
      else 'Enter a valid 6-digit pincode.' end;
  else
    select p.pincode, p.city, p.district, p.state_code, s.name as state, p.zone_id,
      jsonb_build_object('city', p.city, 'district', p.district, 'state_code', p.state_code, 'state', s.name) as json
    into v_place
    from public.pincodes as p
    join public.states as s on s.code = p.state_code
    where p.pincode = v_pin;
    if not found then
      v_reason := 'unknown_pincode';
      v_message := format('We could not find pincode %s. Please check it.', v_pin);
    else
      select * into v_zone from public.delivery_zones as z where z.id = v_place.zone_id and z.is_active;
      if not found then
        v_reason := 'not_serviceable';
        v_message := format('Sorry, we do not deliver to %s (%s) yet.', v_pin, v_place.city);
      end if;
    end if;
  end if;
  if v_reason is not null then
    return jsonb_build_object(
      'pincode', v_pin, 'serviceable', false, 'reason', v_reason, 'message', v_message,
      'place', case when v_reason = 'not_serviceable' then v_place.json end,
      'zone', null, 'delivery_from', null, 'delivery_to', null, 'fee', null, 'free_above', null,
      'large_item_fee', null,
      'cod', jsonb_build_object('available', false, 'reason', 'not_serviceable', 'message', null, 'max_total', null),
      'items', coalesce((
        select jsonb_agg(jsonb_build_object('variant_id', i.id, 'deliverable', false, 'reason', 'not_serviceable', 'message', null) order by i.ord)
        from unnest(variant_ids) with ordinality as i (id, ord)
      ), '[]'::jsonb)
    );
  end if;

  select * into v_settings from public.store_settings as s where s.id;
  select coalesce(array_agg(h.day), '{}') into v_holidays
  from public.delivery_holidays as h
  where h.day between (now() at time zone 'Asia/Kolkata')::date and (now() at time zone 'Asia/Kolkata')::date + 800;

  select
    coalesce(max(v.lead_time_days), 0),
    coalesce(sum(i.quantity) filter (where p.is_large), 0),
    coalesce(jsonb_agg(
      jsonb_build_object(
        'variant_id', i.id,
        'deliverable', coalesce(v.is_active, false) and not (p.is_large and not v_zone.delivers_large_items),
        'reason', case
          when not coalesce(v.is_active, false) then 'unavailable'
          when p.is_large and not v_zone.delivers_large_items then 'large_item'
        end,
        'message', case
          when not coalesce(v.is_active, false) then 'This item is no longer available.'
          when p.is_large and not v_zone.delivers_large_items then format('%s is too large for delivery to %s.', p.name, v_pin)
        end
      ) order by i.ord
    ) filter (where i.id is not null), '[]'::jsonb)
  into v_lead, v_large_units, v_items
  from unnest(variant_ids, quantities) with ordinality as i (id, quantity, ord)
  left join public.product_variants as v on v.id = i.id
  left join public.products as p on p.id = v.product_id;

  select * into v_dates
  from private.delivery_dates(
    now(), v_zone.transit_days_min + v_lead, v_zone.transit_days_max + v_lead,
    v_settings.order_cutoff, v_settings.non_delivery_weekdays, v_holidays
  );

  v_fee := case
      when delivery_quote.subtotal is not null and v_zone.free_above is not null and delivery_quote.subtotal >= v_zone.free_above then 0
      else v_zone.fee
    end
    + case when v_zone.delivers_large_items then v_zone.large_item_fee * v_large_units else 0 end;
  v_cap := least(coalesce(v_zone.cod_max_total, v_settings.cod_max_order_total), v_settings.cod_max_order_total);

  if not v_zone.cod_available then
    v_cod := jsonb_build_object('available', false, 'reason', 'zone',
      'message', format('Cash on Delivery is not available for pincode %s.', v_pin), 'max_total', null);
  else
    v_total := case when delivery_quote.subtotal is null then null
      else delivery_quote.subtotal + v_fee - coalesce(delivery_quote.discount, 0) end;
    if v_total is not null and v_total > v_cap then
      v_cod := jsonb_build_object('available', false,
        'reason', case when v_cap < v_settings.cod_max_order_total then 'zone_cap' else 'store_cap' end,
        'message', format('Cash on Delivery is available for orders up to %s.', private.format_inr(v_cap)),
        'max_total', v_cap);
    else
      v_cod := jsonb_build_object('available', true, 'reason', null, 'message', null, 'max_total', v_cap);
    end if;
  end if;

  return jsonb_build_object(
    'pincode', v_pin, 'serviceable', true, 'reason', null, 'message', null,
    'place', v_place.json,
    'zone', v_zone.name,
    'zone_id', v_zone.id,
    'delivery_from', v_dates.delivery_from, 'delivery_to', v_dates.delivery_to,
    'fee', v_fee, 'free_above', v_zone.free_above,
    'large_item_fee', case when v_zone.delivers_large_items then v_zone.large_item_fee end,
    'cod', v_cod,
    'items', v_items
  );
end
$$;
revoke all on function private.delivery_quote(text, bigint[], integer[], numeric, numeric) from public;

create or replace function public.check_delivery(
  pincode text,
  items jsonb default '[]',
  subtotal numeric default null,
  discount numeric default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_ids bigint[];
  v_qtys integer[];
  v_subtotal numeric := check_delivery.subtotal;
begin
  perform private.check_cart_items(coalesce(check_delivery.items, '[]'::jsonb));
  if v_subtotal is not null and (v_subtotal < 0 or v_subtotal > 100000000) then
    raise exception 'The subtotal is not valid.' using errcode = 'P0001', detail = 'invalid_subtotal';
  end if;
  if check_delivery.discount is not null and (check_delivery.discount < 0 or check_delivery.discount > 100000000) then
    raise exception 'The discount is not valid.' using errcode = 'P0001', detail = 'invalid_discount';
  end if;

  select array_agg(l.id order by l.id), array_agg(l.quantity order by l.id)
  into v_ids, v_qtys
  from (
    select
      coalesce(
        (e ->> 'variant_id')::bigint,
        (select v.id from public.product_variants as v where v.product_id = (e ->> 'product_id')::bigint and v.is_default),
        0
      ) as id,
      sum((e ->> 'quantity')::integer)::integer as quantity
    from jsonb_array_elements(coalesce(check_delivery.items, '[]'::jsonb)) as e
    group by 1
  ) as l;

  if v_subtotal is null and v_ids is not null then
    select sum(v.price * w.quantity) into v_subtotal
    from unnest(v_ids, v_qtys) as w (id, quantity)
    join public.product_variants as v on v.id = w.id and v.is_active;
  end if;

  return private.delivery_quote(
    check_delivery.pincode, coalesce(v_ids, '{}'), coalesce(v_qtys, '{}'), v_subtotal, coalesce(check_delivery.discount, 0)
  ) - 'zone_id';
end
$$;
comment on function public.check_delivery(text, jsonb, numeric, numeric) is
  'Whether a pincode is delivered to, and for these items when, at what fee and whether COD is offered (place_order answers by the same rule).';
revoke all on function public.check_delivery(text, jsonb, numeric, numeric) from public, anon, authenticated;
grant execute on function public.check_delivery(text, jsonb, numeric, numeric) to anon, authenticated, service_role;

-- Addresses name a state of the list -------------------------------------------------------------

create or replace function private.normalize_shipping_address(address jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_name text;
  v_email text;
  v_phone text;
  v_line text;
  v_city text;
  v_state text;
  v_pincode text;
begin
  if address is null or jsonb_typeof(address) <> 'object' then
    raise exception 'Please fill in all required fields.' using errcode = 'P0001', detail = 'address_incomplete';
  end if;
  v_name := btrim(coalesce(address ->> 'fullName', address ->> 'full_name', ''));
  v_email := lower(btrim(coalesce(address ->> 'email', '')));
  v_phone := btrim(coalesce(address ->> 'phone', ''));
  v_line := btrim(coalesce(address ->> 'address', ''));
  v_city := btrim(coalesce(address ->> 'city', ''));
  v_state := btrim(coalesce(address ->> 'state', ''));
  v_pincode := regexp_replace(coalesce(address ->> 'pincode', ''), '\s', '', 'g');
  if '' in (v_name, v_email, v_phone, v_line, v_city, v_state, v_pincode) then
    raise exception 'Please fill in all required fields.' using errcode = 'P0001', detail = 'address_incomplete';
  end if;
  if greatest(length(v_name), length(v_email), length(v_city), length(v_state)) > 100 or length(v_line) > 500 then
    raise exception 'Please shorten the shipping address.' using errcode = 'P0001', detail = 'address_too_long';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address.' using errcode = 'P0001', detail = 'invalid_email';
  end if;
  v_phone := private.normalize_phone(v_phone);
  if v_phone is null or v_phone !~ '^[6-9][0-9]{9}$' then
    raise exception 'Please enter a valid 10-digit mobile number.' using errcode = 'P0001', detail = 'invalid_phone';
  end if;
  if v_pincode !~ '^[1-9][0-9]{5}$' then
    raise exception 'Please enter a valid 6-digit pincode.' using errcode = 'P0001', detail = 'invalid_pincode';
  end if;
  v_state := private.state_name(v_state);
  if v_state is null then
    raise exception 'Please choose a state from the list.' using errcode = 'P0001', detail = 'invalid_state';
  end if;
  return jsonb_build_object(
    'fullName', v_name, 'email', v_email, 'phone', v_phone, 'address', v_line,
    'city', v_city, 'state', v_state, 'pincode', v_pincode
  );
end
$$;

create or replace function private.addresses_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.phone := private.normalize_phone(new.phone);
  new.pincode := regexp_replace(coalesce(new.pincode, ''), '\s', '', 'g');
  new.label := nullif(btrim(new.label), '');
  if tg_op = 'INSERT' or new.state is distinct from old.state then
    new.state := coalesce(private.state_name(new.state), new.state);
    if not exists (select 1 from public.states as s where s.name = new.state) then
      raise exception 'Please choose a state from the list.' using errcode = 'P0001', detail = 'invalid_state';
    end if;
  end if;
  new.updated_at := now();
  if new.is_default and (tg_op = 'INSERT' or not old.is_default) then
    update public.addresses as a
    set is_default = false
    where a.user_id = new.user_id and a.is_default and a.id <> new.id;
  end if;
  return new;
end
$$;

-- Addresses saved before the list: the ones that name a state in another spelling take its name.
update public.addresses as a
set state = private.state_name(a.state)
where private.state_name(a.state) is not null and private.state_name(a.state) <> a.state;

-- Staff: which pincode is in which zone, and the directory itself ----------------------------------

-- rows: [{ pincode, zone }] (zone: a zone's name; empty: no zone). Lists what would change and every
-- error; writes only when dry_run is false and there is no error. Loading the same file twice changes
-- nothing the second time.
create or replace function public.admin_assign_pincodes(rows jsonb, dry_run boolean default true)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_errors jsonb;
  v_changes jsonb;
  v_total integer;
  v_changed integer;
  v_unchanged integer;
begin
  perform private.require_admin(true);
  if admin_assign_pincodes.rows is null or jsonb_typeof(admin_assign_pincodes.rows) <> 'array' then
    raise exception 'Upload a list of rows (pincode, zone).' using errcode = 'P0001', detail = 'invalid_rows';
  end if;
  if jsonb_array_length(admin_assign_pincodes.rows) > 50000 then
    raise exception 'At most 50,000 rows at a time.' using errcode = 'P0001', detail = 'too_many_rows';
  end if;

  create temporary table if not exists pg_temp.pincode_assignments (
    row_number integer, pincode text, zone_name text, zone_id bigint, current_zone_id bigint,
    known boolean, error text
  ) on commit drop;
  truncate pg_temp.pincode_assignments;

  insert into pg_temp.pincode_assignments (row_number, pincode, zone_name)
  select e.ord::integer,
    regexp_replace(coalesce(case when jsonb_typeof(e.r) = 'object' then e.r ->> 'pincode' end, ''), '\s', '', 'g'),
    btrim(coalesce(case when jsonb_typeof(e.r) = 'object' then e.r ->> 'zone' end, ''))
  from jsonb_array_elements(admin_assign_pincodes.rows) with ordinality as e (r, ord);

  update pg_temp.pincode_assignments as a
  set zone_id = z.id
  from public.delivery_zones as z
  where a.zone_name <> '' and lower(z.name) = lower(a.zone_name);

  update pg_temp.pincode_assignments as a
  set known = true, current_zone_id = p.zone_id
  from public.pincodes as p
  where p.pincode = a.pincode;

  update pg_temp.pincode_assignments as a
  set error = case
    when a.pincode !~ '^[1-9][0-9]{5}$' then 'Not a 6-digit pincode.'
    when a.known is null then 'Not in the pincode directory: load it there first.'
    when a.zone_name <> '' and a.zone_id is null then format('No delivery zone is named "%s".', left(a.zone_name, 60))
    when exists (
      select 1 from pg_temp.pincode_assignments as b where b.pincode = a.pincode and b.row_number < a.row_number
    ) then format('Pincode %s is listed twice (also on row %s).', a.pincode,
      (select min(b.row_number) from pg_temp.pincode_assignments as b where b.pincode = a.pincode))
  end;

  select count(*)::integer,
    count(*) filter (where a.error is null and a.current_zone_id is distinct from a.zone_id)::integer,
    count(*) filter (where a.error is null and a.current_zone_id is not distinct from a.zone_id)::integer
  into v_total, v_changed, v_unchanged
  from pg_temp.pincode_assignments as a;

  select coalesce(jsonb_agg(jsonb_build_object('row', x.row_number, 'pincode', x.pincode, 'message', x.error) order by x.row_number), '[]')
  into v_errors
  from (select * from pg_temp.pincode_assignments as a where a.error is not null order by a.row_number limit 1000) as x;

  select coalesce(jsonb_agg(jsonb_build_object('pincode', x.pincode, 'from', x.from_zone, 'to', x.to_zone) order by x.row_number), '[]')
  into v_changes
  from (
    select a.row_number, a.pincode, cz.name as from_zone, nz.name as to_zone
    from pg_temp.pincode_assignments as a
    left join public.delivery_zones as cz on cz.id = a.current_zone_id
    left join public.delivery_zones as nz on nz.id = a.zone_id
    where a.error is null and a.current_zone_id is distinct from a.zone_id
    order by a.row_number
    limit 200
  ) as x;

  if not admin_assign_pincodes.dry_run and jsonb_array_length(v_errors) = 0 and v_changed > 0 then
    update public.pincodes as p
    set zone_id = a.zone_id, updated_at = now()
    from pg_temp.pincode_assignments as a
    where p.pincode = a.pincode and p.zone_id is distinct from a.zone_id;
  end if;

  return jsonb_build_object(
    'applied', not admin_assign_pincodes.dry_run and jsonb_array_length(v_errors) = 0,
    'total', v_total, 'changed', v_changed, 'unchanged', v_unchanged,
    'changes', v_changes, 'errors', v_errors
  );
end
$$;
comment on function public.admin_assign_pincodes(jsonb, boolean) is
  'Staff: put pincodes in delivery zones from a CSV''s rows [{pincode, zone}]; a dry run (the default) lists the changes and errors.';
revoke all on function public.admin_assign_pincodes(jsonb, boolean) from public, anon, authenticated;
grant execute on function public.admin_assign_pincodes(jsonb, boolean) to authenticated;

-- rows: [{ pincode, office, city, district, state }] (state: a name, GST code or alias). New pincodes
-- join the default zone; known ones keep their zone.
create or replace function public.admin_load_pincodes(rows jsonb, dry_run boolean default true)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_errors jsonb;
  v_changes jsonb;
  v_total integer;
  v_added integer;
  v_updated integer;
  v_unchanged integer;
begin
  perform private.require_admin(true);
  if admin_load_pincodes.rows is null or jsonb_typeof(admin_load_pincodes.rows) <> 'array' then
    raise exception 'Upload a list of rows (pincode, office, city, district, state).' using errcode = 'P0001', detail = 'invalid_rows';
  end if;
  if jsonb_array_length(admin_load_pincodes.rows) > 50000 then
    raise exception 'At most 50,000 rows at a time.' using errcode = 'P0001', detail = 'too_many_rows';
  end if;

  create temporary table if not exists pg_temp.pincode_rows (
    row_number integer, pincode text, office text, city text, district text, state text, state_code text,
    existing boolean, same boolean, error text
  ) on commit drop;
  truncate pg_temp.pincode_rows;

  insert into pg_temp.pincode_rows (row_number, pincode, office, city, district, state)
  select e.ord::integer,
    regexp_replace(coalesce(x.r ->> 'pincode', ''), '\s', '', 'g'),
    btrim(regexp_replace(coalesce(x.r ->> 'office', ''), '\s+', ' ', 'g')),
    btrim(regexp_replace(coalesce(x.r ->> 'city', ''), '\s+', ' ', 'g')),
    btrim(regexp_replace(coalesce(x.r ->> 'district', ''), '\s+', ' ', 'g')),
    btrim(coalesce(x.r ->> 'state', ''))
  from jsonb_array_elements(admin_load_pincodes.rows) with ordinality as e (r, ord)
  cross join lateral (select case when jsonb_typeof(e.r) = 'object' then e.r else '{}'::jsonb end as r) as x;

  update pg_temp.pincode_rows as a
  set state_code = s.code
  from public.states as s
  where s.name = private.state_name(a.state);

  update pg_temp.pincode_rows as a
  set existing = true,
    same = (p.office, p.city, p.district, p.state_code) is not distinct from (a.office, a.city, a.district, a.state_code)
  from public.pincodes as p
  where p.pincode = a.pincode;

  update pg_temp.pincode_rows as a
  set error = case
    when a.pincode !~ '^[1-9][0-9]{5}$' then 'Not a 6-digit pincode.'
    when '' in (a.office, a.city, a.district) then 'Office, city and district are required.'
    when greatest(length(a.office), length(a.city), length(a.district)) > 100 then 'Office, city and district are at most 100 characters.'
    when a.state_code is null then format('"%s" is not a state or union territory of India.', left(a.state, 60))
    when exists (
      select 1 from pg_temp.pincode_rows as b where b.pincode = a.pincode and b.row_number < a.row_number
    ) then format('Pincode %s is listed twice (also on row %s).', a.pincode,
      (select min(b.row_number) from pg_temp.pincode_rows as b where b.pincode = a.pincode))
  end;

  select count(*)::integer,
    count(*) filter (where a.error is null and a.existing is null)::integer,
    count(*) filter (where a.error is null and a.existing and not a.same)::integer,
    count(*) filter (where a.error is null and a.existing and a.same)::integer
  into v_total, v_added, v_updated, v_unchanged
  from pg_temp.pincode_rows as a;

  select coalesce(jsonb_agg(jsonb_build_object('row', x.row_number, 'pincode', x.pincode, 'message', x.error) order by x.row_number), '[]')
  into v_errors
  from (select * from pg_temp.pincode_rows as a where a.error is not null order by a.row_number limit 1000) as x;

  select coalesce(jsonb_agg(jsonb_build_object(
      'pincode', x.pincode, 'from', x.before, 'to', concat_ws(', ', x.office, x.city, x.district, x.state_name)
    ) order by x.row_number), '[]')
  into v_changes
  from (
    select a.row_number, a.pincode, a.office, a.city, a.district, s.name as state_name,
      (select concat_ws(', ', p.office, p.city, p.district, ps.name)
       from public.pincodes as p join public.states as ps on ps.code = p.state_code where p.pincode = a.pincode) as before
    from pg_temp.pincode_rows as a
    join public.states as s on s.code = a.state_code
    where a.error is null and not coalesce(a.same, false)
    order by a.row_number
    limit 200
  ) as x;

  if not admin_load_pincodes.dry_run and jsonb_array_length(v_errors) = 0 and v_added + v_updated > 0 then
    insert into public.pincodes as p (pincode, office, city, district, state_code, zone_id)
    select a.pincode, a.office, a.city, a.district, a.state_code,
      (select z.id from public.delivery_zones as z where z.is_default)
    from pg_temp.pincode_rows as a
    where not coalesce(a.same, false)
    on conflict (pincode) do update
    set office = excluded.office, city = excluded.city, district = excluded.district,
      state_code = excluded.state_code, updated_at = now();
  end if;

  return jsonb_build_object(
    'applied', not admin_load_pincodes.dry_run and jsonb_array_length(v_errors) = 0,
    'total', v_total, 'added', v_added, 'updated', v_updated, 'unchanged', v_unchanged,
    'changed', v_added + v_updated,
    'changes', v_changes, 'errors', v_errors
  );
end
$$;
comment on function public.admin_load_pincodes(jsonb, boolean) is
  'Staff: add or correct directory pincodes from a CSV''s rows [{pincode, office, city, district, state}]; a dry run (the default) lists the changes and errors.';
revoke all on function public.admin_load_pincodes(jsonb, boolean) from public, anon, authenticated;
grant execute on function public.admin_load_pincodes(jsonb, boolean) to authenticated;

-- Who reads and writes what ------------------------------------------------------------------------

alter table public.states enable row level security;
alter table public.pincodes enable row level security;
alter table public.delivery_zones enable row level security;
alter table public.delivery_holidays enable row level security;

revoke all on table public.states, public.pincodes, public.delivery_zones, public.delivery_holidays from anon, authenticated;
grant select on table public.states, public.pincodes, public.delivery_holidays to anon, authenticated;
grant select, delete on table public.delivery_zones to authenticated;
grant insert (name, fee, free_above, large_item_fee, delivers_large_items, transit_days_min, transit_days_max,
  cod_available, cod_max_total, is_active) on table public.delivery_zones to authenticated;
grant update (name, fee, free_above, large_item_fee, delivers_large_items, transit_days_min, transit_days_max,
  cod_available, cod_max_total, is_active) on table public.delivery_zones to authenticated;
grant insert, update, delete on table public.delivery_holidays to authenticated;

create policy "visitors read the states" on public.states for select to anon using (true);
create policy "signed-in users read the states" on public.states for select to authenticated using (true);
-- The directory is public (India Post publishes it); which zone a pincode is in, check_delivery tells anyone.
create policy "visitors read the pincode directory" on public.pincodes for select to anon using (true);
create policy "signed-in users read the pincode directory" on public.pincodes for select to authenticated using (true);
create policy "visitors read the delivery holidays" on public.delivery_holidays for select to anon using (true);
create policy "signed-in users read the delivery holidays" on public.delivery_holidays for select to authenticated using (true);

create policy "admins read delivery zones" on public.delivery_zones for select to authenticated
  using ((select private.is_admin()));
create policy "fresh admins add delivery zones" on public.delivery_zones for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit delivery zones" on public.delivery_zones for update to authenticated
  using ((select private.is_fresh_admin())) with check ((select private.is_fresh_admin()));
create policy "fresh admins delete delivery zones" on public.delivery_zones for delete to authenticated
  using ((select private.is_fresh_admin()));

create policy "fresh admins add delivery holidays" on public.delivery_holidays for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit delivery holidays" on public.delivery_holidays for update to authenticated
  using ((select private.is_fresh_admin())) with check ((select private.is_fresh_admin()));
create policy "fresh admins delete delivery holidays" on public.delivery_holidays for delete to authenticated
  using ((select private.is_fresh_admin()));
