-- Products with every field of the spec (section 3): pricing, media, physical attributes, stock and
-- flags, specifications (features, warranty, assembly), rating (4.5 when missing) and review count.
-- Everyone reads the catalog; only a fresh admin writes it. Money is numeric(10,2) rupees.

create table public.products (
  id bigint generated always as identity primary key,
  -- '' means "make it from the name" (products_before_write), so the admin's form may leave it out.
  slug text not null default '',
  name text not null,
  description text,
  price numeric(10, 2) not null,
  original_price numeric(10, 2),
  category_id bigint not null references public.categories (id) on delete restrict,
  image_url text,
  images text[],
  dimensions text,
  material text,
  color text,
  weight text,
  stock_quantity integer not null default 0,
  featured boolean not null default false,
  in_stock boolean not null default true,
  specifications jsonb,
  rating numeric(2, 1) not null default 4.5,
  review_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint products_slug_key unique (slug),
  constraint products_slug_check check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  constraint products_name_check check (btrim(name) <> '' and length(name) <= 150),
  constraint products_price_check check (price > 0),
  constraint products_original_price_check check (original_price is null or (original_price > 0 and original_price >= price)),
  constraint products_stock_quantity_check check (stock_quantity >= 0),
  constraint products_images_check check (images is null or cardinality(images) <= 20),
  constraint products_specifications_check check (
    specifications is null
    or (
      jsonb_typeof(specifications) = 'object'
      and (not specifications ? 'features' or jsonb_typeof(specifications -> 'features') = 'array')
    )
  ),
  constraint products_rating_check check (rating between 0 and 5),
  constraint products_review_count_check check (review_count >= 0)
);
comment on table public.products is 'The catalog. in_stock follows stock_quantity (see products_before_write) unless an admin sets it.';
comment on column public.products.specifications is '{"features": [text], "warranty": text, "assembly": text}';

-- Category page (newest first) and the foreign key.
create index products_category_id_created_at_idx on public.products (category_id, created_at desc);
-- All products, newest first (spec section 7).
create index products_created_at_idx on public.products (created_at desc);
-- Home: the first 8 featured products.
create index products_featured_created_at_idx on public.products (created_at desc) where featured;

create or replace function private.products_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  if tg_op = 'INSERT' or new.slug is distinct from old.slug then
    new.slug := coalesce(nullif(btrim(new.slug), ''), private.slugify(new.name) || '-' || new.id);
  end if;
  -- The spec lets specifications arrive as JSON text: keep the object, not a string holding it.
  if jsonb_typeof(new.specifications) = 'string' then
    new.specifications := (new.specifications #>> '{}')::jsonb;
  end if;
  if new.specifications = '{}'::jsonb then
    new.specifications := null;
  end if;
  if new.images = '{}'::text[] then
    new.images := null;
  end if;
  -- Spec: rating 4.5 and review_count 0 when missing.
  new.rating := coalesce(new.rating, 4.5);
  new.review_count := coalesce(new.review_count, 0);
  -- Stock decides availability when it crosses zero; the admin's in_stock toggle is kept otherwise.
  if tg_op = 'INSERT' then
    if new.stock_quantity = 0 then
      new.in_stock := false;
    end if;
  elsif new.stock_quantity is distinct from old.stock_quantity then
    if new.stock_quantity = 0 and old.stock_quantity > 0 then
      new.in_stock := false;
    elsif new.stock_quantity > 0 and old.stock_quantity = 0 and new.in_stock is not distinct from old.in_stock then
      new.in_stock := true;
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.products_before_write() from public;

create trigger products_before_write
  before insert or update on public.products
  for each row execute function private.products_before_write();

alter table public.products enable row level security;

revoke all on table public.products from anon, authenticated;
grant select on table public.products to anon, authenticated;
grant insert (
  slug, name, description, price, original_price, category_id, image_url, images, dimensions, material,
  color, weight, stock_quantity, featured, in_stock, specifications, rating, review_count
) on table public.products to authenticated;
grant update (
  slug, name, description, price, original_price, category_id, image_url, images, dimensions, material,
  color, weight, stock_quantity, featured, in_stock, specifications, rating, review_count
) on table public.products to authenticated;
grant delete on table public.products to authenticated;

create policy "visitors read products"
  on public.products for select to anon
  using (true);

create policy "signed-in users read products"
  on public.products for select to authenticated
  using (true);

create policy "fresh admins add products"
  on public.products for insert to authenticated
  with check ((select private.is_fresh_admin()));

create policy "fresh admins edit products"
  on public.products for update to authenticated
  using ((select private.is_fresh_admin()))
  with check ((select private.is_fresh_admin()));

create policy "fresh admins delete products"
  on public.products for delete to authenticated
  using ((select private.is_fresh_admin()));
