-- GST (issue 18): the store's legal details, HSN codes and dated GST rates, the tax inside every
-- order line, tax invoices issued at dispatch and credit notes, each in its own gapless series per
-- financial year. docs/gst.md gives the rules with their sources; ADR 012 the design.
--
-- Prices stay GST-inclusive. place_order (next migration) snapshots, per line, the HSN, the rate, the
-- line's share of the discount and of the delivery fee, the taxable value and CGST + SGST (same state
-- as the store), CGST + UTGST (a union territory without a legislature) or IGST (another state), so
-- that taxable value + tax = the amount charged, to the paisa. shared/src/gst/split.ts previews the
-- same split in the browser; supabase/tests/fixtures/gst-split-cases.json holds both to one answer.

-- GSTIN: 2-digit state code, the holder's PAN, an entity number, 'Z', and a check character
-- (Luhn mod 36 over 0-9A-Z). Accepts state codes 01-38 and 97 (other territory).
create or replace function private.is_valid_gstin(gstin text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_chars constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  v_sum integer := 0;
  v_product integer;
begin
  if gstin is null or gstin !~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$' then
    return false;
  end if;
  if not (left(gstin, 2)::integer between 1 and 38 or left(gstin, 2) = '97') then
    return false;
  end if;
  for i in 1..14 loop
    v_product := (strpos(v_chars, substr(gstin, i, 1)) - 1) * (case when i % 2 = 1 then 1 else 2 end);
    v_sum := v_sum + v_product / 36 + v_product % 36;
  end loop;
  return substr(v_chars, (36 - v_sum % 36) % 36 + 1, 1) = substr(gstin, 15, 1);
end
$$;
comment on function private.is_valid_gstin(text) is
  'A GSTIN''s form (state code, PAN, entity, Z) and check character; shared/src/gst/gstin.ts is the browser''s copy.';

-- Upper-cases and trims; raises invalid_gstin for anything that is not a GSTIN; null stays null.
create or replace function private.normalize_gstin(gstin text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := nullif(upper(regexp_replace(coalesce(gstin, ''), '\s', '', 'g')), '');
begin
  if v is not null and not private.is_valid_gstin(v) then
    raise exception 'Please enter a valid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV).'
      using errcode = 'P0001', detail = 'invalid_gstin', hint = v;
  end if;
  return v;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The seller's details: on every invoice, and shown before purchase (E-Commerce Rules 2020 r.4,
-- Legal Metrology (Packaged Commodities) Rules r.6(10)). State and PAN are read off the GSTIN.
alter table public.store_settings
  add column legal_name text,
  add column registered_address text,
  add column gstin text,
  add column gst_state_code text generated always as (left(gstin, 2)) stored,
  add column pan text generated always as (substr(gstin, 3, 10)) stored,
  add column invoice_prefix text not null default 'FC',
  add column credit_note_prefix text not null default 'FCCN',
  add column authorised_signatory text,
  add column grievance_officer_name text,
  add column grievance_officer_designation text,
  add column grievance_officer_email text,
  add column grievance_officer_phone text,
  add column grievance_officer_hours text,
  add column customer_care_email text,
  add column customer_care_phone text,
  add column customer_care_hours text,
  add constraint store_settings_gstin_check check (gstin is null or private.is_valid_gstin(gstin)),
  add constraint store_settings_invoice_prefix_check check (invoice_prefix ~ '^[A-Z0-9]{1,4}$'),
  add constraint store_settings_credit_note_prefix_check check (
    credit_note_prefix ~ '^[A-Z0-9]{1,4}$' and credit_note_prefix <> invoice_prefix
  ),
  add constraint store_settings_legal_text_check check (
    length(legal_name) between 2 and 150
    and length(registered_address) between 10 and 300
    and length(authorised_signatory) <= 100
    and length(grievance_officer_name) <= 100
    and length(grievance_officer_designation) <= 100
    and length(grievance_officer_hours) <= 100
    and length(customer_care_hours) <= 100
  ),
  add constraint store_settings_contact_email_check check (
    grievance_officer_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and customer_care_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  ),
  add constraint store_settings_contact_phone_check check (
    grievance_officer_phone ~ '^\+?[0-9 ()-]{8,20}$' and customer_care_phone ~ '^\+?[0-9 ()-]{8,20}$'
  );
comment on column public.store_settings.gstin is 'The store''s GSTIN: its state (gst_state_code) decides CGST+SGST or IGST.';
comment on column public.store_settings.invoice_prefix is 'Invoice numbers are <prefix>/<FY, e.g. 2627>/<6 digits>: at most 16 characters (CGST Rules r.46(b)).';

create or replace function private.store_settings_normalize()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.gstin := private.normalize_gstin(new.gstin);
  new.invoice_prefix := upper(btrim(new.invoice_prefix));
  new.credit_note_prefix := upper(btrim(new.credit_note_prefix));
  new.legal_name := nullif(btrim(new.legal_name), '');
  new.registered_address := nullif(btrim(new.registered_address), '');
  new.authorised_signatory := nullif(btrim(new.authorised_signatory), '');
  new.grievance_officer_name := nullif(btrim(new.grievance_officer_name), '');
  new.grievance_officer_designation := nullif(btrim(new.grievance_officer_designation), '');
  new.grievance_officer_email := nullif(lower(btrim(new.grievance_officer_email)), '');
  new.grievance_officer_phone := nullif(btrim(new.grievance_officer_phone), '');
  new.grievance_officer_hours := nullif(btrim(new.grievance_officer_hours), '');
  new.customer_care_email := nullif(lower(btrim(new.customer_care_email)), '');
  new.customer_care_phone := nullif(btrim(new.customer_care_phone), '');
  new.customer_care_hours := nullif(btrim(new.customer_care_hours), '');
  return new;
end
$$;

create trigger store_settings_normalize
  before insert or update on public.store_settings
  for each row execute function private.store_settings_normalize();

grant update (
  legal_name, registered_address, gstin, invoice_prefix, credit_note_prefix, authorised_signatory,
  grievance_officer_name, grievance_officer_designation, grievance_officer_email, grievance_officer_phone,
  grievance_officer_hours, customer_care_email, customer_care_phone, customer_care_hours
) on table public.store_settings to authenticated;

-- ---------------------------------------------------------------------------------------------
-- What an online listing must declare (Legal Metrology (Packaged Commodities) Rules r.6(10)) and the
-- HSN code the rate and the invoice need.
alter table public.products
  add column hsn_code text not null default '9403',
  add column country_of_origin text not null default 'India',
  add column manufacturer text,
  add column importer text,
  add column net_quantity text not null default '1 N',
  add constraint products_hsn_code_check check (hsn_code ~ '^[0-9]{4}([0-9]{2}){0,2}$'),
  add constraint products_country_of_origin_check check (btrim(country_of_origin) <> '' and length(country_of_origin) <= 60),
  add constraint products_manufacturer_check check (length(manufacturer) <= 300),
  add constraint products_importer_check check (length(importer) <= 300),
  add constraint products_net_quantity_check check (btrim(net_quantity) <> '' and length(net_quantity) <= 60);
comment on column public.products.hsn_code is 'HSN (4, 6 or 8 digits): its GST rate is tax_rates'' longest matching code.';
comment on column public.products.manufacturer is 'Name and address of the manufacturer or packer; null: the store itself (its legal name and address).';
comment on column public.products.net_quantity is 'Net quantity as declared on the listing: "1 N" (one unit), "1 set (3 pieces)".';

grant insert (hsn_code, country_of_origin, manufacturer, importer, net_quantity),
  update (hsn_code, country_of_origin, manufacturer, importer, net_quantity)
  on table public.products to authenticated;

-- ---------------------------------------------------------------------------------------------
-- GST rates as dated data: a rate applies from its date until a later row for the same code.
create table public.tax_rates (
  id bigint generated always as identity primary key,
  hsn_code text not null,
  description text not null,
  rate numeric(5, 2) not null,
  effective_from date not null,
  notification text,
  created_at timestamptz not null default now(),
  constraint tax_rates_hsn_code_effective_from_key unique (hsn_code, effective_from),
  constraint tax_rates_hsn_code_check check (hsn_code ~ '^[0-9]{4}([0-9]{2}){0,2}$'),
  constraint tax_rates_description_check check (btrim(description) <> '' and length(description) <= 200),
  constraint tax_rates_rate_check check (rate >= 0 and rate <= 40),
  constraint tax_rates_notification_check check (length(notification) <= 200)
);
comment on table public.tax_rates is
  'GST rates by HSN code from a date (CBIC rate notifications); a product''s rate is the longest code matching its HSN, latest effective date on or before the day.';

-- The law, not demo data: docs/gst.md cites each notification.
insert into public.tax_rates (hsn_code, description, rate, effective_from, notification) values
  ('9401', 'Seats (sofas, chairs, benches)', 28, '2017-07-01', 'Notification 1/2017-Central Tax (Rate), Schedule IV'),
  ('9401', 'Seats (sofas, chairs, benches)', 18, '2017-11-15', 'Notification 41/2017-Central Tax (Rate)'),
  ('9401', 'Seats (sofas, chairs, benches)', 18, '2025-09-22', 'Notification 9/2025-Central Tax (Rate), Schedule II'),
  ('9403', 'Other furniture (tables, beds, wardrobes, shelves)', 28, '2017-07-01', 'Notification 1/2017-Central Tax (Rate), Schedule IV'),
  ('9403', 'Other furniture (tables, beds, wardrobes, shelves)', 18, '2017-11-15', 'Notification 41/2017-Central Tax (Rate)'),
  ('9403', 'Other furniture (tables, beds, wardrobes, shelves)', 18, '2025-09-22', 'Notification 9/2025-Central Tax (Rate), Schedule II'),
  ('9404', 'Mattresses (foam, spring), cushions and similar furnishings', 28, '2017-07-01', 'Notification 1/2017-Central Tax (Rate), Schedule IV'),
  ('9404', 'Mattresses (foam, spring), cushions and similar furnishings', 18, '2017-11-15', 'Notification 41/2017-Central Tax (Rate)'),
  ('9404', 'Mattresses (foam, spring), cushions and similar furnishings', 18, '2025-09-22', 'Notification 9/2025-Central Tax (Rate), Schedule II'),
  ('940382', 'Furniture wholly of bamboo', 18, '2017-07-01', 'Notification 1/2017-Central Tax (Rate), Schedule III'),
  ('940382', 'Furniture wholly of bamboo', 12, '2017-11-15', 'Notification 41/2017-Central Tax (Rate): Schedule II S.No. 222A'),
  ('940382', 'Furniture wholly of bamboo', 5, '2025-09-22', 'Notification 9/2025-Central Tax (Rate), Schedule I'),
  ('940383', 'Furniture wholly of rattan or cane', 18, '2017-07-01', 'Notification 1/2017-Central Tax (Rate), Schedule III'),
  ('940383', 'Furniture wholly of rattan or cane', 12, '2017-11-15', 'Notification 41/2017-Central Tax (Rate): Schedule II S.No. 222A'),
  ('940383', 'Furniture wholly of rattan or cane', 5, '2025-09-22', 'Notification 9/2025-Central Tax (Rate), Schedule I');

alter table public.tax_rates enable row level security;
revoke all on table public.tax_rates from anon, authenticated;
grant select on table public.tax_rates to anon, authenticated;
grant insert (hsn_code, description, rate, effective_from, notification),
  update (hsn_code, description, rate, effective_from, notification), delete
  on table public.tax_rates to authenticated;

create policy "visitors read tax rates" on public.tax_rates for select to anon using (true);
create policy "signed-in users read tax rates" on public.tax_rates for select to authenticated using (true);
create policy "fresh admins add tax rates" on public.tax_rates for insert to authenticated
  with check ((select private.is_fresh_admin()));
create policy "fresh admins edit tax rates" on public.tax_rates for update to authenticated
  using ((select private.is_fresh_admin())) with check ((select private.is_fresh_admin()));
create policy "fresh admins delete tax rates" on public.tax_rates for delete to authenticated
  using ((select private.is_fresh_admin()));

-- The rate of an HSN code on a day: the longest code in the table that begins the product's code,
-- then its latest row in force that day.
create or replace function private.gst_rate(hsn_code text, on_date date)
returns numeric
language plpgsql
stable
set search_path = ''
as $$
declare
  v_rate numeric;
begin
  select t.rate into v_rate
  from public.tax_rates as t
  where gst_rate.hsn_code like t.hsn_code || '%' and t.effective_from <= gst_rate.on_date
  order by length(t.hsn_code) desc, t.effective_from desc
  limit 1;
  if not found then
    raise exception 'No GST rate is set for HSN %. Please ask the store to add it.', gst_rate.hsn_code
      using errcode = 'P0001', detail = 'tax_rate_missing', hint = gst_rate.hsn_code;
  end if;
  return v_rate;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The split (docs/gst.md): the discount and the delivery fee are spread over the lines in proportion
-- to their amounts (largest remainder, to the paisa; ties to the earlier line), and each line's tax
-- is backed out of what it charges: taxable = round(charged × 100 / (100 + rate)), tax = the rest,
-- CGST = the larger half. lines: [{amount, rate}] in order; amounts in rupees.
create or replace function private.split_gst(lines jsonb, discount numeric, delivery_fee numeric, supply_type text)
returns table (
  ord integer,
  discount_share numeric,
  delivery_share numeric,
  taxable_value numeric,
  cgst numeric,
  sgst numeric,
  utgst numeric,
  igst numeric
)
language sql
immutable
set search_path = ''
as $$
  with l as (
    select e.ord::integer as ord, round((e.line ->> 'amount')::numeric * 100) as a, (e.line ->> 'rate')::numeric as rate
    from jsonb_array_elements(split_gst.lines) with ordinality as e (line, ord)
  ),
  t as (
    select sum(l.a) as total, round(split_gst.discount * 100) as d, round(split_gst.delivery_fee * 100) as f from l
  ),
  base as (
    select l.ord, l.a, l.rate,
      div(t.d * l.a, t.total) as d_base, mod(t.d * l.a, t.total) as d_rem,
      div(t.f * l.a, t.total) as f_base, mod(t.f * l.a, t.total) as f_rem,
      t.d, t.f
    from l cross join t
  ),
  shares as (
    select b.ord, b.a, b.rate,
      b.d_base + case when row_number() over (order by b.d_rem desc, b.ord) <= b.d - sum(b.d_base) over () then 1 else 0 end as d_share,
      b.f_base + case when row_number() over (order by b.f_rem desc, b.ord) <= b.f - sum(b.f_base) over () then 1 else 0 end as f_share
    from base as b
  ),
  taxed as (
    select s.ord, s.d_share, s.f_share, s.a - s.d_share + s.f_share as charged,
      round((s.a - s.d_share + s.f_share) * 100 / (100 + s.rate)) as taxable
    from shares as s
  )
  select x.ord, (x.d_share / 100)::numeric(12, 2), (x.f_share / 100)::numeric(12, 2), (x.taxable / 100)::numeric(12, 2),
    (case when split_gst.supply_type = 'igst' then 0 else ceil((x.charged - x.taxable) / 2) end / 100)::numeric(12, 2),
    (case when split_gst.supply_type = 'cgst_sgst' then floor((x.charged - x.taxable) / 2) else 0 end / 100)::numeric(12, 2),
    (case when split_gst.supply_type = 'cgst_utgst' then floor((x.charged - x.taxable) / 2) else 0 end / 100)::numeric(12, 2),
    (case when split_gst.supply_type = 'igst' then x.charged - x.taxable else 0 end / 100)::numeric(12, 2)
  from taxed as x
  order by x.ord
$$;
comment on function private.split_gst(jsonb, numeric, numeric, text) is
  'The GST split of an order''s lines (docs/gst.md); shared/src/gst/split.ts is the browser''s preview of the same rule.';

-- Same state as the store: CGST + SGST, or CGST + UTGST in a union territory without a legislature;
-- another state: IGST (IGST Act s.10(1)(a): the place of supply is where the goods' movement ends).
create or replace function private.gst_supply_type(store_state text, delivery_state text)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when store_state is distinct from delivery_state then 'igst'
    when (select s.kind from public.states as s where s.code = delivery_state) = 'union_territory' then 'cgst_utgst'
    else 'cgst_sgst'
  end
$$;

-- ---------------------------------------------------------------------------------------------
-- The tax inside each order, fixed when it is placed.
alter table public.orders
  add column place_of_supply text references public.states (code),
  add column supply_type text,
  add column buyer_gstin text,
  add column buyer_legal_name text,
  add column tax_total numeric(12, 2),
  add constraint orders_supply_type_check check (supply_type in ('cgst_sgst', 'cgst_utgst', 'igst')),
  add constraint orders_buyer_gstin_check check (buyer_gstin is null or private.is_valid_gstin(buyer_gstin)),
  add constraint orders_buyer_check check (
    (buyer_gstin is null) = (buyer_legal_name is null) and length(buyer_legal_name) between 2 and 150
  ),
  add constraint orders_tax_total_check check (tax_total >= 0 and tax_total <= total);
comment on column public.orders.place_of_supply is 'GST state code of the delivery address (IGST Act s.10(1)(a)).';
comment on column public.orders.buyer_gstin is 'A business buyer''s GSTIN, printed on the invoice (CGST Rules r.46(d)).';
create index orders_place_of_supply_idx on public.orders (place_of_supply);

alter table public.order_items
  add column hsn_code text,
  add column gst_rate numeric(5, 2),
  add column discount_share numeric(12, 2),
  add column delivery_share numeric(12, 2),
  add column taxable_value numeric(12, 2),
  add column cgst numeric(12, 2),
  add column sgst numeric(12, 2),
  add column utgst numeric(12, 2),
  add column igst numeric(12, 2),
  add constraint order_items_tax_check check (
    taxable_value is null
    or (
      hsn_code is not null and gst_rate is not null
      and discount_share >= 0 and delivery_share >= 0 and taxable_value >= 0
      and cgst >= 0 and sgst >= 0 and utgst >= 0 and igst >= 0
      and taxable_value + cgst + sgst + utgst + igst = unit_price * quantity - discount_share + delivery_share
    )
  );
comment on column public.order_items.taxable_value is
  'Taxable value of the line after its share of the discount, with its share of the delivery fee (CGST Act s.15); + its taxes = what it charged.';

-- Computes and stores the order's tax (once): the delivery state, the supply type, each line's
-- rate on the order's day and its split. Called by place_order.
create or replace function private.snapshot_order_tax(order_id uuid, check_state boolean default true)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_store text;
  v_state text;
  v_type text;
  v_day date;
begin
  select * into v_order from public.orders as o where o.id = snapshot_order_tax.order_id;
  select s.gst_state_code into v_store from public.store_settings as s where s.id;
  if v_store is null then
    raise exception 'The store is not set up to take orders yet.' using errcode = 'P0001', detail = 'store_not_configured';
  end if;
  -- The place of supply is where the goods go: the delivery pincode's state in the directory (the
  -- row delivery_quote used); an address naming another state is refused rather than taxed wrongly.
  select pc.state_code into v_state from public.pincodes as pc where pc.pincode = v_order.shipping_address ->> 'pincode';
  if v_state is null and not check_state then
    -- an order from before the directory (issue_invoice): the state it was typed with
    select st.code into v_state from public.states as st where st.name = private.state_name(v_order.shipping_address ->> 'state');
  end if;
  if v_state is null then
    raise exception 'We could not find pincode %. Please check it.', v_order.shipping_address ->> 'pincode'
      using errcode = 'P0001', detail = 'unknown_pincode';
  end if;
  if check_state and not exists (select 1 from public.states as st where st.code = v_state and st.name = v_order.shipping_address ->> 'state') then
    raise exception 'Pincode % is in %. Please check the state or the pincode.',
      v_order.shipping_address ->> 'pincode', (select st.name from public.states as st where st.code = v_state)
      using errcode = 'P0001', detail = 'state_pincode_mismatch', hint = v_state;
  end if;
  v_type := private.gst_supply_type(v_store, v_state);
  v_day := (v_order.created_at at time zone 'Asia/Kolkata')::date;

  with g as (
    select row_number() over (order by i.id)::integer as ord, i.id as item_id, i.unit_price * i.quantity as amount,
      coalesce(p.hsn_code, '9403') as hsn, private.gst_rate(coalesce(p.hsn_code, '9403'), v_day) as rate
    from public.order_items as i
    left join public.products as p on p.id = i.product_id
    where i.order_id = v_order.id
  ),
  x as (
    select s.*
    from private.split_gst(
      (select jsonb_agg(jsonb_build_object('amount', g.amount, 'rate', g.rate) order by g.ord) from g),
      v_order.discount, v_order.delivery_fee, v_type
    ) as s
  )
  update public.order_items as i
  set hsn_code = g.hsn, gst_rate = g.rate, discount_share = x.discount_share, delivery_share = x.delivery_share,
      taxable_value = x.taxable_value, cgst = x.cgst, sgst = x.sgst, utgst = x.utgst, igst = x.igst
  from g
  join x on x.ord = g.ord
  where i.id = g.item_id;

  update public.orders as o
  set place_of_supply = v_state, supply_type = v_type,
      tax_total = (select sum(i.cgst + i.sgst + i.utgst + i.igst) from public.order_items as i where i.order_id = o.id)
  where o.id = v_order.id;
end
$$;

-- The tax snapshot is set once and never changes, like the amounts it splits.
create or replace function private.orders_tax_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.supply_type is not null and (
    new.place_of_supply is distinct from old.place_of_supply
    or new.supply_type is distinct from old.supply_type
    or new.tax_total is distinct from old.tax_total
  ) or new.buyer_gstin is distinct from old.buyer_gstin
    or new.buyer_legal_name is distinct from old.buyer_legal_name
  then
    raise exception 'An order''s tax and buyer details cannot change after it is placed.'
      using errcode = 'P0001', detail = 'order_immutable';
  end if;
  return new;
end
$$;

create trigger orders_tax_immutable
  before update of place_of_supply, supply_type, tax_total, buyer_gstin, buyer_legal_name on public.orders
  for each row execute function private.orders_tax_immutable();

create or replace function private.order_items_tax_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.taxable_value is not null and (
    new.hsn_code, new.gst_rate, new.discount_share, new.delivery_share, new.taxable_value,
    new.cgst, new.sgst, new.utgst, new.igst, new.unit_price, new.quantity
  ) is distinct from (
    old.hsn_code, old.gst_rate, old.discount_share, old.delivery_share, old.taxable_value,
    old.cgst, old.sgst, old.utgst, old.igst, old.unit_price, old.quantity
  ) then
    raise exception 'An order line''s price, quantity and tax cannot change after the order is placed.'
      using errcode = 'P0001', detail = 'order_immutable';
  end if;
  return new;
end
$$;

create trigger order_items_tax_immutable
  before update on public.order_items
  for each row execute function private.order_items_tax_immutable();

-- ---------------------------------------------------------------------------------------------
-- Invoices and credit notes. Numbers: <prefix>/<FY>/<6 digits>, e.g. FC/2627/000001 (≤ 16
-- characters), consecutive within the financial year (1 April - 31 March, IST) and restarting on
-- 1 April. A number is taken from private.document_series in the transaction that issues the
-- document, so a rolled-back dispatch gives its number back: no gaps, no duplicates.
create table private.document_series (
  kind text not null,
  financial_year text not null,
  last_number integer not null,
  primary key (kind, financial_year),
  constraint document_series_kind_check check (kind in ('invoice', 'credit_note')),
  constraint document_series_last_number_check check (last_number between 1 and 999999)
);
comment on table private.document_series is 'The last number issued per document kind and financial year.';

-- The financial year of an instant: '2026-27' from 1 April 2026 00:00 IST.
create or replace function private.financial_year(at timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select y::text || '-' || lpad(((y + 1) % 100)::text, 2, '0')
  from (select extract(year from (financial_year.at at time zone 'Asia/Kolkata') - interval '3 months')::integer as y) as f
$$;

create or replace function private.next_document_number(kind text, at timestamptz)
returns table (number text, financial_year text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_fy text := private.financial_year(next_document_number.at);
  v_prefix text;
  v_no integer;
begin
  select case next_document_number.kind when 'invoice' then s.invoice_prefix else s.credit_note_prefix end
  into v_prefix
  from public.store_settings as s
  where s.id;
  insert into private.document_series as d (kind, financial_year, last_number)
  values (next_document_number.kind, v_fy, 1)
  on conflict on constraint document_series_pkey do update set last_number = d.last_number + 1
  returning d.last_number into v_no;
  -- '2026-27' → '2627'
  number := v_prefix || '/' || substr(v_fy, 3, 2) || right(v_fy, 2) || '/' || lpad(v_no::text, 6, '0');
  financial_year := v_fy;
  return next;
end
$$;

create table public.invoices (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete restrict,
  number text not null,
  financial_year text not null,
  issued_at timestamptz not null default now(),
  place_of_supply text not null references public.states (code),
  supply_type text not null,
  is_b2b boolean not null,
  taxable_value numeric(12, 2) not null,
  cgst numeric(12, 2) not null,
  sgst numeric(12, 2) not null,
  utgst numeric(12, 2) not null,
  igst numeric(12, 2) not null,
  total numeric(12, 2) not null,
  snapshot jsonb not null,
  pdf_path text,
  constraint invoices_order_id_key unique (order_id),
  constraint invoices_number_key unique (number),
  constraint invoices_number_check check (length(number) <= 16 and number ~ '^[A-Za-z0-9/-]+$'),
  constraint invoices_supply_type_check check (supply_type in ('cgst_sgst', 'cgst_utgst', 'igst')),
  constraint invoices_total_check check (total = taxable_value + cgst + sgst + utgst + igst)
);
comment on table public.invoices is
  'Tax invoices (CGST Act s.31, CGST Rules r.46), one per order, issued when it is dispatched; never changed: snapshot holds every printed field.';
create index invoices_issued_at_idx on public.invoices (issued_at, number);
create index invoices_place_of_supply_idx on public.invoices (place_of_supply);

create table public.credit_notes (
  id bigint generated always as identity primary key,
  number text not null,
  invoice_id bigint not null references public.invoices (id) on delete restrict,
  order_id uuid not null references public.orders (id) on delete restrict,
  financial_year text not null,
  issued_at timestamptz not null default now(),
  reason text not null,
  taxable_value numeric(12, 2) not null,
  cgst numeric(12, 2) not null,
  sgst numeric(12, 2) not null,
  utgst numeric(12, 2) not null,
  igst numeric(12, 2) not null,
  total numeric(12, 2) not null,
  snapshot jsonb not null,
  pdf_path text,
  created_by uuid references auth.users (id) on delete set null,
  constraint credit_notes_number_key unique (number),
  constraint credit_notes_number_check check (length(number) <= 16 and number ~ '^[A-Za-z0-9/-]+$'),
  constraint credit_notes_reason_check check (length(btrim(reason)) between 3 and 500),
  constraint credit_notes_total_check check (total > 0 and total = taxable_value + cgst + sgst + utgst + igst)
);
comment on table public.credit_notes is
  'Credit notes (CGST Act s.34, CGST Rules r.53(1A)) against an invoice, in their own series; never changed.';
create index credit_notes_invoice_id_idx on public.credit_notes (invoice_id);
create index credit_notes_order_id_idx on public.credit_notes (order_id);
create index credit_notes_issued_at_idx on public.credit_notes (issued_at, number);
create index credit_notes_created_by_idx on public.credit_notes (created_by);

create table public.credit_note_items (
  id bigint generated always as identity primary key,
  credit_note_id bigint not null references public.credit_notes (id) on delete restrict,
  order_item_id bigint not null references public.order_items (id) on delete restrict,
  quantity integer not null,
  taxable_value numeric(12, 2) not null,
  cgst numeric(12, 2) not null,
  sgst numeric(12, 2) not null,
  utgst numeric(12, 2) not null,
  igst numeric(12, 2) not null,
  amount numeric(12, 2) not null,
  constraint credit_note_items_line_key unique (credit_note_id, order_item_id),
  constraint credit_note_items_quantity_check check (quantity >= 1),
  constraint credit_note_items_amount_check check (amount > 0 and amount = taxable_value + cgst + sgst + utgst + igst)
);
create index credit_note_items_order_item_id_idx on public.credit_note_items (order_item_id);

-- Issued documents never change: only the PDF's path may be set, once (set_document_pdf).
create or replace function private.tax_documents_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and tg_table_name in ('invoices', 'credit_notes') then
    if (to_jsonb(old) ->> 'pdf_path') is null and (to_jsonb(new) ->> 'pdf_path') is not null
      and (to_jsonb(new) - 'pdf_path') = (to_jsonb(old) - 'pdf_path')
    then
      return new;
    end if;
  end if;
  raise exception 'An issued % cannot be changed or deleted; issue a credit note instead.',
    case tg_table_name when 'invoices' then 'invoice' else 'credit note' end
    using errcode = 'P0001', detail = 'document_immutable';
end
$$;

create trigger invoices_immutable before update or delete on public.invoices
  for each row execute function private.tax_documents_immutable();
create trigger credit_notes_immutable before update or delete on public.credit_notes
  for each row execute function private.tax_documents_immutable();
create trigger credit_note_items_immutable before update or delete on public.credit_note_items
  for each row execute function private.tax_documents_immutable();
create trigger invoices_no_truncate before truncate on public.invoices
  for each statement execute function private.tax_documents_immutable();
create trigger credit_notes_no_truncate before truncate on public.credit_notes
  for each statement execute function private.tax_documents_immutable();
create trigger credit_note_items_no_truncate before truncate on public.credit_note_items
  for each statement execute function private.tax_documents_immutable();

-- The parties, as every document prints them (r.46(a), (d), (e), (m), (n)).
create or replace function private.document_parties(order_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_store public.store_settings;
  v_address jsonb;
begin
  select * into v_order from public.orders as o where o.id = document_parties.order_id;
  select * into v_store from public.store_settings as s where s.id;
  if v_store.legal_name is null or v_store.registered_address is null or v_store.gstin is null then
    raise exception 'Set the store''s legal name, registered address and GSTIN (Business & GST settings) before dispatching: the invoice needs them.'
      using errcode = 'P0001', detail = 'store_legal_details_missing';
  end if;
  v_address := v_order.shipping_address;
  return jsonb_build_object(
    'order', jsonb_build_object(
      'number', v_order.order_number,
      'date', to_char(v_order.created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD'),
      'payment_method', v_order.payment_method
    ),
    'supplier', jsonb_build_object(
      'legal_name', v_store.legal_name, 'address', v_store.registered_address, 'gstin', v_store.gstin,
      'pan', v_store.pan, 'state_code', v_store.gst_state_code,
      'state_name', (select st.name from public.states as st where st.code = v_store.gst_state_code),
      'signatory', v_store.authorised_signatory,
      'email', v_store.customer_care_email, 'phone', v_store.customer_care_phone
    ),
    'recipient', jsonb_build_object(
      'name', v_address ->> 'fullName', 'gstin', v_order.buyer_gstin, 'legal_name', v_order.buyer_legal_name,
      'address', v_address ->> 'address', 'city', v_address ->> 'city',
      'state_name', (select st.name from public.states as st where st.code = v_order.place_of_supply),
      'state_code', v_order.place_of_supply, 'pincode', v_address ->> 'pincode',
      'phone', v_address ->> 'phone', 'email', v_address ->> 'email'
    ),
    'place_of_supply', jsonb_build_object(
      'code', v_order.place_of_supply,
      'name', (select st.name from public.states as st where st.code = v_order.place_of_supply)
    ),
    'supply_type', v_order.supply_type,
    'reverse_charge', false
  );
end
$$;

-- Issues the order's invoice (once): called when the order is dispatched.
create or replace function private.issue_invoice(order_id uuid)
returns public.invoices
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_invoice public.invoices;
  v_parties jsonb;
  v_lines jsonb;
  v_totals jsonb;
  v_no record;
  v_at timestamptz := now();
begin
  select * into v_invoice from public.invoices as i where i.order_id = issue_invoice.order_id;
  if found then
    return v_invoice;
  end if;
  select * into v_order from public.orders as o where o.id = issue_invoice.order_id;
  if v_order.supply_type is null then
    -- an order placed before this migration: its tax as of the day it was placed, the place of
    -- supply from its pincode (its state was not checked against the pincode then)
    perform private.snapshot_order_tax(v_order.id, false);
    select * into v_order from public.orders as o where o.id = issue_invoice.order_id;
  end if;
  v_parties := private.document_parties(v_order.id);

  select
    jsonb_agg(jsonb_build_object(
      'description', i.product_name || coalesce(' (' || i.variant_title || ')', ''),
      'sku', i.sku, 'hsn', i.hsn_code, 'quantity', i.quantity, 'unit', 'NOS',
      'unit_price', i.unit_price, 'gross', i.unit_price * i.quantity, 'discount', i.discount_share,
      'delivery', i.delivery_share, 'taxable_value', i.taxable_value, 'rate', i.gst_rate,
      'cgst', i.cgst, 'sgst', i.sgst, 'utgst', i.utgst, 'igst', i.igst,
      'total', i.taxable_value + i.cgst + i.sgst + i.utgst + i.igst
    ) order by i.id),
    jsonb_build_object(
      'gross', sum(i.unit_price * i.quantity), 'discount', sum(i.discount_share), 'delivery', sum(i.delivery_share),
      'taxable_value', sum(i.taxable_value), 'cgst', sum(i.cgst), 'sgst', sum(i.sgst), 'utgst', sum(i.utgst),
      'igst', sum(i.igst), 'tax', sum(i.cgst + i.sgst + i.utgst + i.igst),
      'total', sum(i.taxable_value + i.cgst + i.sgst + i.utgst + i.igst)
    )
  into v_lines, v_totals
  from public.order_items as i
  where i.order_id = v_order.id;

  select * into v_no from private.next_document_number('invoice', v_at);
  insert into public.invoices (
    order_id, number, financial_year, issued_at, place_of_supply, supply_type, is_b2b,
    taxable_value, cgst, sgst, utgst, igst, total, snapshot
  )
  values (
    v_order.id, v_no.number, v_no.financial_year, v_at, v_order.place_of_supply, v_order.supply_type,
    v_order.buyer_gstin is not null,
    (v_totals ->> 'taxable_value')::numeric, (v_totals ->> 'cgst')::numeric, (v_totals ->> 'sgst')::numeric,
    (v_totals ->> 'utgst')::numeric, (v_totals ->> 'igst')::numeric, (v_totals ->> 'total')::numeric,
    v_parties || jsonb_build_object(
      'document', 'invoice', 'title', 'Tax Invoice', 'number', v_no.number,
      'date', to_char(v_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD'), 'financial_year', v_no.financial_year,
      'lines', v_lines, 'totals', v_totals
    )
  )
  returning * into v_invoice;
  return v_invoice;
end
$$;

-- Dispatch issues the invoice (CGST Act s.31(1)(a): at the removal of the goods), whoever moves the
-- order to shipped; an order cancelled before dispatch never gets one.
create or replace function private.orders_issue_invoice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.issue_invoice(new.id);
  return null;
end
$$;

create trigger orders_issue_invoice
  after update of status on public.orders
  for each row
  when (new.status = 'shipped' and old.status is distinct from 'shipped')
  execute function private.orders_issue_invoice();

-- Staff: a credit note for some units of an invoiced order's lines (a correction, a return). Each
-- unit credits its share of what the line charged (goods less discount plus delivery); the last
-- units of a line take what is left, so credits never exceed the invoice in any column.
create or replace function public.admin_issue_credit_note(order_id uuid, items jsonb, reason text)
returns public.credit_notes
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_note public.credit_notes;
  v_reason text := btrim(coalesce(admin_issue_credit_note.reason, ''));
  v_lines jsonb;
  v_bad record;
  v_no record;
  v_at timestamptz := now();
begin
  perform private.require_admin(true);
  select * into v_invoice from public.invoices as i where i.order_id = admin_issue_credit_note.order_id for update;
  if not found then
    raise exception 'This order has no invoice yet: a credit note needs one.' using errcode = 'P0001', detail = 'invoice_not_found';
  end if;
  if length(v_reason) not between 3 and 500 then
    raise exception 'Please give the reason for the credit note (3 to 500 characters).'
      using errcode = 'P0001', detail = 'credit_note_reason_required';
  end if;
  if admin_issue_credit_note.items is null or jsonb_typeof(admin_issue_credit_note.items) <> 'array'
    or jsonb_array_length(admin_issue_credit_note.items) = 0
    or exists (
      select 1 from jsonb_array_elements(admin_issue_credit_note.items) as e
      where jsonb_typeof(e) <> 'object' or jsonb_typeof(e -> 'order_item_id') <> 'number'
        or jsonb_typeof(e -> 'quantity') <> 'number' or (e ->> 'quantity')::numeric <> floor((e ->> 'quantity')::numeric)
        or (e ->> 'quantity')::numeric < 1
    )
  then
    raise exception 'Choose the lines and whole quantities to credit.' using errcode = 'P0001', detail = 'invalid_credit_items';
  end if;

  create temporary table if not exists pg_temp.credit_lines (
    order_item_id bigint, quantity integer, ordered integer, credited integer, charged numeric,
    taxable numeric, cgst numeric, sgst numeric, utgst numeric, igst numeric,
    prev_amount numeric, prev_taxable numeric, prev_cgst numeric, prev_sgst numeric, prev_utgst numeric, prev_igst numeric,
    rate numeric
  ) on commit drop;
  truncate pg_temp.credit_lines;
  insert into pg_temp.credit_lines
  select w.id, w.quantity, i.quantity, coalesce(c.quantity, 0),
    i.taxable_value + i.cgst + i.sgst + i.utgst + i.igst, i.taxable_value, i.cgst, i.sgst, i.utgst, i.igst,
    coalesce(c.amount, 0), coalesce(c.taxable_value, 0), coalesce(c.cgst, 0), coalesce(c.sgst, 0),
    coalesce(c.utgst, 0), coalesce(c.igst, 0), i.gst_rate
  from (
    select (e ->> 'order_item_id')::bigint as id, sum((e ->> 'quantity')::integer)::integer as quantity
    from jsonb_array_elements(admin_issue_credit_note.items) as e
    group by 1
  ) as w
  left join public.order_items as i on i.id = w.id and i.order_id = admin_issue_credit_note.order_id
  left join lateral (
    select sum(ci.quantity)::integer as quantity, sum(ci.amount) as amount, sum(ci.taxable_value) as taxable_value,
      sum(ci.cgst) as cgst, sum(ci.sgst) as sgst, sum(ci.utgst) as utgst, sum(ci.igst) as igst
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

  -- Each line's credit: its per-unit share split by the one rule (private.split_gst, one line, no
  -- discount or fee), or everything left in each column when these are its last units.
  with c as (
    select l.*, l.credited + l.quantity = l.ordered as last,
      case when l.credited + l.quantity = l.ordered then l.charged - l.prev_amount
        else round(l.charged * l.quantity / l.ordered, 2) end as amount
    from pg_temp.credit_lines as l
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
      'cgst', s.t_cgst, 'sgst', s.t_sgst, 'utgst', s.t_utgst, 'igst', s.t_igst, 'total', s.amount
    ) order by s.order_item_id)
  into v_lines
  from s
  join public.order_items as i on i.id = s.order_item_id;

  select * into v_no from private.next_document_number('credit_note', v_at);
  insert into public.credit_notes (
    number, invoice_id, order_id, financial_year, issued_at, reason,
    taxable_value, cgst, sgst, utgst, igst, total, snapshot, created_by
  )
  select v_no.number, v_invoice.id, v_invoice.order_id, v_no.financial_year, v_at, v_reason,
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

  insert into public.credit_note_items (credit_note_id, order_item_id, quantity, taxable_value, cgst, sgst, utgst, igst, amount)
  select v_note.id, (l ->> 'order_item_id')::bigint, (l ->> 'quantity')::integer, (l ->> 'taxable_value')::numeric,
    (l ->> 'cgst')::numeric, (l ->> 'sgst')::numeric, (l ->> 'utgst')::numeric, (l ->> 'igst')::numeric, (l ->> 'total')::numeric
  from jsonb_array_elements(v_lines) as l;
  return v_note;
end
$$;
comment on function public.admin_issue_credit_note(uuid, jsonb, text) is
  'Staff: a credit note against the order''s invoice for whole units of its lines (never more than invoiced), in its own series.';
revoke all on function public.admin_issue_credit_note(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.admin_issue_credit_note(uuid, jsonb, text) to authenticated;

-- The accountant's register: every line of every invoice and credit note issued in the days given
-- (IST, inclusive), as printed (from the documents' snapshots), in issue order. Read in pages by
-- keyset: pass the last row's issued_at and document_number to get the next page; a page holds whole
-- documents, at most max_rows lines (PostgREST's max_rows is 1,000), and an empty one ends the list.
create or replace function public.admin_gst_register(
  from_date date,
  to_date date,
  after_issued_at timestamptz default null,
  after_number text default null,
  max_rows integer default 1000
)
returns table (
  document_type text,
  document_number text,
  document_date date,
  issued_at timestamptz,
  invoice_number text,
  order_number text,
  is_b2b boolean,
  buyer_gstin text,
  buyer_legal_name text,
  recipient_name text,
  place_of_supply text,
  place_of_supply_name text,
  supply_type text,
  hsn_code text,
  gst_rate numeric,
  quantity integer,
  taxable_value numeric,
  cgst numeric,
  sgst numeric,
  utgst numeric,
  igst numeric,
  total numeric
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from timestamptz := admin_gst_register.from_date::timestamp at time zone 'Asia/Kolkata';
  v_to timestamptz := (admin_gst_register.to_date + 1)::timestamp at time zone 'Asia/Kolkata';
  v_after timestamptz := coalesce(admin_gst_register.after_issued_at, '-infinity');
  v_after_no text := coalesce(admin_gst_register.after_number, '');
  v_max integer := least(greatest(coalesce(admin_gst_register.max_rows, 1000), 1), 1000);
begin
  perform private.require_admin(false);
  if from_date is null or to_date is null or to_date < from_date or to_date - from_date > 366 then
    raise exception 'Choose a period of at most a year.' using errcode = 'P0001', detail = 'invalid_period';
  end if;
  return query
  with docs as (
    (
      select 'invoice'::text as kind, i.number, i.issued_at, i.number as invoice_number, i.snapshot
      from public.invoices as i
      where i.issued_at >= v_from and i.issued_at < v_to and (i.issued_at, i.number) > (v_after, v_after_no)
      order by i.issued_at, i.number
      limit v_max
    )
    union all
    (
      select 'credit_note', c.number, c.issued_at, c.snapshot -> 'invoice' ->> 'number', c.snapshot
      from public.credit_notes as c
      where c.issued_at >= v_from and c.issued_at < v_to and (c.issued_at, c.number) > (v_after, v_after_no)
      order by c.issued_at, c.number
      limit v_max
    )
  ),
  page as (
    select d.*,
      sum(jsonb_array_length(d.snapshot -> 'lines')) over (order by d.issued_at, d.number) as lines_up_to,
      row_number() over (order by d.issued_at, d.number) as n
    from (select * from docs order by docs.issued_at, docs.number limit v_max) as d
  )
  select d.kind, d.number, (d.issued_at at time zone 'Asia/Kolkata')::date, d.issued_at, d.invoice_number,
    d.snapshot -> 'order' ->> 'number',
    d.snapshot -> 'recipient' ->> 'gstin' is not null,
    d.snapshot -> 'recipient' ->> 'gstin', d.snapshot -> 'recipient' ->> 'legal_name',
    d.snapshot -> 'recipient' ->> 'name',
    d.snapshot -> 'place_of_supply' ->> 'code', d.snapshot -> 'place_of_supply' ->> 'name',
    d.snapshot ->> 'supply_type',
    l.line ->> 'hsn', (l.line ->> 'rate')::numeric, (l.line ->> 'quantity')::integer,
    (l.line ->> 'taxable_value')::numeric, (l.line ->> 'cgst')::numeric, (l.line ->> 'sgst')::numeric,
    (l.line ->> 'utgst')::numeric, (l.line ->> 'igst')::numeric, (l.line ->> 'total')::numeric
  from page as d
  cross join lateral jsonb_array_elements(d.snapshot -> 'lines') with ordinality as l (line, ord)
  where d.lines_up_to <= v_max or d.n = 1
  order by d.issued_at, d.number, l.ord;
end
$$;
comment on function public.admin_gst_register(date, date, timestamptz, text, integer) is
  'Staff (a read: a stale admin too): one row per line of every invoice and credit note issued between the two IST dates, for the GST returns; paged by (issued_at, document_number), whole documents per page.';
revoke all on function public.admin_gst_register(date, date, timestamptz, text, integer) from public, anon, authenticated;
grant execute on function public.admin_gst_register(date, date, timestamptz, text, integer) to authenticated;

-- The invoice-pdf function records where it stored a document's PDF (once).
create or replace function public.set_document_pdf(kind text, id bigint, path text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_path text;
begin
  if set_document_pdf.path is null or set_document_pdf.path !~ '^[0-9a-f-]{36}/[A-Za-z0-9-]{1,16}\.pdf$' then
    raise exception 'Not a document path.' using errcode = '22023', detail = 'invalid_path';
  end if;
  if set_document_pdf.kind = 'invoice' then
    update public.invoices as d set pdf_path = set_document_pdf.path
    where d.id = set_document_pdf.id and d.pdf_path is null;
    select d.pdf_path into v_path from public.invoices as d where d.id = set_document_pdf.id;
  elsif set_document_pdf.kind = 'credit_note' then
    update public.credit_notes as d set pdf_path = set_document_pdf.path
    where d.id = set_document_pdf.id and d.pdf_path is null;
    select d.pdf_path into v_path from public.credit_notes as d where d.id = set_document_pdf.id;
  else
    raise exception 'Unknown document kind.' using errcode = '22023', detail = 'invalid_kind';
  end if;
  return v_path;
end
$$;
comment on function public.set_document_pdf(text, bigint, text) is
  'Service role (the invoice-pdf function): the stored PDF''s path, set once; returns the path in force.';
revoke all on function public.set_document_pdf(text, bigint, text) from public, anon, authenticated;
grant execute on function public.set_document_pdf(text, bigint, text) to service_role;

-- Who reads what: a customer their own orders' documents, staff all; nobody writes through the API.
alter table public.invoices enable row level security;
alter table public.credit_notes enable row level security;
alter table public.credit_note_items enable row level security;
revoke all on table public.invoices, public.credit_notes, public.credit_note_items from anon, authenticated;
-- not even the service role writes them directly: the PDF's path goes through set_document_pdf
revoke insert, update, delete, truncate on table public.invoices, public.credit_notes, public.credit_note_items from service_role;
grant select on table public.invoices, public.credit_notes, public.credit_note_items to authenticated;

create policy "customers read their invoices and staff all" on public.invoices for select to authenticated
  using (
    (select private.is_admin())
    or exists (select 1 from public.orders as o where o.id = invoices.order_id and o.user_id = (select auth.uid()))
  );
create policy "customers read their credit notes and staff all" on public.credit_notes for select to authenticated
  using (
    (select private.is_admin())
    or exists (select 1 from public.orders as o where o.id = credit_notes.order_id and o.user_id = (select auth.uid()))
  );
create policy "customers read their credit note lines and staff all" on public.credit_note_items for select to authenticated
  using (
    (select private.is_admin())
    or exists (
      select 1 from public.credit_notes as c
      join public.orders as o on o.id = c.order_id
      where c.id = credit_note_items.credit_note_id and o.user_id = (select auth.uid())
    )
  );

-- The PDFs: private; only the service role (the invoice-pdf function) writes and signs them.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('invoices', 'invoices', false, 2097152, array['application/pdf'])
on conflict (id) do nothing;

-- The private helpers run inside the RPCs and triggers above; only the GSTIN check is called as the
-- writing user (store_settings' and orders' checks, the settings trigger).
revoke all on function private.is_valid_gstin(text) from public;
revoke all on function private.normalize_gstin(text) from public;
grant execute on function private.is_valid_gstin(text) to authenticated, service_role;
grant execute on function private.normalize_gstin(text) to authenticated, service_role;
revoke all on function private.store_settings_normalize() from public;
revoke all on function private.gst_rate(text, date) from public;
revoke all on function private.split_gst(jsonb, numeric, numeric, text) from public;
revoke all on function private.gst_supply_type(text, text) from public;
revoke all on function private.snapshot_order_tax(uuid, boolean) from public;
revoke all on function private.orders_tax_immutable() from public;
revoke all on function private.order_items_tax_immutable() from public;
revoke all on function private.financial_year(timestamptz) from public;
revoke all on function private.next_document_number(text, timestamptz) from public;
revoke all on function private.tax_documents_immutable() from public;
revoke all on function private.document_parties(uuid) from public;
revoke all on function private.issue_invoice(uuid) from public;
revoke all on function private.orders_issue_invoice() from public;
