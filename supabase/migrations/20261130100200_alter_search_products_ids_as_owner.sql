-- search_products on the indexes again for visitors and customers (issue 22).
--
-- Since products.is_active (20261129100500) the products policies filter every read: visitors
-- `is_active`, signed-in users `is_active or is_admin()`. Under RLS a condition of the query may run
-- before the policy's only when it is leakproof, and the full-text match (`@@`), trigram similarity
-- and ilike are not: search_products' candidate scans, which run as the caller, could no longer use
-- products_name_tsv_idx or products_search_vector_idx and (with enable_seqscan off) read every
-- product. `pnpm bench:catalog` (supabase/bench/catalog/README.md, issue 22): the search page
-- 126–185 ms p50 at 100,000 products, 4 ms before issue 21, the function's own query 5 ms as the owner.
--
-- The ranking now runs as its owner in private.search_product_ids (the same queries as
-- 20261122102500, each kept to active products unless the caller reads inactive ones too), and
-- search_products reads the rows of those ids as the caller, so RLS still decides what is returned;
-- the flag only keeps inactive products from taking a visitor's candidate places. Same answer, same
-- order, same arguments and grants.

create or replace function private.search_product_ids(search text, max_results integer, include_inactive boolean)
returns bigint[]
language plpgsql
stable
security definer
set search_path = ''
-- Plan each search for its own words, and from the indexes only (see 20261122102300).
set plan_cache_mode = force_custom_plan
set enable_seqscan = off
as $$
declare
  -- Only [a-z0-9] and ':*', so safe inside to_tsquery.
  words text[] := private.search_query_words(search);
  phrase text := btrim(left(coalesce(search, ''), 200));
  limit_rows integer := least(greatest(coalesce(max_results, 20), 1), 100);
  -- Matches ranked at most, per kind of match.
  candidates constant integer := 200;
  all_words tsquery;
  any_word tsquery;
  in_name integer;
  best bigint[];
begin
  if cardinality(words) = 0 then
    return '{}';
  end if;
  all_words := to_tsquery('english'::regconfig, array_to_string(words, ' & '));
  select array_agg(c.id order by c.rank desc, c.closeness desc, c.id), count(*)
  into best, in_name
  from (
    select p.id, ts_rank(p.search_vector, all_words) as rank, extensions.word_similarity(phrase, p.name) as closeness
    from public.products as p
    where (include_inactive or p.is_active) and to_tsvector('english'::regconfig, p.name) @@ all_words
    limit candidates
  ) as c;
  best := coalesce(best, '{}');
  if in_name < limit_rows then
    -- Too few names have every word: then those with every word anywhere (material, colour, description).
    best := best || array(
      select c.id
      from (
        select p.id, ts_rank(p.search_vector, all_words) as rank, extensions.word_similarity(phrase, p.name) as closeness
        from public.products as p
        where (include_inactive or p.is_active) and p.search_vector @@ all_words and p.id <> all (best)
        limit candidates
      ) as c
      order by c.rank desc, c.closeness desc, c.id
    );
  end if;
  if cardinality(best) = 0 and cardinality(words) > 1 then
    -- No product has every word: rank those having any of them.
    any_word := to_tsquery('english'::regconfig, array_to_string(words, ' | '));
    best := array(
      select c.id
      from (
        select p.id, ts_rank(p.search_vector, any_word) as rank
        from public.products as p
        where (include_inactive or p.is_active) and p.search_vector @@ any_word
        limit candidates
      ) as c
      order by c.rank desc, c.id
    );
  end if;
  if cardinality(best) = 0 then
    -- No word matches: names that look like the search (pg_trgm word similarity).
    best := array(
      select c.id
      from (
        select p.id, extensions.word_similarity(phrase, p.name) as closeness
        from public.products as p
        where (include_inactive or p.is_active) and phrase operator(extensions.<%) p.name
        limit candidates
      ) as c
      order by c.closeness desc, c.id
    );
  end if;
  return best[1:limit_rows];
end
$$;

comment on function private.search_product_ids(text, integer, boolean) is
  'search_products'' ranking from the indexes, as the owner: at most max_results product ids, best first (active ones unless include_inactive).';
revoke all on function private.search_product_ids(text, integer, boolean) from public, anon, authenticated;
grant execute on function private.search_product_ids(text, integer, boolean) to anon, authenticated, service_role;

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
begin
  if current_user = 'authenticated' then
    v_all := coalesce(private.is_admin(), false);
  end if;
  -- The ids come from the indexes (private.search_product_ids, as its owner); the rows are read
  -- here, as the caller, so the products policies still decide what is returned.
  return query
    select p.*
    from unnest(private.search_product_ids(search_products.search, search_products.max_results, v_all))
      with ordinality as b (id, n)
    join public.products as p on p.id = b.id
    order by b.n;
end
$$;
