-- Extensions live in their own schema, as on Supabase, and the API roles may use them.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- Installed by default on every Supabase database. Skipped (with a notice) where the server does
-- not ship them (a PostgreSQL without its contrib package); PGlite ships both.
-- pg_trgm is deliberately NOT created here: hosted Supabase does not enable it by default, so a
-- migration that needs it must say `create extension if not exists pg_trgm with schema extensions`
-- (it is available on PGlite and on PostgreSQL with contrib).
do $$
declare
  ext text;
begin
  foreach ext in array array['uuid-ossp', 'pgcrypto'] loop
    if exists (select from pg_catalog.pg_available_extensions where name = ext) then
      execute format('create extension if not exists %I with schema extensions', ext);
    else
      raise notice 'extension % is not available on this server: skipped', ext;
    end if;
  end loop;
end $$;

-- Supabase's grants on public: the API roles may use the schema, and whatever the migration role
-- creates there is granted to them by default (RLS, not grants, is what protects rows; migrations
-- revoke and grant back the minimum where they want to).
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
