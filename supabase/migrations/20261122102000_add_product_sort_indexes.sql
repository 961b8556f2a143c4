-- Indexes for the product lists' price and rating sorts.
--
-- `pnpm bench:catalog` (100,000 products) showed the storefront's "price: low to high / high to low"
-- (`order=price.asc,id.asc`) and the admin's price sort reading and sorting the whole table (a Seq Scan,
-- 450–800 ms). With (price, id) the first page is an index scan in either direction; rating sorts have
-- the same shape.

-- storefront /products?sort=price_*, admin products list sorted by price
create index if not exists products_price_id_idx on public.products (price, id);

-- storefront /products?sort=rating (highest first, ties by id)
create index if not exists products_rating_id_idx on public.products (rating desc, id);
