-- Product search for the storefront's search box: a generated full-text vector (name, material,
-- colour, description) with a GIN index, trigram indexes (pg_trgm) for fuzzy name matches, and
-- `search_products(search)`, which also forgives small typos ("sofaa", "chiar") by correcting each
-- word against the catalog's own vocabulary (private.search_words) by edit distance.
-- PostgREST filters cannot express similarity, so the storefront calls the RPC:
--   supabase.rpc('search_products', { search: 'chiar' }).select('*, category:categories(*)').limit(5)

create extension if not exists pg_trgm with schema extensions;

alter table public.products
  add column search_vector tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(material, '') || ' ' || coalesce(color, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
  ) stored;

create index products_search_vector_idx on public.products using gin (search_vector);
create index products_name_trgm_idx on public.products using gin (name extensions.gin_trgm_ops);

-- Every word of the catalog (product names, materials, colours, descriptions, category names), for
-- typo correction. Words are only added (a stale word costs nothing: it matches no product).
create table private.search_words (
  word text collate "C" primary key
);
comment on table private.search_words is 'Vocabulary of the catalog for search_products typo correction.';
-- Not exposed and not granted to any API role: only the security definer helpers below touch it.
revoke all on table private.search_words from public, anon, authenticated;

create or replace function private.add_search_words(source text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.search_words (word)
  select distinct w
  from regexp_split_to_table(lower(coalesce(source, '')), '[^a-z0-9]+') as w
  where length(w) between 3 and 30
  on conflict do nothing
$$;

create or replace function private.products_index_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_search_words(concat_ws(' ', new.name, new.material, new.color, new.description));
  return null;
end
$$;

create trigger products_index_words
  after insert or update of name, material, color, description on public.products
  for each row execute function private.products_index_words();

create or replace function private.categories_index_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_search_words(concat_ws(' ', new.name, new.description));
  return null;
end
$$;

create trigger categories_index_words
  after insert or update of name, description on public.categories
  for each row execute function private.categories_index_words();

-- Optimal string alignment distance (Levenshtein plus adjacent transpositions: "chiar" → "chair" is 1).
create or replace function private.edit_distance(a text, b text)
returns integer
language plpgsql
immutable
strict
parallel safe
set search_path = ''
as $$
declare
  la integer := length(a);
  lb integer := length(b);
  w integer := lb + 1;
  d integer[];
  i integer;
  j integer;
  cost integer;
  v integer;
begin
  if la = 0 then return lb; end if;
  if lb = 0 then return la; end if;
  -- d[(i, j)] lives at i * w + j + 1 (arrays are 1-based).
  d := array_fill(0, array[(la + 1) * w]);
  for i in 0..la loop d[i * w + 1] := i; end loop;
  for j in 0..lb loop d[j + 1] := j; end loop;
  for i in 1..la loop
    for j in 1..lb loop
      cost := case when substr(a, i, 1) = substr(b, j, 1) then 0 else 1 end;
      v := least(d[(i - 1) * w + j + 1] + 1, d[i * w + j] + 1, d[(i - 1) * w + j] + cost);
      if i > 1 and j > 1 and substr(a, i, 1) = substr(b, j - 1, 1) and substr(a, i - 1, 1) = substr(b, j, 1) then
        v := least(v, d[(i - 2) * w + j - 1] + 1);
      end if;
      d[i * w + j + 1] := v;
    end loop;
  end loop;
  return d[la * w + lb + 1];
end
$$;

-- The words of a search, each kept when the catalog knows it (or a word starting with it: the
-- shopper may still be typing), else replaced by the closest catalog word within 1 edit (words of
-- up to 4 letters) or 2 edits (longer words), else kept as typed. At most 6 words.
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
      select c.word into best
      from (
        select s.word, private.edit_distance(s.word, w) as dist, extensions.similarity(s.word, w) as sim
        from private.search_words s
        where abs(length(s.word) - length(w)) <= 2
          and (left(s.word, 1) = left(w, 1) or extensions.similarity(s.word, w) >= 0.3)
      ) as c
      where c.dist <= case when length(w) <= 4 then 1 else 2 end
      order by c.dist, c.sim desc, c.word
      limit 1;
      terms := terms || coalesce(best, w);
    end if;
  end loop;
  return terms;
end
$$;

create or replace function public.search_products(search text, max_results integer default 20)
returns setof public.products
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  terms text[] := private.search_terms(search);
  phrase text := btrim(left(coalesce(search, ''), 200));
  limit_rows integer := least(greatest(coalesce(max_results, 20), 1), 100);
  all_words tsquery;
  any_word tsquery;
begin
  if cardinality(terms) = 0 then
    return;
  end if;
  -- Terms hold only [a-z0-9], so they are safe inside to_tsquery; each is a prefix match.
  all_words := to_tsquery('english'::regconfig, array_to_string(array(select t || ':*' from unnest(terms) as t), ' & '));
  return query
    select p.*
    from public.products as p
    where p.search_vector @@ all_words or phrase operator(extensions.<%) p.name
    order by ts_rank(p.search_vector, all_words) desc, extensions.word_similarity(phrase, p.name) desc, p.id
    limit limit_rows;
  if not found and cardinality(terms) > 1 then
    -- No product has every word: rank those having any of them.
    any_word := to_tsquery('english'::regconfig, array_to_string(array(select t || ':*' from unnest(terms) as t), ' | '));
    return query
      select p.*
      from public.products as p
      where p.search_vector @@ any_word
      order by ts_rank(p.search_vector, any_word) desc, p.id
      limit limit_rows;
  end if;
end
$$;
comment on function public.search_products(text, integer) is
  'Typo-tolerant product search (full text + trigram), best matches first; RLS applies (security invoker).';

revoke all on all functions in schema private from public;
grant execute on function private.search_terms(text) to anon, authenticated, service_role;
revoke all on function public.search_products(text, integer) from public, anon, authenticated;
grant execute on function public.search_products(text, integer) to anon, authenticated, service_role;
