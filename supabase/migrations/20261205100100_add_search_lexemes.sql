-- The search's prefix words become the catalog's exact lexemes before they meet the index (issue 22).
--
-- private.search_query_words keeps the last word as typed a prefix ("sofa" → `'sofa':*`: the shopper
-- may still be typing "sofabed"), and so any word the catalog does not know whole. A GIN index answers a
-- prefix by a partial match: it walks every index entry starting with it and builds a bitmap of their
-- rows, which costs far more than an exact entry's posting list. `pnpm bench:catalog` database (100,000
-- products), as the owner (supabase/bench/catalog/README.md, "Parallel query and the search's prefix
-- term"): `'sofa':*` 12.4 ms vs `'sofa'` 4.7 ms for the same 14,597 rows; `'teak' & 'sofa':*` 7.5 vs
-- 1.7–2.1 ms; `'bed':*` 12.9–13.4 vs its three exact lexemes 10.8–11.0 ms.
--
-- The catalog's lexemes are few (484 in the bench catalog's search vectors), so they are kept:
-- - private.search_lexemes holds every lexeme of every product's search_vector (the name index's
--   lexemes are among them: same configuration), added by products_index_words as products are
--   added or edited. Only added: a stale lexeme matches no row, so it changes no answer.
-- - private.search_operand turns one operand of search_query_words into tsquery text: an exact word as
--   to_tsquery makes it, a prefix as the OR of the lexemes that start with it (at most 16; more, or
--   none, keeps the prefix, which then finds the same rows).
-- - private.search_match joins the operands with & or |: a tsquery with the same matches as
--   to_tsquery of the words, for the scans. The ranking (ts_rank) still reads the words' own query,
--   so the scores, and the candidates and their order, are unchanged: on the bench catalog the same
--   ids for 40 searches × 5/40/100 results × with and without inactive products (240 of 240).
-- pgbench (40 results, as the owner): "sofa" 5.8 → 3.7 ms, "teak sofa" 4.4 → 2.2, "bed" 6.5 → 4.3,
-- "sheesham bed" 4.7 → 2.6; "sofaa" and "chiar" (typo correction: already exact) 3.9 → 4.0.

create table private.search_lexemes (
  lexeme text collate "C" primary key
);
comment on table private.search_lexemes is
  'Every lexeme of products.search_vector, for turning search prefixes into exact terms (private.search_operand).';
-- Not exposed and not granted to any API role (as private.search_words): only the security definer
-- helpers below touch it.
revoke all on table private.search_lexemes from public, anon, authenticated;

insert into private.search_lexemes (lexeme)
select distinct u.lexeme
from public.products as p, unnest(p.search_vector) as u
on conflict do nothing;

-- products_index_words (20261122100300) also keeps the lexemes, from the same row: search_vector is
-- generated, so an after trigger sees it computed.
create or replace function private.products_index_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_search_words(concat_ws(' ', new.name, new.material, new.color, new.description));
  insert into private.search_lexemes (lexeme)
  select u.lexeme from unnest(new.search_vector) as u
  on conflict do nothing;
  return null;
end
$$;

-- One operand of private.search_query_words (a word of [a-z0-9], with ':*' when a prefix) as tsquery
-- text for private.search_match: '' for a stop word, as to_tsquery drops it.
create or replace function private.search_operand(word text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- to_tsquery stems the word as the index's configuration does ("sofas:*" → 'sofa':*).
  q text := to_tsquery('english'::regconfig, word)::text;
  prefix text := substring(q from '^''([a-z0-9]+)'':\*$');
  exact text[];
begin
  if prefix is null then
    -- an exact word, a stop word (''), or anything else to_tsquery made of it, kept whole
    return case when q like '% %' then '(' || q || ')' else q end;
  end if;
  -- The lexemes starting with the prefix, each quoted as tsquery text reads it (a lexeme of a
  -- description can hold any character: backslashes and quotes are escaped). The prefix is
  -- [a-z0-9] only, so it has no LIKE wildcard; collate "C" lets the primary key answer the LIKE.
  exact := array(
    select '''' || replace(replace(l.lexeme, '\', '\\'), '''', '''''') || ''''
    from private.search_lexemes as l
    where l.lexeme like prefix || '%'
    order by l.lexeme
    limit 17
  );
  if cardinality(exact) between 1 and 16 then
    return '(' || array_to_string(exact, ' | ') || ')';
  end if;
  return q;
end
$$;
revoke all on function private.search_operand(text) from public, anon, authenticated;

-- The words of private.search_query_words as one tsquery, every word (&) or any word (|), with the
-- prefixes as exact lexemes: the same matches as to_tsquery('english', words joined), for the scans.
create or replace function private.search_match(words text[], any_word boolean)
returns tsquery
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(string_agg(o.operand, case when any_word then ' | ' else ' & ' end order by w.n), '')::tsquery
  from unnest(words) with ordinality as w (word, n)
    cross join lateral (select private.search_operand(w.word) as operand) as o
  where o.operand <> ''
$$;
revoke all on function private.search_match(text[], boolean) from public, anon, authenticated;

-- search_product_ids (20261130100200) scans with search_match's query and ranks with the words' own.
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
  -- The same matches from the index's exact lexemes (private.search_operand): for the scans.
  match_all tsquery;
  match_any tsquery;
  in_name integer;
  best bigint[];
begin
  if cardinality(words) = 0 then
    return '{}';
  end if;
  all_words := to_tsquery('english'::regconfig, array_to_string(words, ' & '));
  match_all := private.search_match(words, false);
  select array_agg(c.id order by c.rank desc, c.closeness desc, c.id), count(*)
  into best, in_name
  from (
    select p.id, ts_rank(p.search_vector, all_words) as rank, extensions.word_similarity(phrase, p.name) as closeness
    from public.products as p
    where (include_inactive or p.is_active) and to_tsvector('english'::regconfig, p.name) @@ match_all
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
        where (include_inactive or p.is_active) and p.search_vector @@ match_all and p.id <> all (best)
        limit candidates
      ) as c
      order by c.rank desc, c.closeness desc, c.id
    );
  end if;
  if cardinality(best) = 0 and cardinality(words) > 1 then
    -- No product has every word: rank those having any of them.
    any_word := to_tsquery('english'::regconfig, array_to_string(words, ' | '));
    match_any := private.search_match(words, true);
    best := array(
      select c.id
      from (
        select p.id, ts_rank(p.search_vector, any_word) as rank
        from public.products as p
        where (include_inactive or p.is_active) and p.search_vector @@ match_any
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
