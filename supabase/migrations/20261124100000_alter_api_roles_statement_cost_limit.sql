-- A planner cost limit for the API roles (issue 12: no request can stall the server).
--
-- Hosted Supabase preloads pg_plan_filter: its `plan_filter.statement_cost_limit` makes Postgres refuse
-- a statement whose planned total cost exceeds the limit, before it runs ("plan cost limit exceeded",
-- SQLSTATE 54001, which PostgREST answers with 500). PostgREST applies the impersonated role's settings
-- in each request's transaction, as it does with the statement timeouts (anon 3 s, authenticated 8 s).
-- supabase-local makes the same test itself (an EXPLAIN before the statement), which is what protects
-- PGlite: there a running statement cannot be interrupted, and it blocks the whole server.
-- Without pg_plan_filter loaded (plain PostgreSQL, PGlite) the setting is an inert placeholder.
--
-- The limits come from measured costs (EXPLAIN of the apps' own requests, as each role):
--   100,000 products, 1,000,000 orders on PostgreSQL 15 (pnpm bench:catalog):
--     storefront (anon) at most 114 (a category page), order history (customer) 402,
--     admin product list (authenticated) at most 40,665 (its last page, offset 99,975);
--     every product embedded in the categories 105,443; categories → products → categories →
--     products (the catalog repeated in every row) 213,105 and up.
--   the seed on PGlite (no statistics): storefront at most 175, admin 31, every product embedded 3,621.
-- anon: 10,000 (57 times the storefront's most expensive request); authenticated: 150,000 (3.7 times
-- the admin's most expensive one, below the first nesting that repeats the catalog).

--
-- Set for this database only (`in database`): roles are shared by every database of a PostgreSQL
-- server, and a limit meant for the store must not refuse queries in another database (CI and the
-- tests run many databases on one server). PostgREST and supabase-local read both kinds of setting.
-- Where the migration's role may not set the parameter (pg_plan_filter defines it for superusers, and
-- a hosted project's `postgres` is not one unless the platform allows it), the migration goes on with
-- a warning instead of failing the deploy: the statement timeouts still bound every request there,
-- and docs/security.md says how to check the limit is in place.
do $$
begin
  execute format('alter role anon in database %I set plan_filter.statement_cost_limit = 10000', current_database());
  execute format('alter role authenticated in database %I set plan_filter.statement_cost_limit = 150000', current_database());
exception when insufficient_privilege then
  raise warning 'plan_filter.statement_cost_limit was not set for anon and authenticated: %', sqlerrm
    using hint = 'Ask the database owner to run: alter role anon in database <db> set plan_filter.statement_cost_limit = 10000 (and 150000 for authenticated).';
end
$$;
