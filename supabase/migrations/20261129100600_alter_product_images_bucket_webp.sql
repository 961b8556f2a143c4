-- The product-images bucket takes only what the admin now uploads (issue 21): each chosen picture is
-- cropped square and resized in the browser to the widths the storefront's srcset names (800 and
-- 400 px, shared/src/catalog/product-image-renditions.ts), as WebP, and only those copies are stored
-- (products/<uuid>.webp and products/400/<uuid>.webp). So the bucket refuses anything but WebP, and
-- any file over 1 MB (an 800 px WebP is tens to a few hundred KB): a 5 MB camera original cannot reach
-- shoppers as it is, even by a hand-made request. Pictures stored before keep being served. Who may
-- write is unchanged (catalog.write, 20261129100000_create_staff_roles.sql).

update storage.buckets
set file_size_limit = 1048576,
    allowed_mime_types = array['image/webp']
where id = 'product-images';
