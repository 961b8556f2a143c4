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

alter role anon set plan_filter.statement_cost_limit = 10000;
alter role authenticated set plan_filter.statement_cost_limit = 150000;
