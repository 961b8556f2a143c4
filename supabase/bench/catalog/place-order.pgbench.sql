-- place_order in the database alone (issue 22), the REST bench's checkouts without the REST engine:
-- the same 8 shoppers (customer 3 + 7 × client id; customer 2, the bench's owner, is left out: the
-- audit log records a staff member's writes, a shopper's are not audited), 1–3 of the
-- variants run.ts stocked (a receipt of 1,000,000 each), COD, as `authenticated` with the claims.
-- On a database kept by `pnpm bench:catalog --keep` (after one place_order run), once:
--   create schema if not exists pgb;
--   create table pgb.cheap as select (row_number() over (order by id) - 1)::int as i, id
--     from public.product_variants where stock_quantity >= 1000000;
--   create unique index on pgb.cheap (i); analyze pgb.cheap;
-- then: flock /tmp/heavy.lock pgbench -h 127.0.0.1 -U postgres -n -f supabase/bench/catalog/place-order.pgbench.sql -c 8 -j 2 -T 20 bench_catalog_<pid>
-- (with PGOPTIONS='-c track_functions=all', pg_stat_user_functions gives each function's share).
\set n random(1, 2000000000)
\set u 3 + :client_id * 7
select jsonb_agg(jsonb_build_object('variant_id', c.id, 'quantity', 1) order by k)::text as items
from generate_series(0, :n % 3) as k
join pgb.cheap as c on c.i = (:n::bigint * 7 + k * 131) % (select count(*) from pgb.cheap) \gset
begin;
set local role authenticated;
select set_config('request.jwt.claims', json_build_object('sub', md5('bench-user-' || :u)::uuid, 'role', 'authenticated', 'aud', 'authenticated')::text, true);
select (public.place_order(':items'::jsonb, json_build_object('fullName', 'Customer ' || :u, 'email', 'customer' || :u || '@example.com', 'phone', '9876543210', 'address', '12 MG Road', 'city', 'Jodhpur', 'state', 'Rajasthan', 'pincode', '342001')::jsonb, 'cod', null, 'pgb-' || :client_id || '-' || :n)).order_number;
commit;
