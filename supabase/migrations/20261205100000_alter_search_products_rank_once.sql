-- search_products ranks once per call (issue 22).
--
-- Its query was `unnest(private.search_product_ids(search, max_results, v_all)) ... join products`.
-- In a custom plan the arguments are constants, and unnest's row estimate (array_unnest_support)
-- evaluates its argument at plan time "with estimated argument values": the planner ran the whole
-- ranking to count the ids, then the executor ran it again. plpgsql keeps custom plans while they
-- look cheaper than the generic one, which a small max_results does: the search box (5 results) paid
-- the ranking twice on every call. `pnpm bench:catalog` database, pgbench as anon, 6 s each:
-- search_products('sofa', 5) 11.0 ms vs ('sofa', 100) 5.9 ms (a generic plan, one ranking);
-- auto_explain showed search_product_ids' queries twice in one call.
--
-- Now the ids are a variable first, and the query reads the variable: the planner sees a value,
-- never the call. Same rows, same order, same arguments and grants.

create or replace function public.search_products(search text, max_results integer default 20)
returns setof public.products
language plpgsql
stable
security invoker
set search_path = ''
-- the rows by primary key (as before)
set enable_seqscan = off
as $$
declare
  -- Does the caller read inactive products too (the products policies: staff; the service role
  -- bypasses RLS)? Only then may they take candidate places.
  v_all boolean := current_user not in ('anon', 'authenticated');
  v_ids bigint[];
begin
  if current_user = 'authenticated' then
    v_all := coalesce(private.is_admin(), false);
  end if;
  -- The ids come from the indexes (private.search_product_ids, as its owner), ranked once here;
  -- the rows are read as the caller, so the products policies still decide what is returned.
  v_ids := private.search_product_ids(search_products.search, search_products.max_results, v_all);
  return query
    select p.*
    from unnest(v_ids) with ordinality as b (id, n)
    join public.products as p on p.id = b.id
    order by b.n;
end
$$;
