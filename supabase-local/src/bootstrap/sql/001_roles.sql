-- The API roles every Supabase database has (supabase/postgres init scripts), before any migration.
--   anon           requests without a user JWT (the anon key)
--   authenticated  requests with a signed-in user's JWT
--   service_role   the service key: bypasses RLS
--   authenticator  the role PostgREST logs in as and switches from (noinherit: it gets nothing by itself)
-- Roles are cluster-wide on PostgreSQL, so several databases on one server (tests run one scratch
-- database each, maybe at once) share them: create each only when missing and tolerate a creator
-- that won the race. The runner retries the whole step if a concurrent GRANT collides.
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit')
    ) as t(name, options)
  loop
    if not exists (select from pg_catalog.pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.options);
      exception when duplicate_object or unique_violation then
        null; -- created meanwhile by another database's bootstrap
      end;
    end if;
  end loop;
end $$;

grant anon, authenticated, service_role to authenticator;

-- Hosted Supabase's statement timeouts for the API roles (PostgREST applies role settings per request).
do $$
begin
  if not exists (
    select from pg_catalog.pg_db_role_setting s join pg_catalog.pg_roles r on r.oid = s.setrole
    where r.rolname = 'anon' and s.setdatabase = 0
  ) then
    alter role anon set statement_timeout = '3s';
  end if;
  if not exists (
    select from pg_catalog.pg_db_role_setting s join pg_catalog.pg_roles r on r.oid = s.setrole
    where r.rolname = 'authenticated' and s.setdatabase = 0
  ) then
    alter role authenticated set statement_timeout = '8s';
  end if;
end $$;

-- The role that runs migrations must be able to `set role` to the API roles (pgTAP-style tests,
-- security definer helpers). A superuser already can; anyone else needs the membership.
do $$
begin
  if not (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
exception when others then
  raise warning 'could not grant the API roles to %: %', current_user, sqlerrm;
end $$;
