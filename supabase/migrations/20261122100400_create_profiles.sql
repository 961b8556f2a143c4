-- Profiles: one per auth user (the spec's user metadata full_name and phone), made by a trigger on
-- auth.users from the sign-up metadata, so the Profile tab has a real row to show and edit.
-- A user reads and edits only their own; an admin reads all (names on orders); nobody inserts or
-- deletes through the API (the trigger makes it, deleting the auth user removes it).

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text,
  phone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_full_name_check check (length(full_name) <= 100),
  constraint profiles_phone_check check (phone ~ '^[6-9][0-9]{9}$')
);
comment on table public.profiles is 'One row per auth user; phone is a 10-digit Indian mobile number.';

create or replace function private.profiles_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.full_name := nullif(btrim(new.full_name), '');
  new.phone := private.normalize_phone(new.phone);
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.profiles_before_write() from public;

create trigger profiles_before_write
  before insert or update on public.profiles
  for each row execute function private.profiles_before_write();

-- From the sign-up form (options.data full_name and phone) or an OAuth provider's `name`. Never
-- fails a sign-up: a phone that is not a valid Indian mobile number is left out.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := private.normalize_phone(coalesce(new.raw_user_meta_data ->> 'phone', new.phone));
begin
  insert into public.profiles (id, full_name, phone)
  values (
    new.id,
    left(nullif(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', new.raw_user_meta_data ->> 'name', '')), ''), 100),
    case when v_phone ~ '^[6-9][0-9]{9}$' then v_phone end
  )
  on conflict (id) do nothing;
  return new;
end
$$;
revoke all on function private.handle_new_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- Users who signed up before this migration get their profile too.
insert into public.profiles (id, full_name, phone)
select
  u.id,
  left(nullif(btrim(coalesce(u.raw_user_meta_data ->> 'full_name', u.raw_user_meta_data ->> 'name', '')), ''), 100),
  case
    when private.normalize_phone(coalesce(u.raw_user_meta_data ->> 'phone', u.phone)) ~ '^[6-9][0-9]{9}$'
    then private.normalize_phone(coalesce(u.raw_user_meta_data ->> 'phone', u.phone))
  end
from auth.users as u
on conflict (id) do nothing;

alter table public.profiles enable row level security;

revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (full_name, phone) on table public.profiles to authenticated;

create policy "users read their own profile, admins read all"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));

create policy "users edit their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
