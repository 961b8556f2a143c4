-- Store settings: one row holding the rules the database applies and the apps show, so that there
-- is one delivery rule everywhere (the spec's cart rule: free from ₹2,999, else ₹99; the banner's
-- "999" was the prototype's inconsistency). shared/src/pricing/delivery.ts holds the same numbers
-- for previews, and a test keeps the two equal. Everyone reads; a fresh admin edits.

create table public.store_settings (
  id boolean primary key default true,
  free_delivery_threshold numeric(10, 2) not null default 2999,
  delivery_fee numeric(10, 2) not null default 99,
  cod_max_order_total numeric(10, 2) not null default 50000,
  delivery_days_min integer not null default 5,
  delivery_days_max integer not null default 7,
  low_stock_threshold integer not null default 5,
  dispatch_location text not null default 'Jodhpur, Rajasthan',
  updated_at timestamptz not null default now(),
  constraint store_settings_singleton check (id),
  constraint store_settings_free_delivery_threshold_check check (free_delivery_threshold >= 0),
  constraint store_settings_delivery_fee_check check (delivery_fee >= 0),
  constraint store_settings_cod_max_order_total_check check (cod_max_order_total > 0),
  constraint store_settings_delivery_days_check check (delivery_days_min >= 0 and delivery_days_max >= delivery_days_min),
  constraint store_settings_low_stock_threshold_check check (low_stock_threshold >= 0)
);
comment on table public.store_settings is 'The one row of store rules: delivery fee, COD cap, delivery estimate, low-stock level.';
comment on column public.store_settings.cod_max_order_total is 'Cash on delivery is offered up to this order total.';

create trigger store_settings_set_updated_at
  before update on public.store_settings
  for each row execute function private.set_updated_at();

-- The rules themselves (place_order needs them), not demo data.
insert into public.store_settings (id) values (true) on conflict (id) do nothing;

alter table public.store_settings enable row level security;

revoke all on table public.store_settings from anon, authenticated;
grant select on table public.store_settings to anon, authenticated;
grant update (
  free_delivery_threshold, delivery_fee, cod_max_order_total, delivery_days_min, delivery_days_max,
  low_stock_threshold, dispatch_location
) on table public.store_settings to authenticated;

create policy "visitors read the store settings"
  on public.store_settings for select to anon
  using (true);

create policy "signed-in users read the store settings"
  on public.store_settings for select to authenticated
  using (true);

create policy "fresh admins edit the store settings"
  on public.store_settings for update to authenticated
  using ((select private.is_fresh_admin()))
  with check ((select private.is_fresh_admin()));
