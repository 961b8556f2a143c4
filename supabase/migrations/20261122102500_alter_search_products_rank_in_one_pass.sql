-- search_products ranks its candidates as it finds them, and looks up whole words exactly.
--
-- `pnpm bench:catalog` (100,000 products): the search page ("sofaa", 40 rows) took p50 7 ms, p99 15–20 ms
-- over REST against a 15 ms target. Inside the function (pgbench, 3.0 ms for "sofaa", 4.8 ms for "teak
-- sofa"): the candidates' ids were collected, then joined back to products to be ranked, then joined
-- again for the rows returned; and every word was a prefix match, which makes the GIN index gather
-- every entry starting with it ("sofa:*": 14,500 products) even when the word is complete.
--
-- Now:
-- - Each kind of candidate is ranked in the same scan that finds it (ts_rank, word_similarity), and
--   only the ids of the best `max_results` are joined back for the rows returned.
-- - A word the shopper has finished is an exact (stemmed) match: one that typo correction replaced
--   with a catalog word, or, except for the last word, one that is itself a catalog word. The last
--   word as typed stays a prefix match (the shopper may still be typing "wardrob").
-- On the bench catalog the same 40 results in the same order for "sofaa", "teak sofa", "wardrob",
-- "sheesham bed", "recliner" and "teak unicornwood"; "chiar" ranks equals differently (ts_rank scores an
-- exact word and a prefix differently). pgbench: 2.4 ms for "sofaa" and 2.3 ms for "teak sofa".

-- The words of a search as tsquery operands: whole words exact, the rest prefixes. Security definer
-- because it reads private.search_words (the catalog's vocabulary), as private.search_terms does.
create or replace function private.search_query_words(search text)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(
    case
      when t.term <> t.typed then t.term -- corrected to a catalog word
      when t.n < cardinality(w.terms)
        and exists (select 1 from private.search_words as s where s.word = t.term) then t.term
      else t.term || ':*'
    end
    order by t.n
  ), '{}')
  from (select private.search_terms(search) as terms) as w,
    -- search_terms makes one term per word typed, in order (at most 6, 30 characters each).
    unnest(
      w.terms,
      array(
        select left(x, 30)
        from regexp_split_to_table(lower(left(coalesce(search, ''), 200)), '[^a-z0-9]+') as x
        where x <> ''
        limit 6
      )
    ) with ordinality as t(term, typed, n)
$$;
revoke all on function private.search_query_words(text) from public, anon, authenticated;
grant execute on function private.search_query_words(text) to anon, authenticated, service_role;
-- search_products no longer calls search_terms itself (search_query_words does, as its owner).
revoke execute on function private.search_terms(text) from anon, authenticated;

create or replace function public.search_products(search text, max_results integer default 20)
returns setof public.products
language plpgsql
stable
security invoker
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
    return;
  end if;
  all_words := to_tsquery('english'::regconfig, array_to_string(words, ' & '));
  select array_agg(c.id order by c.rank desc, c.closeness desc, c.id), count(*)
  into best, in_name
  from (
    select p.id, ts_rank(p.search_vector, all_words) as rank, extensions.word_similarity(phrase, p.name) as closeness
    from public.products as p
    where to_tsvector('english'::regconfig, p.name) @@ all_words
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
        where p.search_vector @@ all_words and p.id <> all (best)
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
        where p.search_vector @@ any_word
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
        where phrase operator(extensions.<%) p.name
        limit candidates
      ) as c
      order by c.closeness desc, c.id
    );
  end if;
  return query
    select p.*
    from unnest(best[1:limit_rows]) with ordinality as b(id, n)
    join public.products as p on p.id = b.id
    order by b.n;
end
$$;
comment on function public.search_products(text, integer) is
  'Typo-tolerant product search (full text, then trigram), best matches first among at most 400 candidates; RLS applies (security invoker).';
