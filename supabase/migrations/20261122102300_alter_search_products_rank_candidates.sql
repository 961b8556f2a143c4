-- search_products ranks a bounded set of candidates instead of every match.
--
-- `pnpm bench:catalog` (100,000 products): "sofa" matches ~14,000 products, and search_products ranked
-- all of them (ts_rank, word_similarity) before taking 5 or 40: 150–550 ms per search. Now it takes at
-- most 200 products whose name has every word (a new index on the name's own tsvector), and only when
-- those are fewer than asked for, at most 200 more with every word anywhere (material, colour,
-- description); it ranks those: names first, then by rank, closeness of the name and id. A narrow
-- search ranks every match as before; a broad one ranks a sample of equally good matches, which the
-- shopper cannot tell apart. The fuzzy name match (pg_trgm) is now the last resort, when no word
-- matches, instead of a second condition on every search.

create index products_name_tsv_idx on public.products using gin (to_tsvector('english'::regconfig, name));

create or replace function public.search_products(search text, max_results integer default 20)
returns setof public.products
language plpgsql
stable
security invoker
set search_path = ''
-- Plan each search for its own words, and from the indexes only: with a limit, the planner would
-- otherwise read the table from the start hoping to meet enough matches early, which costs a scan
-- of the whole table when they are few or sit at its end (measured: 190 ms for "recliner").
set plan_cache_mode = force_custom_plan
set enable_seqscan = off
as $$
declare
  terms text[] := private.search_terms(search);
  phrase text := btrim(left(coalesce(search, ''), 200));
  limit_rows integer := least(greatest(coalesce(max_results, 20), 1), 100);
  -- Matches ranked at most, per kind of match.
  candidates constant integer := 200;
  all_words tsquery;
  any_word tsquery;
  in_name bigint[];
  elsewhere bigint[] := '{}';
begin
  if cardinality(terms) = 0 then
    return;
  end if;
  -- Terms hold only [a-z0-9], so they are safe inside to_tsquery; each is a prefix match (the
  -- shopper may still be typing).
  all_words := to_tsquery('english'::regconfig, array_to_string(array(select t || ':*' from unnest(terms) as t), ' & '));
  in_name := array(
    select p.id from public.products as p
    where to_tsvector('english'::regconfig, p.name) @@ all_words
    limit candidates
  );
  if cardinality(in_name) < limit_rows then
    elsewhere := array(
      select p.id from public.products as p
      where p.search_vector @@ all_words and p.id <> all (in_name)
      limit candidates
    );
  end if;
  return query
    select p.*
    from (
      select unnest(in_name) as id, 0 as tier
      union all
      select unnest(elsewhere), 1
    ) as h
    join public.products as p on p.id = h.id
    order by h.tier, ts_rank(p.search_vector, all_words) desc, extensions.word_similarity(phrase, p.name) desc, p.id
    limit limit_rows;
  if found then
    return;
  end if;
  if cardinality(terms) > 1 then
    -- No product has every word: rank those having any of them.
    any_word := to_tsquery('english'::regconfig, array_to_string(array(select t || ':*' from unnest(terms) as t), ' | '));
    return query
      select p.*
      from (select c.id from public.products as c where c.search_vector @@ any_word limit candidates) as h
      join public.products as p on p.id = h.id
      order by ts_rank(p.search_vector, any_word) desc, p.id
      limit limit_rows;
    if found then
      return;
    end if;
  end if;
  -- No word matches: names that look like the search (pg_trgm word similarity).
  return query
    select p.*
    from (select c.id from public.products as c where phrase operator(extensions.<%) c.name limit candidates) as h
    join public.products as p on p.id = h.id
    order by extensions.word_similarity(phrase, p.name) desc, p.id
    limit limit_rows;
end
$$;
comment on function public.search_products(text, integer) is
  'Typo-tolerant product search (full text, then trigram), best matches first among at most 400 candidates; RLS applies (security invoker).';
