-- place_order plans its statements once per session (issue 22, place_order ≥ 500 orders/s).
--
-- Every statement of a checkout takes a parameter (the customer, the cart's ids, the new order's id),
-- so plpgsql's plan cache gives each one a custom plan for its first five runs and afterwards keeps
-- comparing the generic plan's cost with a custom one's. Most of the checkout's ~80 statements (its
-- own, delivery_quote's, split_gst's, and the triggers' on orders, order_items, order_events,
-- stock_movements, product_variants and products) are key lookups whose custom plan is never cheaper
-- by enough, so they were planned again on every call: `perf record` of a PostgreSQL backend running
-- place-order.pgbench.sql (one shopper, 15 s) put 22% of its samples under GetCachedPlan →
-- pg_plan_query. With plan_cache_mode = force_generic_plan in force for the call (a function's `set`
-- clause holds for everything it runs, its triggers included), each statement is planned once per
-- connection. Same statements, same rows; one shopper's checkout 8.3–9.9 → 5.5–6.9 ms, 8 shoppers
-- 198 → 241 checkouts/s in the database alone (supabase/bench/catalog/README.md).
--
-- A later `create or replace function public.place_order` must restate this setting in its own `set`
-- clauses, or it is lost (supabase/tests/db-place-order.test.ts checks it is there).

alter function public.place_order(jsonb, jsonb, public.payment_method, text, text, text, text)
  set plan_cache_mode = force_generic_plan;
