-- The catalog triggers (categories_before_write, products_before_write) run as the admin who
-- writes, and make a missing slug with private.slugify(): that role needs EXECUTE on it (a pure
-- function, as harmless as normalize_phone).

grant execute on function private.slugify(text) to authenticated, service_role;
