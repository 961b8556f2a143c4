-- The product-images Storage bucket (ARCHITECTURE: product images), public so the storefront shows
-- pictures by URL, with images only (WebP, JPEG, PNG, AVIF) up to 5 MB. Anyone reads; only a
-- fresh admin (signed in under 8 hours) uploads, replaces or deletes. Seeded products point at the
-- web app's /images/products/<slug>.webp; pictures an admin uploads live here.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'product-images', 'product-images', true, 5242880,
  array['image/webp', 'image/jpeg', 'image/png', 'image/avif']
)
on conflict (id) do nothing;

create policy "visitors read product images"
  on storage.objects for select to anon
  using (bucket_id = 'product-images');

create policy "signed-in users read product images"
  on storage.objects for select to authenticated
  using (bucket_id = 'product-images');

create policy "fresh admins upload product images"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'product-images' and (select private.is_fresh_admin()));

create policy "fresh admins replace product images"
  on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and (select private.is_fresh_admin()))
  with check (bucket_id = 'product-images' and (select private.is_fresh_admin()));

create policy "fresh admins delete product images"
  on storage.objects for delete to authenticated
  using (bucket_id = 'product-images' and (select private.is_fresh_admin()));
