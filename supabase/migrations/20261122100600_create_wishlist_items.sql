-- Wishlist: a signed-in user's saved products (the spec's /wishlist, real and per user). Owner only:
-- read, add, remove. A product appears once per user; deleting the product removes it from lists.

create table public.wishlist_items (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  product_id bigint not null references public.products (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint wishlist_items_user_id_product_id_key unique (user_id, product_id)
);
comment on table public.wishlist_items is 'Products a user saved for later.';

-- (user_id, product_id) is covered by the unique constraint; product_id needs its own for the FK.
create index wishlist_items_product_id_idx on public.wishlist_items (product_id);

alter table public.wishlist_items enable row level security;

revoke all on table public.wishlist_items from anon, authenticated;
grant select, delete on table public.wishlist_items to authenticated;
grant insert (user_id, product_id) on table public.wishlist_items to authenticated;

create policy "users read their own wishlist"
  on public.wishlist_items for select to authenticated
  using (user_id = (select auth.uid()));

create policy "users add to their own wishlist"
  on public.wishlist_items for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "users remove from their own wishlist"
  on public.wishlist_items for delete to authenticated
  using (user_id = (select auth.uid()));
