-- Saved shipping addresses (the checkout form's fields without the e-mail, which is the account's):
-- the Profile tab's address book and the checkout's "saved addresses". Owner only; an admin reads.
-- 6-digit Indian pincode (no leading 0), 10-digit Indian mobile; one default address per user.

create table public.addresses (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  label text,
  full_name text not null,
  phone text not null,
  address text not null,
  city text not null,
  state text not null,
  pincode text not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint addresses_label_check check (length(label) <= 40),
  constraint addresses_full_name_check check (btrim(full_name) <> '' and length(full_name) <= 100),
  constraint addresses_phone_check check (phone ~ '^[6-9][0-9]{9}$'),
  constraint addresses_address_check check (btrim(address) <> '' and length(address) <= 500),
  constraint addresses_city_check check (btrim(city) <> '' and length(city) <= 100),
  constraint addresses_state_check check (btrim(state) <> '' and length(state) <= 100),
  constraint addresses_pincode_check check (pincode ~ '^[1-9][0-9]{5}$')
);
comment on table public.addresses is 'A user''s saved shipping addresses.';

create index addresses_user_id_idx on public.addresses (user_id, created_at);
create unique index addresses_one_default_per_user_key on public.addresses (user_id) where is_default;

-- Runs as the requesting user (security invoker), so clearing the previous default touches only
-- rows that user may update.
create or replace function private.addresses_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.phone := private.normalize_phone(new.phone);
  new.pincode := regexp_replace(coalesce(new.pincode, ''), '\s', '', 'g');
  new.label := nullif(btrim(new.label), '');
  new.updated_at := now();
  if new.is_default and (tg_op = 'INSERT' or not old.is_default) then
    update public.addresses as a
    set is_default = false
    where a.user_id = new.user_id and a.is_default and a.id <> new.id;
  end if;
  return new;
end
$$;
revoke all on function private.addresses_before_write() from public;

create trigger addresses_before_write
  before insert or update on public.addresses
  for each row execute function private.addresses_before_write();

alter table public.addresses enable row level security;

revoke all on table public.addresses from anon, authenticated;
grant select, delete on table public.addresses to authenticated;
grant insert (user_id, label, full_name, phone, address, city, state, pincode, is_default)
  on table public.addresses to authenticated;
grant update (label, full_name, phone, address, city, state, pincode, is_default)
  on table public.addresses to authenticated;

create policy "users read their own addresses, admins read all"
  on public.addresses for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "users add their own addresses"
  on public.addresses for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "users edit their own addresses"
  on public.addresses for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "users delete their own addresses"
  on public.addresses for delete to authenticated
  using (user_id = (select auth.uid()));
