-- The audit log (issue 21, ADR 015): every staff write to the store's records leaves a row saying
-- when, who (user id, e-mail and roles at the time), what (table, record, action) and the old and new
-- values. One generic row trigger writes it, attached below to each audited table; RPC writes are
-- caught by the same triggers because they run as the staff member (auth.uid() is the caller). A
-- write by anyone who is not staff — a shopper's order, the service role's webhooks and schedules —
-- is not a staff write and leaves no row.
--
-- Append-only for every role, owners included: nobody is granted INSERT, UPDATE, DELETE or TRUNCATE
-- (only the trigger's security definer function inserts), and a trigger refuses UPDATE, DELETE and
-- TRUNCATE even to the table's owner, in replication mode too.

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default clock_timestamp(),
  actor_id uuid not null,
  actor_email text not null,
  actor_roles public.staff_role[] not null,
  table_name text not null,
  -- the record as the admin names it (its id; a product's for its attribute tags)
  record_id text not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  -- insert: new row; delete: old row; update: only the columns that changed, before and after
  old_values jsonb,
  new_values jsonb
);
comment on table public.audit_log is
  'Who changed what and when: one row per staff write to an audited table. Append-only for every role.';
create index audit_log_at_idx on public.audit_log (at desc);
create index audit_log_record_idx on public.audit_log (table_name, record_id, at desc);
create index audit_log_actor_idx on public.audit_log (actor_id, at desc);

-- The generic trigger. TG_ARGV[0]: the column naming the record (default id); the others: columns
-- left out of the values (caches, search vectors, touch times). An update that changes only those
-- leaves no row.
create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_staff public.staff_members;
  v_old jsonb;
  v_new jsonb;
  v_key text := coalesce(tg_argv[0], 'id');
  v_skip text[] := coalesce(tg_argv[1:], '{}');
  v_changed text[];
begin
  if v_uid is null then
    return null;
  end if;
  select * into v_staff from public.staff_members as m where m.user_id = v_uid;
  if not found then
    return null;
  end if;

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
comment on function private.audit_row() is
  'AFTER row trigger: records a staff member''s insert, update or delete in audit_log. Args: record column, then columns to leave out.';
revoke all on function private.audit_row() from public, anon, authenticated;

create or replace function private.audit_log_is_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit log is append-only.' using errcode = '42501', detail = 'audit_append_only';
end
$$;
revoke all on function private.audit_log_is_append_only() from public, anon, authenticated;

create trigger audit_log_no_update_or_delete before update or delete on public.audit_log
  for each row execute function private.audit_log_is_append_only();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.audit_log_is_append_only();
-- Also in replication mode: session_replication_role = replica (restores, bulk fixes, the tests'
-- backdating) skips ordinary triggers, and would otherwise let the table's owner rewrite history.
alter table public.audit_log enable always trigger audit_log_no_update_or_delete;
alter table public.audit_log enable always trigger audit_log_no_truncate;

alter table public.audit_log enable row level security;
create policy "staff with audit.read read the audit log" on public.audit_log
  for select to authenticated using ((select private.has_permission('audit.read')));
revoke all on table public.audit_log from anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;

-- The audited tables. Record column first, then what to leave out.
create trigger audit_products after insert or update or delete on public.products
  for each row execute function private.audit_row('id', 'updated_at', 'search_vector', 'attribute_value_ids', 'rating', 'review_count');
create trigger audit_product_variants after insert or update or delete on public.product_variants
  for each row execute function private.audit_row('id', 'updated_at');
create trigger audit_product_options after insert or update or delete on public.product_options
  for each row execute function private.audit_row('id');
create trigger audit_product_option_values after insert or update or delete on public.product_option_values
  for each row execute function private.audit_row('id');
create trigger audit_product_attribute_values after insert or delete on public.product_attribute_values
  for each row execute function private.audit_row('product_id');
create trigger audit_categories after insert or update or delete on public.categories
  for each row execute function private.audit_row('id', 'updated_at');
create trigger audit_attributes after insert or update or delete on public.attributes
  for each row execute function private.audit_row('id');
create trigger audit_attribute_values after insert or update or delete on public.attribute_values
  for each row execute function private.audit_row('id');
create trigger audit_stock_movements after insert on public.stock_movements
  for each row execute function private.audit_row('id');
create trigger audit_orders after insert or update or delete on public.orders
  for each row execute function private.audit_row('id', 'updated_at');
create trigger audit_order_events after insert or update or delete on public.order_events
  for each row execute function private.audit_row('order_id');
create trigger audit_promo_codes after insert or update or delete on public.promo_codes
  for each row execute function private.audit_row('id', 'updated_at');
create trigger audit_store_settings after insert or update or delete on public.store_settings
  for each row execute function private.audit_row('id', 'updated_at');
create trigger audit_delivery_zones after insert or update or delete on public.delivery_zones
  for each row execute function private.audit_row('id', 'updated_at');
create trigger audit_delivery_holidays after insert or update or delete on public.delivery_holidays
  for each row execute function private.audit_row('day');
create trigger audit_tax_rates after insert or update or delete on public.tax_rates
  for each row execute function private.audit_row('id');
create trigger audit_reviews after insert or update or delete on public.reviews
  for each row execute function private.audit_row('id', 'updated_at');
create trigger audit_returns after insert or update or delete on public.returns
  for each row execute function private.audit_row('id', 'updated_at');
create trigger audit_return_reasons after insert or update or delete on public.return_reasons
  for each row execute function private.audit_row('code');
create trigger audit_refunds after insert or update or delete on public.refunds
  for each row execute function private.audit_row('id', 'updated_at');
create trigger audit_credit_notes after insert or update or delete on public.credit_notes
  for each row execute function private.audit_row('id');
create trigger audit_contact_messages after update or delete on public.contact_messages
  for each row execute function private.audit_row('id');
create trigger audit_staff_members after insert or update or delete on public.staff_members
  for each row execute function private.audit_row('user_id', 'updated_at');
