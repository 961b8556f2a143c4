-- /all-categories shows each category with its item count. PostgREST's aggregate embedding
-- (products(count)) is off on hosted Supabase by default, so a view gives the count; it runs with
-- the caller's rights (security_invoker), so the tables' RLS applies as usual.

create view public.category_summaries
with (security_invoker = true)
as
select
  c.id,
  c.name,
  c.slug,
  c.description,
  c.image_url,
  c.sort_order,
  (select count(*) from public.products as p where p.category_id = c.id)::integer as product_count
from public.categories as c;
comment on view public.category_summaries is 'Categories with their product counts (for /all-categories).';

revoke all on table public.category_summaries from anon, authenticated;
grant select on table public.category_summaries to anon, authenticated;
