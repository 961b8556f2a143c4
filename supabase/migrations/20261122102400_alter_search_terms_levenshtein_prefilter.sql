-- Typo correction measures the edit distance only of catalog words that are already close.
--
-- private.search_terms corrects a word the catalog does not know ("sofaa") against every catalog word
-- of about its length and with its first letter, each through private.edit_distance, which is
-- plpgsql: ~2 ms of a ~6 ms search at bench:catalog's scale. fuzzystrmatch's levenshtein_less_equal
-- (C, stops once the bound is passed) now discards the far words first. The bound is one more than
-- the allowed distance because a transposition ("chiar" → "chair") is 1 for edit_distance (optimal
-- string alignment) and 2 for Levenshtein; edit_distance still decides among those left.

create extension if not exists fuzzystrmatch with schema extensions;

create or replace function private.search_terms(search text)
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  w text;
  best text;
  max_dist integer;
  terms text[] := '{}';
begin
  for w in
    select t from regexp_split_to_table(lower(left(coalesce(search, ''), 200)), '[^a-z0-9]+') as t
    where t <> '' limit 6
  loop
    w := left(w, 30);
    if length(w) < 3 or exists (select 1 from private.search_words s where s.word like w || '%') then
      terms := terms || w;
    else
      max_dist := case when length(w) <= 4 then 1 else 2 end;
      select c.word into best
      from (
        select s.word, private.edit_distance(s.word, w) as dist, extensions.similarity(s.word, w) as sim
        from private.search_words s
        where abs(length(s.word) - length(w)) <= 2
          and (left(s.word, 1) = left(w, 1) or extensions.similarity(s.word, w) >= 0.3)
          and extensions.levenshtein_less_equal(s.word, w, max_dist + 1) <= max_dist + 1
      ) as c
      where c.dist <= max_dist
      order by c.dist, c.sim desc, c.word
      limit 1;
      terms := terms || coalesce(best, w);
    end if;
  end loop;
  return terms;
end
$$;
