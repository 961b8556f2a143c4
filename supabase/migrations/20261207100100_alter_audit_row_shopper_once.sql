-- Two per-row costs of a checkout that decide nothing (issue 22, target 4: place_order ≥ 500 orders/s).
--
-- - private.audit_row() looked the caller up in staff_members on every audited write. A shopper's
--   checkout makes ~6 of them (the order, its events, the ledger rows, the variants), and a shopper is
--   never staff: the first lookup that finds no staff member now says so for the rest of the
--   transaction (furnicraft.audit_not_staff = the caller's id, transaction-local), and the trigger's
--   arguments are read only for a staff member's write. A change to staff_members clears it, so a
--   transaction that makes someone staff audits their next writes.
-- - stock_movements.actor defaulted to auth.uid(): Supabase's definition is a `language sql` function
--   with `set search_path = ''`, never inlined, so each ledger row called it (~30 µs, its search_path
--   set and restored around the call). The default is now its expression (as 20261203100200 did in
--   audit_row): the same value, evaluated as part of the insert.
-- Same results and grants (create or replace keeps the grants).

create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- auth.uid()'s own expression (supabase-local/src/bootstrap/sql/003_auth.sql, as Supabase's)
  v_uid uuid := coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid;
  v_staff public.staff_members;
  v_old jsonb;
  v_new jsonb;
  v_key text;
  v_skip text[];
  v_changed text[];
  v_flag text;
begin
  if v_uid is null or current_setting('furnicraft.audit_not_staff', true) = v_uid::text then
    return null;
  end if;
  select * into v_staff from public.staff_members as m where m.user_id = v_uid;
  if not found then
    v_flag := set_config('furnicraft.audit_not_staff', v_uid::text, true);
    return null;
  end if;
  v_key := coalesce(tg_argv[0], 'id');
  v_skip := coalesce(tg_argv[1:], '{}');

  if tg_op in ('UPDATE', 'DELETE') then
    v_old := to_jsonb(old) - v_skip;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    v_new := to_jsonb(new) - v_skip;
  end if;
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(n.key), '{}') into v_changed
    from jsonb_each(v_new) as n
    where n.value is distinct from v_old -> n.key;
    if cardinality(v_changed) = 0 then
      return null;
    end if;
    select jsonb_object_agg(o.key, o.value) into v_old from jsonb_each(v_old) as o where o.key = any (v_changed);
    select jsonb_object_agg(n.key, n.value) into v_new from jsonb_each(v_new) as n where n.key = any (v_changed);
  end if;

  insert into public.audit_log (actor_id, actor_email, actor_roles, table_name, record_id, action, old_values, new_values)
  values (
    v_uid, v_staff.email, v_staff.roles, tg_table_name,
    coalesce(to_jsonb(new) ->> v_key, to_jsonb(old) ->> v_key),
    lower(tg_op), v_old, v_new
  );
  return null;
end
$$;

-- Someone made staff (or no longer staff) in a transaction: audit_row looks them up again.
create or replace function private.staff_members_forget_audit_flag()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_flag text;
begin
  v_flag := set_config('furnicraft.audit_not_staff', '', true);
  return null;
end
$$;
revoke all on function private.staff_members_forget_audit_flag() from public, anon, authenticated;

create trigger staff_members_forget_audit_flag
  after insert or update or delete on public.staff_members
  for each statement execute function private.staff_members_forget_audit_flag();

alter table public.stock_movements
  alter column actor set default (coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid);
