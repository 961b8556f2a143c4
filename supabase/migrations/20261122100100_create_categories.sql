-- Categories of the catalog (spec section 3: id, name, description, image_url), with the slug the
-- storefront's /category/{name} links use. Everyone reads them; only a fresh admin writes them.

create table public.categories (
  id bigint generated always as identity primary key,
  name text not null,
  -- '' means "make it from the name" (categories_before_write), so inserts may leave it out.
  slug text not null default '',
  description text,
  image_url text,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint categories_name_check check (btrim(name) <> '' and length(name) <= 60),
  constraint categories_slug_check check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80),
  constraint categories_slug_key unique (slug)
);
comment on table public.categories is 'Catalog categories; slug is the lowercased, hyphenated name used in /category/{slug}.';

-- Names are unique regardless of case, so /category/{lowercased name} finds exactly one.
create unique index categories_name_lower_key on public.categories (lower(name));

create or replace function private.categories_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  new.slug := coalesce(nullif(btrim(new.slug), ''), private.slugify(new.name));
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.categories_before_write() from public;

create trigger categories_before_write
  before insert or update on public.categories
  for each row execute function private.categories_before_write();

alter table public.categories enable row level security;

revoke all on table public.categories from anon, authenticated;
grant select on table public.categories to anon, authenticated;
grant insert (name, slug, description, image_url, sort_order) on table public.categories to authenticated;
grant update (name, slug, description, image_url, sort_order) on table public.categories to authenticated;
grant delete on table public.categories to authenticated;

create policy "visitors read categories"
  on public.categories for select to anon
  using (true);

create policy "signed-in users read categories"
  on public.categories for select to authenticated
  using (true);

create policy "fresh admins add categories"
  on public.categories for insert to authenticated
  with check ((select private.is_fresh_admin()));

create policy "fresh admins edit categories"
  on public.categories for update to authenticated
  using ((select private.is_fresh_admin()))
  with check ((select private.is_fresh_admin()));

create policy "fresh admins delete categories"
  on public.categories for delete to authenticated
  using ((select private.is_fresh_admin()));
