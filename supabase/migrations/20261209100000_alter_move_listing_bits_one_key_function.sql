-- move_listing_bits (20261208100000_add_product_listing_bits.sql) read the old and new rows' bitmap
-- keys through the same two CTEs in each of its two statements; they are one function now,
-- private.listing_bit_rows. What it does is unchanged. And listing_bit_figures' comment says what
-- `ids` holds: the page when `page`, else every product of the listing.

-- The bitmaps (kind, key) each active product of rows is in, with its id.
create or replace function private.listing_bit_rows(rows public.products[])
returns table (id bigint, kind "char", key bigint)
language sql
stable
set search_path = ''
as $$
  select r.id, k.kind, k.key
  from unnest(listing_bit_rows.rows) as r
  cross join lateral private.listing_bit_keys(r.category_id, r.price, r.rating, r.in_stock, r.attribute_value_ids) as k
  where r.is_active
$$;
comment on function private.listing_bit_rows(public.products[]) is
  'The bitmaps of private.product_listing_bits each active product of rows is in (move_listing_bits).';
revoke all on function private.listing_bit_rows(public.products[]) from public, anon, authenticated;

-- Moves the bits of products from what they were (old rows) to what they are (new rows): a bit is
-- cleared where only the old row had it, set where only the new one has it. Inactive rows have none.
create or replace function private.move_listing_bits(old_rows public.products[], new_rows public.products[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.product_listing_bits as b
  set bits = b.bits & ~c.mask
  from (
    select g.kind, g.key, (g.id / 8192)::integer as block,
      bit_or(set_bit(B'0'::bit(8192), (g.id % 8192)::integer, 1)) as mask
    from (
      select * from private.listing_bit_rows(move_listing_bits.old_rows)
      except
      select * from private.listing_bit_rows(move_listing_bits.new_rows)
    ) as g
    group by 1, 2, 3
  ) as c
  where b.kind = c.kind and b.key = c.key and b.block = c.block;

  insert into private.product_listing_bits as b (kind, key, block, bits)
  select g.kind, g.key, (g.id / 8192)::integer, bit_or(set_bit(B'0'::bit(8192), (g.id % 8192)::integer, 1))
  from (
    select * from private.listing_bit_rows(move_listing_bits.new_rows)
    except
    select * from private.listing_bit_rows(move_listing_bits.old_rows)
  ) as g
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict (kind, key, block) do update set bits = b.bits | excluded.bits;
end
$$;

comment on function private.listing_bit_figures(bigint, bigint[], bigint[], integer[], integer, boolean, text, integer, integer) is
  'A visitor''s filtered listing''s figures and facet counts from private.product_listing_bits (browse_products); ids: the page''s products when page, else every product of the listing.';
