-- Item counts for /all-categories, kept instead of counted.
--
-- category_summaries counted every category's products on each request: at 100,000 products that is
-- an index-only scan of every product (`pnpm bench:catalog`: ~15 ms of execution per request, p99
-- ~100 ms on a busy machine). The counts now live in category_stats, kept by triggers on products:
-- per statement for inserts and deletes (a bulk import adds one row per category, not per product),
-- per row only when a product moves to another category (stock updates from place_order do not touch
-- it), and reset on truncate.

create table public.category_stats (
  category_id bigint primary key references public.categories (id) on delete cascade,
  product_count integer not null default 0,
  constraint category_stats_product_count_check check (product_count >= 0)
);
comment on table public.category_stats is
  'Products per category, kept by triggers on public.products (read through category_summaries).';

alter table public.category_stats enable row level security;

-- Read-only for the API roles: only the triggers below (security definer) write it.
revoke all on table public.category_stats from anon, authenticated;
grant select on table public.category_stats to anon, authenticated;

create policy "visitors read category counts"
  on public.category_stats for select to anon
  using (true);

create policy "signed-in users read category counts"
  on public.category_stats for select to authenticated
  using (true);

-- Adds deltas[i] products to category category_ids[i] (a category appears once). Rows are locked in
-- category order so that concurrent writers queue rather than deadlock.
create or replace function private.bump_category_counts(category_ids bigint[], deltas integer[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.category_stats (category_id)
  select c.id from unnest(category_ids) as c (id) order by c.id
  on conflict (category_id) do nothing;
  perform 1 from public.category_stats as s where s.category_id = any (category_ids) order by s.category_id for update;
  update public.category_stats as s
  set product_count = s.product_count + c.delta
  from unnest(category_ids, deltas) as c (id, delta)
  where s.category_id = c.id and c.delta <> 0;
end
$$;

create or replace function private.products_count_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_category_counts(array_agg(n.category_id), array_agg(n.n::integer))
  from (select category_id, count(*) as n from new_rows group by category_id) as n
  having count(*) > 0;
  return null;
end
$$;

create or replace function private.products_count_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_category_counts(array_agg(d.category_id), array_agg(-d.n::integer))
  from (select category_id, count(*) as n from old_rows group by category_id) as d
  having count(*) > 0;
  return null;
end
$$;

create or replace function private.products_count_moved()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_category_counts(array[old.category_id, new.category_id], array[-1, 1]);
  return null;
end
$$;

create or replace function private.products_count_truncated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.category_stats set product_count = 0 where product_count <> 0;
  return null;
end
$$;

revoke all on function private.bump_category_counts(bigint[], integer[]) from public;
revoke all on function private.products_count_inserted() from public;
revoke all on function private.products_count_deleted() from public;
revoke all on function private.products_count_moved() from public;
revoke all on function private.products_count_truncated() from public;

create trigger products_count_inserted
  after insert on public.products
  referencing new table as new_rows
  for each statement execute function private.products_count_inserted();

create trigger products_count_deleted
  after delete on public.products
  referencing old table as old_rows
  for each statement execute function private.products_count_deleted();

create trigger products_count_moved
  after update of category_id on public.products
  for each row
  when (old.category_id is distinct from new.category_id)
  execute function private.products_count_moved();

create trigger products_count_truncated
  after truncate on public.products
  for each statement execute function private.products_count_truncated();

-- The products already there.
insert into public.category_stats (category_id, product_count)
select p.category_id, count(*) from public.products as p group by p.category_id
on conflict (category_id) do update set product_count = excluded.product_count;

create or replace view public.category_summaries
with (security_invoker = true)
as
select
  c.id,
  c.name,
  c.slug,
  c.description,
  c.image_url,
  c.sort_order,
  coalesce(s.product_count, 0) as product_count
from public.categories as c
left join public.category_stats as s on s.category_id = c.id;
comment on view public.category_summaries is 'Categories with their product counts (for /all-categories).';
