-- Staff roles and permissions kept in tables (issue 21, ADR 015). Until now every staff member was
-- "admin" (app_metadata.role in the JWT): the person answering customer mail could change prices.
-- Now:
--   staff_permissions   the catalogue of what can be allowed ('catalog.write', 'refunds.write', …)
--   role_permissions    which permissions each role has (owner has them all)
--   staff_members       who is staff, with which roles (an array: one person may be catalog + support)
-- and the database decides, reading the tables on every statement, so a revocation takes effect at
-- once (no token to wait out):
--   private.is_admin()            a live staff member with any role: every staff READ (unchanged name:
--                                 the 40 read policies keep calling it)
--   private.has_permission(p)     is_admin() and one of the caller's roles grants p
--   private.authorize(p)          has_permission(p) and the sign-in is younger than 8 hours: every
--                                 staff WRITE (Supabase's RBAC guide calls its check authorize())
--   private.require_staff() / private.require_permission(p)   the same, raising, for RPCs
--   private.require_read_permission(p)   a staff read that needs a permission (no 8-hour limit)
-- The write policies and RPCs that used is_fresh_admin() / require_admin() are rewritten below from
-- one map (table or function → permission); the migration then drops the old helpers, which fails
-- if anything still uses them, so no write is left guarded by "any staff".
--
-- Today's admins (app_metadata.role = 'admin') become owners. Staff are managed by owners through
-- admin_set_staff_roles / admin_remove_staff: nobody changes their own roles and the last owner
-- cannot be removed or demoted. Inviting someone new needs Auth's admin API, so the staff-invite
-- Edge Function does that part and then calls admin_set_staff_roles with the owner's own token.

create type public.staff_role as enum ('owner', 'catalog', 'support', 'finance', 'viewer');
comment on type public.staff_role is
  'A staff role: owner (everything), catalog, support, finance, viewer (read-only). role_permissions says what each may do.';

create table public.staff_permissions (
  permission text primary key check (permission ~ '^[a-z]+\.[a-z]+$'),
  description text not null check (length(description) between 3 and 200)
);
comment on table public.staff_permissions is 'What a staff role can be allowed to do; checked by private.authorize().';

create table public.role_permissions (
  role public.staff_role not null,
  permission text not null references public.staff_permissions (permission) on delete cascade,
  primary key (role, permission)
);
comment on table public.role_permissions is 'Which permissions each staff role grants.';
-- the foreign key's own index (the primary key leads with the role)
create index role_permissions_permission_idx on public.role_permissions (permission);

insert into public.staff_permissions (permission, description) values
  ('catalog.write', 'Edit products, variants, categories, attributes and pictures; import products'),
  ('stock.write', 'Adjust stock'),
  ('orders.write', 'Move orders through their statuses, add tracking events, resend order mails'),
  ('messages.write', 'Handle and delete contact messages'),
  ('returns.write', 'Decide, schedule, receive and close returns'),
  ('reviews.write', 'Moderate and reply to reviews'),
  ('refunds.write', 'Issue and retry refunds'),
  ('invoices.write', 'Issue credit notes'),
  ('exports.read', 'Export the GST register'),
  ('promotions.write', 'Create and change promo codes'),
  ('settings.write', 'Store settings, delivery zones, pincodes, holidays, GST business settings, tax rates, return reasons'),
  ('staff.manage', 'Invite staff, change their roles, remove them'),
  ('audit.read', 'Read the audit log');

insert into public.role_permissions (role, permission)
select 'owner'::public.staff_role, permission from public.staff_permissions
union all
select 'catalog'::public.staff_role, p from unnest(array['catalog.write', 'stock.write']) as p
union all
select 'support'::public.staff_role, p from unnest(array['orders.write', 'messages.write', 'returns.write', 'reviews.write']) as p
union all
select 'finance'::public.staff_role, p from unnest(array['refunds.write', 'invoices.write', 'exports.read']) as p;

create table public.staff_members (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$'),
  roles public.staff_role[] not null
    check (cardinality(roles) between 1 and 5 and array_position(roles, null) is null),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- who last granted or changed the roles (null when a migration or the service role did)
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.staff_members is
  'Store staff and their roles. Written only by admin_set_staff_roles / admin_remove_staff (owners) and the service role.';
create index staff_members_owner_idx on public.staff_members (user_id) where 'owner' = any (roles);
create index staff_members_updated_by_idx on public.staff_members (updated_by);

-- Today's admins become owners.
insert into public.staff_members (user_id, email, roles)
select u.id, u.email, array['owner']::public.staff_role[]
from auth.users as u
where coalesce(u.raw_app_meta_data ->> 'role', '') = 'admin' and u.email is not null and u.deleted_at is null
on conflict (user_id) do nothing;

-- ---------------------------------------------------------------------------------------------
-- The checks
-- ---------------------------------------------------------------------------------------------

-- A live staff member: a staff_members row for the caller, the JWT's session still exists (sign
-- out ends it), and the account is not banned or deleted. Policies call it as
-- `(select private.is_admin())`: one init plan per statement, three primary-key lookups.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
      select 1 from public.staff_members as m where m.user_id = (select auth.uid())
    )
    and exists (
      select 1
      from auth.sessions as s
      join auth.users as u on u.id = s.user_id
      where s.id = (
          -- A malformed session_id is no session (never a cast error).
          select case when c.sid ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            then c.sid::uuid end
          from (select (select auth.jwt()) ->> 'session_id' as sid) as c
        )
        and s.user_id = (select auth.uid())
        and (s.not_after is null or s.not_after > now())
        and (u.banned_until is null or u.banned_until <= now())
        and u.deleted_at is null
    )
$$;
comment on function private.is_admin() is
  'True when the caller is in staff_members (any role), its JWT session still exists and the account is not banned or deleted: every staff read.';

-- The spec's 8-hour staff session, from the JWT's sign-in time (amr), which refreshes keep.
create or replace function private.is_fresh_sign_in()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select max((e ->> 'timestamp')::numeric)
    from jsonb_array_elements(
      case when jsonb_typeof((select auth.jwt()) -> 'amr') = 'array' then (select auth.jwt()) -> 'amr' else '[]'::jsonb end
    ) as e
    where jsonb_typeof(e -> 'timestamp') = 'number'
  ), 0) > extract(epoch from now() - interval '8 hours')
$$;
comment on function private.is_fresh_sign_in() is
  'The JWT''s sign-in (amr timestamp) is younger than 8 hours. A token without a readable amr is never fresh.';

create or replace function private.has_permission(permission text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_admin() and exists (
    select 1
    from public.staff_members as m
    join public.role_permissions as rp on rp.role = any (m.roles)
    where m.user_id = (select auth.uid()) and rp.permission = has_permission.permission
  )
$$;
comment on function private.has_permission(text) is
  'is_admin() and one of the caller''s roles grants the permission (reads that need more than "any staff").';

create or replace function private.authorize(permission text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_permission(authorize.permission) and private.is_fresh_sign_in()
$$;
comment on function private.authorize(text) is
  'has_permission() and a sign-in younger than 8 hours: required for every staff write.';

create or replace function private.require_staff()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only store staff can do this.' using errcode = '42501', detail = 'not_admin';
  end if;
end
$$;

create or replace function private.require_permission(permission text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if not private.is_fresh_sign_in() then
    raise exception 'Your admin session has expired. Please sign in again.'
      using errcode = '42501', detail = 'admin_session_expired';
  end if;
  if not private.has_permission(require_permission.permission) then
    raise exception 'Your staff role does not allow this.'
      using errcode = '42501', detail = 'missing_permission',
            hint = format('It needs the %s permission; an owner can change your roles.', require_permission.permission);
  end if;
end
$$;

-- A staff READ that needs a permission (the GST register: exports.read). Reads keep the rule of
-- every staff read: no 8-hour limit (that is for writes), like has_permission() in the policies.
create or replace function private.require_read_permission(permission text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if not private.has_permission(require_read_permission.permission) then
    raise exception 'Your staff role does not allow this.'
      using errcode = '42501', detail = 'missing_permission',
            hint = format('It needs the %s permission; an owner can change your roles.', require_read_permission.permission);
  end if;
end
$$;

revoke all on function private.is_admin(), private.is_fresh_sign_in(), private.has_permission(text),
  private.authorize(text), private.require_staff(), private.require_permission(text),
  private.require_read_permission(text) from public;
grant execute on function private.is_admin(), private.is_fresh_sign_in(), private.has_permission(text),
  private.authorize(text) to authenticated, service_role;
grant execute on function private.require_staff(), private.require_permission(text),
  private.require_read_permission(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Every write guarded by "any fresh admin" now names its permission
-- ---------------------------------------------------------------------------------------------

do $$
declare
  policy_permission constant jsonb := jsonb_build_object(
    'public.products', 'catalog.write', 'public.product_variants', 'catalog.write',
    'public.product_options', 'catalog.write', 'public.product_option_values', 'catalog.write',
    'public.variant_option_values', 'catalog.write', 'public.categories', 'catalog.write',
    'public.attributes', 'catalog.write', 'public.attribute_values', 'catalog.write',
    'public.category_attributes', 'catalog.write', 'public.product_attribute_values', 'catalog.write',
    'storage.objects', 'catalog.write', -- the product-images bucket's write policies
    'public.contact_messages', 'messages.write',
    'public.reviews', 'reviews.write',
    'public.promo_codes', 'promotions.write',
    'public.store_settings', 'settings.write', 'public.delivery_zones', 'settings.write',
    'public.delivery_holidays', 'settings.write', 'public.tax_rates', 'settings.write',
    'public.return_reasons', 'settings.write'
  );
  function_permission constant jsonb := jsonb_build_object(
    'public.admin_set_order_status', 'orders.write', 'public.admin_add_order_event', 'orders.write',
    'public.admin_resend_notification', 'orders.write',
    'public.admin_adjust_stock', 'stock.write',
    'public.admin_generate_variants', 'catalog.write', 'public.admin_set_product_options', 'catalog.write',
    'public.admin_set_product_attributes', 'catalog.write',
    'public.admin_create_refund', 'refunds.write', 'public.admin_retry_refund', 'refunds.write',
    'public.admin_issue_credit_note', 'invoices.write',
    'public.admin_load_pincodes', 'settings.write', 'public.admin_assign_pincodes', 'settings.write',
    'private.lock_return_for', 'returns.write', -- every admin return step but the refund
    'public.admin_gst_register', 'exports.read'
  );
  p record;
  f record;
  perm text;
  using_sql text;
  check_sql text;
  definition text;
begin
  for p in
    select schemaname, tablename, policyname, qual, with_check
    from pg_policies
    where coalesce(qual, '') || coalesce(with_check, '') like '%is_fresh_admin()%'
  loop
    perm := policy_permission ->> (p.schemaname || '.' || p.tablename);
    if perm is null then
      raise exception 'No permission mapped for policy "%" on %.%', p.policyname, p.schemaname, p.tablename;
    end if;
    using_sql := replace(replace(p.qual, 'private.is_fresh_admin()', format('private.authorize(%L::text)', perm)),
                         'AS is_fresh_admin)', 'AS authorize)');
    check_sql := replace(replace(p.with_check, 'private.is_fresh_admin()', format('private.authorize(%L::text)', perm)),
                         'AS is_fresh_admin)', 'AS authorize)');
    execute format('alter policy %I on %I.%I', p.policyname, p.schemaname, p.tablename)
      || coalesce(' using (' || using_sql || ')', '')
      || coalesce(' with check (' || check_sql || ')', '');
    execute format('alter policy %I on %I.%I rename to %I', p.policyname, p.schemaname, p.tablename,
                   left(replace(p.policyname, 'fresh admins ', 'staff with ' || perm || ' '), 63));
  end loop;

  for f in
    select pr.oid, n.nspname || '.' || pr.proname as name, pr.prosrc
    from pg_proc as pr
    join pg_namespace as n on n.oid = pr.pronamespace
    where n.nspname in ('public', 'private')
      and pr.proname not in ('require_admin', 'is_fresh_admin')
      and (pr.prosrc like '%require_admin(%' or pr.prosrc like '%is_fresh_admin()%')
  loop
    perm := function_permission ->> f.name;
    if perm is null and (f.prosrc like '%require_admin(true)%' or f.prosrc like '%is_fresh_admin()%') then
      raise exception 'No permission mapped for %, which writes as staff', f.name;
    end if;
    definition := pg_get_functiondef(f.oid);
    definition := replace(definition, 'private.require_admin(true)', format('private.require_permission(%L)', perm));
    definition := replace(definition, 'private.is_fresh_admin()', format('private.authorize(%L)', perm));
    -- A staff read that also needs a permission (the GST register) checks it, without the 8-hour
    -- limit of writes; the others any staff.
    definition := replace(definition, 'private.require_admin(false)',
                          case when perm is null then 'private.require_staff()'
                               else format('private.require_read_permission(%L)', perm) end);
    execute definition;
  end loop;
end
$$;

-- Nothing may still use the old helpers: dropping is_fresh_admin fails while a policy does, and
-- function bodies are checked by hand (plpgsql bodies are not dependencies).
do $$
declare
  left_over text;
begin
  select string_agg(n.nspname || '.' || p.proname, ', ') into left_over
  from pg_proc as p join pg_namespace as n on n.oid = p.pronamespace
  where p.proname not in ('require_admin', 'is_fresh_admin')
    and (p.prosrc like '%require_admin(%' or p.prosrc like '%is_fresh_admin()%');
  if left_over is not null then
    raise exception 'Still using the old staff checks: %', left_over;
  end if;
end
$$;
drop function private.require_admin(boolean);
drop function private.is_fresh_admin();

-- ---------------------------------------------------------------------------------------------
-- Reading and managing staff
-- ---------------------------------------------------------------------------------------------

alter table public.staff_permissions enable row level security;
alter table public.role_permissions enable row level security;
alter table public.staff_members enable row level security;

create policy "staff read the permission catalogue" on public.staff_permissions
  for select to authenticated using ((select private.is_admin()));
create policy "staff read what each role may do" on public.role_permissions
  for select to authenticated using ((select private.is_admin()));
create policy "staff read their own row, staff managers all" on public.staff_members
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.has_permission('staff.manage')));

revoke all on table public.staff_permissions, public.role_permissions, public.staff_members from anon, authenticated;
grant select on table public.staff_permissions, public.role_permissions, public.staff_members to authenticated;
grant all on table public.staff_permissions, public.role_permissions, public.staff_members to service_role;

-- What the admin shows: the caller's roles and permissions (react-admin's getPermissions /
-- canAccess). Null for anyone who is not live staff. The database checks again on every write.
create or replace function public.staff_access()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when private.is_admin() then (
    select jsonb_build_object(
      'user_id', m.user_id,
      'email', m.email,
      'roles', to_jsonb(m.roles),
      'permissions', coalesce((
        select jsonb_agg(distinct rp.permission order by rp.permission)
        from public.role_permissions as rp where rp.role = any (m.roles)
      ), '[]'::jsonb)
    )
    from public.staff_members as m where m.user_id = (select auth.uid())
  ) end
$$;
comment on function public.staff_access() is
  'The caller''s staff roles and permissions, or null when the caller is not live staff. For the admin''s UI; the database decides every write itself.';
revoke all on function public.staff_access() from public, anon;
grant execute on function public.staff_access() to authenticated;

-- Grant or change a staff member's roles (owners: staff.manage). The account must exist (the
-- staff-invite function creates it first). Nobody changes their own roles, and the store always
-- keeps an owner: the owners' rows are locked first, so two owners demoting each other at the same
-- moment cannot both succeed.
create or replace function public.admin_set_staff_roles(user_id uuid, roles public.staff_role[])
returns public.staff_members
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_roles public.staff_role[];
  v_row public.staff_members;
begin
  perform private.require_permission('staff.manage');
  if admin_set_staff_roles.user_id = (select auth.uid()) then
    raise exception 'You cannot change your own roles. Ask another owner.'
      using errcode = '42501', detail = 'own_roles';
  end if;
  select coalesce(array_agg(distinct r order by r), '{}') into v_roles
  from unnest(admin_set_staff_roles.roles) as r where r is not null;
  if cardinality(v_roles) = 0 then
    raise exception 'Choose at least one role, or remove the staff member instead.'
      using errcode = '22023', detail = 'no_roles';
  end if;
  select u.email into v_email
  from auth.users as u
  where u.id = admin_set_staff_roles.user_id and u.deleted_at is null;
  if v_email is null then
    raise exception 'There is no account with that id.' using errcode = 'P0002', detail = 'no_account';
  end if;

  perform 1 from public.staff_members as m where 'owner' = any (m.roles) order by m.user_id for update;
  if not ('owner' = any (v_roles)) and exists (
    select 1 from public.staff_members as m
    where m.user_id = admin_set_staff_roles.user_id and 'owner' = any (m.roles)
  ) and not exists (
    select 1 from public.staff_members as m
    where m.user_id <> admin_set_staff_roles.user_id and 'owner' = any (m.roles)
  ) then
    raise exception 'The store needs at least one owner.' using errcode = '23514', detail = 'last_owner';
  end if;

  insert into public.staff_members as m (user_id, email, roles, updated_by)
  values (admin_set_staff_roles.user_id, v_email, v_roles, (select auth.uid()))
  on conflict on constraint staff_members_pkey do update
    set roles = excluded.roles, email = excluded.email, updated_at = now(), updated_by = excluded.updated_by
  returning m.* into v_row;
  return v_row;
end
$$;
comment on function public.admin_set_staff_roles(uuid, public.staff_role[]) is
  'Owners grant or change a staff member''s roles; never their own; the last owner stays an owner.';

create or replace function public.admin_remove_staff(user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_permission('staff.manage');
  if admin_remove_staff.user_id = (select auth.uid()) then
    raise exception 'You cannot remove yourself. Ask another owner.'
      using errcode = '42501', detail = 'own_roles';
  end if;
  perform 1 from public.staff_members as m where 'owner' = any (m.roles) order by m.user_id for update;
  if exists (
    select 1 from public.staff_members as m
    where m.user_id = admin_remove_staff.user_id and 'owner' = any (m.roles)
  ) and not exists (
    select 1 from public.staff_members as m
    where m.user_id <> admin_remove_staff.user_id and 'owner' = any (m.roles)
  ) then
    raise exception 'The store needs at least one owner.' using errcode = '23514', detail = 'last_owner';
  end if;
  delete from public.staff_members as m where m.user_id = admin_remove_staff.user_id;
  if not found then
    raise exception 'That person is not staff.' using errcode = 'P0002', detail = 'not_staff';
  end if;
end
$$;
comment on function public.admin_remove_staff(uuid) is
  'Owners remove a staff member (their access ends with their next request); never themselves, never the last owner.';

revoke all on function public.admin_set_staff_roles(uuid, public.staff_role[]), public.admin_remove_staff(uuid) from public, anon;
grant execute on function public.admin_set_staff_roles(uuid, public.staff_role[]), public.admin_remove_staff(uuid) to authenticated;
