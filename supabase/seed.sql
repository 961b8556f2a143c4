-- Demo data for a new local database.
--
-- Applied once, after supabase/migrations/*.sql, when a database is created: by `supabase db reset`
-- and `supabase start` (the real CLI), and by supabase-local on its first start and on
-- `pnpm db:reset`. Never applied to hosted Supabase by `supabase db push` (unless --include-seed).
-- Keep it to data: schema changes belong in a migration.
--
-- The catalog a shopper in India would believe: 10 categories, 69 products with rupee prices and
-- struck-through original prices, Indian woods (sheesham, teak, mango) and engineered wood, fabric,
-- leather; dimensions, colours, weights, specifications; stock levels with some sold out and some
-- running low (the admin dashboard's low-stock list), 11 featured. Every product's picture is
-- /images/products/<slug>.webp: slugs are fixed here, so the image generator (a later step) and the
-- database always agree. A category's picture is one of its products'. 14 of the products are sold in
-- variants (fabric and configuration, size, finish: 42 in all, each with its own SKU, price, stock and
-- picture; see the end of the file); the others have only the default variant the database makes.
-- Re-running it changes nothing (every insert skips rows that exist).

-- The store's rules, as the migration set them (the seed states them so a reader sees them here too).
-- The seller's details are a demo company's (the GSTIN has a valid check character but belongs to
-- nobody): registered in Karnataka (29), so an order to Karnataka is taxed CGST + SGST and one to any
-- other state IGST. A real store enters its own in the admin's Business & GST settings.
insert into public.store_settings (
  id, cod_max_order_total, low_stock_threshold, dispatch_location, order_cutoff, non_delivery_weekdays,
  legal_name, registered_address, gstin, invoice_prefix, credit_note_prefix, authorised_signatory,
  grievance_officer_name, grievance_officer_designation, grievance_officer_email, grievance_officer_phone,
  grievance_officer_hours, customer_care_email, customer_care_phone, customer_care_hours
)
values (
  true, 50000, 5, 'Bengaluru, Karnataka', '14:00', '{7}',
  'FurniCraft Home Private Limited', '12 MG Road, Bengaluru, Karnataka 560001', '29AAECF1234K1ZM', 'FC', 'FCCN',
  'Ananya Rao, Director',
  'Rohit Mehta', 'Grievance Officer', 'grievance@furnicraft.in', '+91 80 1234 5679',
  'Monday to Saturday, 10:00 AM to 6:00 PM', 'support@furnicraft.in', '+91 80 1234 5678',
  'Monday to Saturday: 9:00 AM to 8:00 PM'
)
on conflict (id) do update set
  cod_max_order_total = excluded.cod_max_order_total,
  low_stock_threshold = excluded.low_stock_threshold,
  dispatch_location = excluded.dispatch_location,
  order_cutoff = excluded.order_cutoff,
  non_delivery_weekdays = excluded.non_delivery_weekdays,
  legal_name = excluded.legal_name,
  registered_address = excluded.registered_address,
  gstin = excluded.gstin,
  invoice_prefix = excluded.invoice_prefix,
  credit_note_prefix = excluded.credit_note_prefix,
  authorised_signatory = excluded.authorised_signatory,
  grievance_officer_name = excluded.grievance_officer_name,
  grievance_officer_designation = excluded.grievance_officer_designation,
  grievance_officer_email = excluded.grievance_officer_email,
  grievance_officer_phone = excluded.grievance_officer_phone,
  grievance_officer_hours = excluded.grievance_officer_hours,
  customer_care_email = excluded.customer_care_email,
  customer_care_phone = excluded.customer_care_phone,
  customer_care_hours = excluded.customer_care_hours;

-- The spec's codes (also made by their migration) and a few more to show every rule at work.
insert into public.promo_codes (code, description, kind, value, min_subtotal, max_discount, starts_at, ends_at, usage_limit, active)
values
  ('SAVE10', '10% off your order', 'percent', 10, 0, null, '2024-01-01 00:00+05:30', null, null, true),
  ('FLAT500', 'Flat ₹500 off your order', 'flat', 500, 0, null, '2024-01-01 00:00+05:30', null, null, true),
  ('WELCOME15', '15% off orders of ₹9,999 or more, up to ₹3,000', 'percent', 15, 9999, 3000, '2024-01-01 00:00+05:30', null, null, true),
  ('FESTIVE2000', 'Flat ₹2,000 off orders of ₹24,999 or more', 'flat', 2000, 24999, null, '2024-01-01 00:00+05:30', null, 500, true),
  ('DIWALI2025', 'Diwali sale 2025: 20% off (ended)', 'percent', 20, 0, null, '2025-10-10 00:00+05:30', '2025-11-05 00:00+05:30', null, true)
on conflict (code) do nothing;

insert into public.categories (name, slug, description, image_url, sort_order)
values
  ('Sofas', 'sofas', 'Three-seaters, sectionals, loveseats and sofa cum beds in fabric, leather and solid wood.', '/images/products/aarav-3-seater-fabric-sofa.webp', 1),
  ('Chairs', 'chairs', 'Accent chairs, rocking chairs, lounge chairs and bean bags for every corner.', '/images/products/zara-velvet-accent-chair.webp', 2),
  ('Tables', 'tables', 'Coffee, side, console, nesting and study tables.', '/images/products/aria-sheesham-coffee-table.webp', 3),
  ('Beds', 'beds', 'King, queen and single beds, with hydraulic and box storage.', '/images/products/maharaja-sheesham-king-bed-with-storage.webp', 4),
  ('Storage', 'storage', 'Wardrobes, bookshelves, shoe racks, chests and trunks.', '/images/products/vedika-sheesham-bookshelf.webp', 5),
  ('Office', 'office', 'Ergonomic chairs, desks and filing cabinets for work at home or at the office.', '/images/products/ergopro-mesh-office-chair.webp', 6),
  ('Dining', 'dining', 'Dining sets, tables, chairs, benches and crockery units.', '/images/products/royal-6-seater-sheesham-dining-set.webp', 7),
  ('Living Room', 'living-room', 'TV units, recliners, display cabinets, ottomans and room dividers.', '/images/products/skyline-tv-unit.webp', 8),
  ('Bedroom', 'bedroom', 'Bedside tables, dressing tables, benches, mirrors and chests.', '/images/products/rani-dressing-table-with-mirror.webp', 9),
  ('Outdoor', 'outdoor', 'Balcony sets, swings, garden benches and loungers for the open air.', '/images/products/goa-balcony-set.webp', 10)
on conflict (slug) do nothing;

-- The first row is the newest (created_at steps back an hour per row), so "newest first" lists and
-- the home page's first 8 featured products come out in a fixed order.
insert into public.products (
  slug, name, description, price, original_price, category_id, image_url, images, dimensions, material,
  color, weight, stock_quantity, featured, in_stock, specifications, rating, review_count, created_at
)
select
  p.slug, p.name, p.description, p.price, p.original_price, c.id,
  '/images/products/' || p.slug || '.webp',
  array['/images/products/' || p.slug || '.webp'],
  p.dimensions, p.material, p.color, p.weight, p.stock, p.featured, p.stock > 0,
  jsonb_build_object('features', to_jsonb(p.features), 'warranty', p.warranty, 'assembly', p.assembly),
  p.rating, p.reviews, now() - p.ord * interval '1 hour'
from (
  -- row_number() over () numbers the rows in the order written.
  select v.*, row_number() over () as ord
  from (
  values
  -- Sofas
  ('sofas', 'aarav-3-seater-fabric-sofa', 'Aarav 3-Seater Fabric Sofa',
   'A deep-seated three-seater with high-resilience foam cushions and a solid pine frame, upholstered in a soft, stain-resistant weave.',
   24999, 38999, 'Fabric', 'Charcoal Grey', 'W 198 x D 84 x H 86 cm', '52 kg', 14, true, 4.6, 128,
   array['Stain-resistant fabric', 'High-resilience foam seats', 'Solid pine wood frame', 'Removable cushion covers'], '1 year', 'Pre-assembled; legs fitted on delivery'),
  ('sofas', 'meera-l-shaped-sectional-sofa', 'Meera L-Shaped Sectional Sofa',
   'A roomy five-seater sectional with its chaise on the left or the right, to fit the corner of your living room.',
   54999, 79999, 'Fabric', 'Teal Blue', 'W 260 x D 165 x H 85 cm', '88 kg', 3, true, 4.5, 86,
   array['Chaise on the left or the right', 'Seats five', 'Pocket-spring seating', 'Kiln-dried hardwood frame'], '1 year', 'Free assembly by our team'),
  ('sofas', 'kabir-2-seater-leather-sofa', 'Kabir 2-Seater Leather Sofa',
   'Top-grain leather over a hardwood frame, with tufted back cushions that soften and age beautifully.',
   42999, 59999, 'Leather', 'Tan Brown', 'W 160 x D 88 x H 84 cm', '45 kg', 4, false, 4.7, 64,
   array['Top-grain leather', 'Tufted back cushions', 'Hardwood frame', 'Solid wood legs'], '1 year', 'Pre-assembled'),
  ('sofas', 'nisha-sofa-cum-bed', 'Nisha Sofa Cum Bed',
   'A three-seater by day that pulls out into a double bed by night, for the guest room or a compact flat.',
   18999, 27999, 'Fabric', 'Mustard Yellow', 'W 190 x D 90 x H 82 cm (bed 190 x 120 cm)', '48 kg', 18, false, 4.3, 212,
   array['Pull-out double bed', 'Storage under the seat', 'Engineered wood frame', 'Two cushions included'], '1 year', 'DIY assembly with instructions'),
  ('sofas', 'raja-sheesham-wood-sofa-set', 'Raja Sheesham Wood 3+1+1 Sofa Set',
   'A solid sheesham wood sofa set with hand-carved arms and beige cushions: a three-seater and two armchairs.',
   64999, 89999, 'Sheesham wood', 'Honey Brown', '3-seater W 195 x D 80 x H 88 cm', '95 kg', 3, true, 4.8, 41,
   array['Solid sheesham wood', 'Hand-carved arm rests', '3-seater plus two armchairs', 'Termite-treated wood'], '3 years on the frame', 'Free assembly by our team'),
  ('sofas', 'ira-chesterfield-3-seater-sofa', 'Ira Chesterfield 3-Seater Sofa',
   'The classic Chesterfield, deep-buttoned and rolled-arm, in a rich velvet.',
   47999, 64999, 'Velvet fabric', 'Emerald Green', 'W 210 x D 90 x H 76 cm', '60 kg', 0, false, 4.6, 39,
   array['Deep-button tufting', 'Rolled arms', 'Plush velvet upholstery', 'Brass-finish legs'], '1 year', 'Pre-assembled'),
  ('sofas', 'advik-2-seater-loveseat', 'Advik 2-Seater Loveseat',
   'A compact two-seater with clean lines and tapered legs, made for small living rooms and studios.',
   15999, 21999, 'Fabric', 'Light Grey', 'W 140 x D 80 x H 84 cm', '30 kg', 22, false, 4.2, 97,
   array['Compact footprint', 'Tapered rubberwood legs', 'Fibre-filled back cushions'], '1 year', 'DIY assembly: screw in the legs'),
  -- Chairs
  ('chairs', 'zara-velvet-accent-chair', 'Zara Velvet Accent Chair',
   'A curved, channel-tufted accent chair in soft velvet on slim gold-finish legs.',
   12999, 18999, 'Velvet fabric', 'Blush Pink', 'W 72 x D 76 x H 84 cm', '14 kg', 20, true, 4.5, 143,
   array['Channel-tufted back', 'Gold-finish metal legs', 'High-density foam seat'], '1 year', 'DIY assembly: screw in the legs'),
  ('chairs', 'ananya-sheesham-rocking-chair', 'Ananya Sheesham Rocking Chair',
   'A traditional rocking chair carved from solid sheesham, with a woven cane back and seat.',
   14999, 19999, 'Sheesham wood', 'Walnut Brown', 'W 65 x D 95 x H 100 cm', '16 kg', 9, false, 4.7, 76,
   array['Solid sheesham wood', 'Hand-woven cane seat and back', 'Smooth, even rock'], '1 year', 'Pre-assembled'),
  ('chairs', 'vikram-wingback-armchair', 'Vikram Wingback Armchair',
   'A high-backed wingback armchair for reading corners, with a cushioned seat and turned wooden legs.',
   17999, 24999, 'Fabric', 'Navy Blue', 'W 80 x D 85 x H 105 cm', '22 kg', 7, false, 4.4, 58,
   array['High wingback', 'Sinuous spring base', 'Turned rubberwood legs'], '1 year', 'Pre-assembled'),
  ('chairs', 'kaia-cane-lounge-chair', 'Kaia Cane Lounge Chair',
   'A low lounge chair in solid teak with a hand-woven natural cane seat and back.',
   10999, 14999, 'Teak wood', 'Natural', 'W 66 x D 78 x H 76 cm', '11 kg', 12, false, 4.6, 91,
   array['Solid teak frame', 'Hand-woven cane', 'Seat cushion included'], '1 year', 'Pre-assembled'),
  ('chairs', 'leo-leather-lounge-chair-with-ottoman', 'Leo Leather Lounge Chair with Ottoman',
   'A reclined lounge chair and matching ottoman in aniline leather on a swivel base.',
   32999, 44999, 'Leather', 'Cognac', 'Chair W 84 x D 86 x H 100 cm; ottoman W 60 x D 50 x H 43 cm', '32 kg', 0, false, 4.8, 22,
   array['Aniline leather', 'Swivel and tilt', 'Matching ottoman'], '1 year', 'DIY assembly with instructions'),
  ('chairs', 'riya-xxl-bean-bag', 'Riya XXL Bean Bag with Beans',
   'A big, squashy bean bag in easy-clean faux leather, filled and ready to sink into.',
   2999, 4999, 'Faux leather', 'Black', 'Diameter 85 x H 110 cm', '6 kg', 40, false, 4.1, 530,
   array['Filled with beans', 'Double stitching', 'Easy-clean cover'], '6 months', 'No assembly needed'),
  ('chairs', 'jodhpur-mango-wood-armchair', 'Jodhpur Mango Wood Armchair',
   'A sturdy armchair in solid mango wood from Jodhpur''s workshops, with a cotton seat cushion.',
   9999, 13999, 'Mango wood', 'Natural', 'W 62 x D 64 x H 84 cm', '12 kg', 15, false, 4.3, 47,
   array['Solid mango wood', 'Cotton seat cushion', 'Hand-finished'], '1 year', 'Pre-assembled'),
  -- Tables
  ('tables', 'aria-sheesham-coffee-table', 'Aria Sheesham Coffee Table',
   'A solid sheesham coffee table with a lower shelf and two drawers for remotes and magazines.',
   11999, 16999, 'Sheesham wood', 'Honey Brown', 'W 110 x D 60 x H 45 cm', '24 kg', 16, true, 4.6, 188,
   array['Solid sheesham wood', 'Two drawers', 'Lower display shelf'], '1 year', 'Pre-assembled'),
  ('tables', 'nova-set-of-3-nesting-tables', 'Nova Set of 3 Nesting Tables',
   'Three mango wood tables that tuck into one another when you do not need them all.',
   7999, 11999, 'Mango wood', 'Walnut', 'Largest W 55 x D 40 x H 55 cm', '14 kg', 25, false, 4.4, 102,
   array['Set of three', 'Solid mango wood tops', 'Powder-coated legs'], '1 year', 'Pre-assembled'),
  ('tables', 'sana-marble-top-side-table', 'Sana Marble Top Side Table',
   'A round side table with a white marble top on a slim gold-finish metal base.',
   6499, 8999, 'Marble and metal', 'White and Gold', 'Diameter 45 x H 55 cm', '9 kg', 10, false, 4.5, 67,
   array['Genuine marble top', 'Rust-resistant base', 'Felt pads on the feet'], '1 year', 'DIY assembly: two screws'),
  ('tables', 'rudra-mango-wood-console-table', 'Rudra Mango Wood Console Table',
   'A slim console table for the entrance, with three drawers and brass-finish handles.',
   15999, 21999, 'Mango wood', 'Natural', 'W 120 x D 35 x H 80 cm', '26 kg', 5, false, 4.3, 34,
   array['Three drawers', 'Brass-finish handles', 'Solid mango wood'], '1 year', 'Pre-assembled'),
  ('tables', 'arjun-study-table-with-drawer', 'Arjun Study Table with Drawer',
   'A practical study table with a drawer, an open shelf and a cable cut-out.',
   8999, 12999, 'Engineered wood', 'Wenge', 'W 110 x D 55 x H 75 cm', '28 kg', 30, false, 4.2, 256,
   array['Drawer and open shelf', 'Cable cut-out', 'Scratch-resistant laminate'], '1 year', 'DIY assembly with instructions'),
  ('tables', 'kiara-lift-top-coffee-table', 'Kiara Lift-Top Coffee Table',
   'A coffee table whose top lifts to laptop height, with hidden storage underneath.',
   13999, 19999, 'Engineered wood', 'Oak', 'W 100 x D 50 x H 42 cm (lifted 62 cm)', '30 kg', 8, false, 4.4, 73,
   array['Lift-up top', 'Hidden storage', 'Soft-rise hinges'], '1 year', 'Free assembly by our team'),
  ('tables', 'chettinad-teak-centre-table', 'Chettinad Teak Centre Table',
   'A heavy teak centre table in the Chettinad style, with turned legs and a thick solid top.',
   21999, 28999, 'Teak wood', 'Natural Teak', 'W 120 x D 70 x H 45 cm', '38 kg', 2, false, 4.8, 19,
   array['Solid Burma teak', 'Hand-turned legs', 'Natural oil finish'], '3 years on the frame', 'Pre-assembled'),
  -- Beds
  ('beds', 'maharaja-sheesham-king-bed-with-storage', 'Maharaja Sheesham King Size Bed with Storage',
   'A king size bed in solid sheesham with a carved headboard and box storage under the mattress.',
   54999, 74999, 'Sheesham wood', 'Provincial Teak', 'W 193 x L 208 x H 105 cm', '140 kg', 5, true, 4.7, 96,
   array['Solid sheesham wood', 'Box storage', 'Carved headboard', 'Fits a 72 x 78 inch mattress'], '3 years on the frame', 'Free assembly by our team'),
  ('beds', 'orion-queen-bed-with-hydraulic-storage', 'Orion Bed with Hydraulic Storage',
   'A queen or king bed whose base lifts on gas struts to reveal the whole storage box underneath.',
   32999, 46999, 'Engineered wood', 'Walnut', 'W 163 x L 208 x H 95 cm', '110 kg', 11, false, 4.4, 214,
   array['Hydraulic lift storage', 'Upholstered headboard', 'Queen fits a 60 x 78 inch mattress, king 72 x 78'], '1 year', 'Free assembly by our team'),
  ('beds', 'siya-upholstered-king-bed', 'Siya Upholstered Bed',
   'A fully upholstered queen or king bed with a tall, channel-stitched headboard.',
   35999, 49999, 'Fabric', 'Beige', 'W 168 x L 213 x H 120 cm', '75 kg', 8, false, 4.6, 58,
   array['Tall padded headboard', 'Solid wood slats', 'Queen fits a 60 x 78 inch mattress, king 72 x 78'], '1 year', 'Free assembly by our team'),
  ('beds', 'arnav-single-bed', 'Arnav Single Bed',
   'A simple, sturdy single bed for a child''s room or a guest room.',
   12999, 16999, 'Engineered wood', 'Frosty White', 'W 97 x L 198 x H 85 cm', '40 kg', 20, false, 4.2, 87,
   array['Fits a 36 x 75 inch mattress', 'Rounded corners', 'Easy-clean laminate'], '1 year', 'DIY assembly with instructions'),
  ('beds', 'kerala-teak-four-poster-bed', 'Kerala Teak Four-Poster Bed',
   'A grand four-poster bed in solid teak, turned and carved by hand in Kerala; the queen is made to order.',
   79999, 104999, 'Teak wood', 'Dark Walnut', 'W 170 x L 215 x H 210 cm', '160 kg', 0, false, 4.9, 12,
   array['Solid teak', 'Hand-carved posts', 'Canopy frame', 'Queen fits a 60 x 78 inch mattress, king 72 x 78'], '5 years on the frame', 'Free assembly by our carpenters'),
  ('beds', 'ranthambore-mango-wood-queen-bed', 'Ranthambore Mango Wood Queen Bed',
   'A queen bed in solid mango wood with a slatted headboard and a warm natural finish.',
   36999, 49999, 'Mango wood', 'Natural', 'W 165 x L 210 x H 100 cm', '95 kg', 0, false, 4.5, 44,
   array['Solid mango wood', 'Slatted headboard', 'Fits a 60 x 78 inch mattress'], '3 years on the frame', 'Free assembly by our team'),
  ('beds', 'ziva-metal-queen-bed', 'Ziva Metal Bed',
   'A light, strong metal bed with a minimalist headboard and under-bed clearance for storage boxes.',
   17999, 22999, 'Metal', 'Matte Black', 'W 160 x L 205 x H 95 cm', '45 kg', 14, false, 4.1, 71,
   array['Powder-coated steel', 'Under-bed clearance', 'Noise-free joints'], '1 year', 'DIY assembly with instructions'),
  -- Storage
  ('storage', 'aditya-3-door-wardrobe-with-mirror', 'Aditya 3-Door Wardrobe with Mirror',
   'A three-door wardrobe with a full-length mirror, hanging space, shelves and a locker.',
   28999, 39999, 'Engineered wood', 'Walnut', 'W 135 x D 55 x H 200 cm', '120 kg', 9, false, 4.4, 133,
   array['Full-length mirror', 'Hanging rod and shelves', 'Internal locker'], '1 year', 'Free assembly by our team'),
  ('storage', 'vedika-sheesham-bookshelf', 'Vedika Sheesham Bookshelf',
   'A five-shelf bookcase in solid sheesham, with a cabinet at the bottom for the things you hide.',
   16999, 22999, 'Sheesham wood', 'Honey Brown', 'W 80 x D 35 x H 180 cm', '42 kg', 12, false, 4.6, 66,
   array['Solid sheesham wood', 'Five shelves', 'Closed bottom cabinet'], '3 years on the frame', 'Pre-assembled'),
  ('storage', 'kiaan-shoe-rack-cabinet', 'Kiaan Shoe Rack Cabinet',
   'A slim shoe cabinet with tilt-out compartments that hold up to 18 pairs.',
   6999, 9999, 'Engineered wood', 'Wenge', 'W 80 x D 24 x H 110 cm', '25 kg', 35, false, 4.3, 301,
   array['Holds 18 pairs', 'Tilt-out doors', 'Wall anchor included'], '1 year', 'DIY assembly with instructions'),
  ('storage', 'inaya-chest-of-5-drawers', 'Inaya Chest of 5 Drawers',
   'A tall chest of five drawers in solid mango wood with metal runners.',
   18999, 25999, 'Mango wood', 'Natural', 'W 75 x D 45 x H 120 cm', '48 kg', 4, false, 4.5, 48,
   array['Five deep drawers', 'Metal runners', 'Solid mango wood'], '1 year', 'Pre-assembled'),
  ('storage', 'aura-2-door-sliding-wardrobe', 'Aura 2-Door Sliding Wardrobe',
   'A sliding-door wardrobe that needs no room to open, with lofts for suitcases.',
   34999, 47999, 'Engineered wood', 'Frosty White', 'W 180 x D 60 x H 210 cm', '150 kg', 0, false, 4.3, 29,
   array['Sliding doors', 'Loft storage', 'Soft-close runners'], '1 year', 'Free assembly by our team'),
  ('storage', 'saanvi-set-of-3-wall-shelves', 'Saanvi Set of 3 Wall Shelves',
   'Three floating shelves in mango wood, in three lengths, with concealed brackets.',
   2499, 3999, 'Mango wood', 'Natural', 'W 60, 45 and 30 x D 15 cm', '5 kg', 60, false, 4.2, 412,
   array['Set of three', 'Concealed brackets', 'Wall plugs included'], '6 months', 'DIY: wall mounting'),
  ('storage', 'rajputana-brass-inlay-storage-trunk', 'Rajputana Brass-Inlay Storage Trunk',
   'A sheesham trunk with hand-set brass inlay, for blankets, or as a coffee table with a story.',
   21999, 29999, 'Sheesham wood', 'Walnut Brown', 'W 90 x D 45 x H 50 cm', '30 kg', 3, false, 4.8, 17,
   array['Hand-set brass inlay', 'Solid sheesham wood', 'Soft-close lid stay'], '1 year', 'Pre-assembled'),
  -- Office
  ('office', 'ergopro-mesh-office-chair', 'ErgoPro Mesh Office Chair',
   'A breathable mesh chair with adjustable lumbar support, headrest and 3D armrests for long working days.',
   11999, 17999, 'Mesh and nylon', 'Black', 'W 66 x D 66 x H 118-128 cm', '17 kg', 26, true, 4.5, 389,
   array['Adjustable lumbar support', 'Headrest', '3D armrests', 'Class 3 gas lift'], '1 year', 'DIY assembly in 10 minutes'),
  ('office', 'chairman-executive-leather-chair', 'Chairman Executive Leather Chair',
   'A high-back executive chair in leather with a padded headrest and a knee-tilt mechanism.',
   19999, 27999, 'Leather', 'Black', 'W 70 x D 72 x H 120-128 cm', '22 kg', 10, false, 4.4, 121,
   array['Genuine leather seat', 'Knee-tilt lock', 'Chrome base'], '1 year', 'DIY assembly with instructions'),
  ('office', 'vertex-office-desk', 'Vertex Office Desk',
   'A spacious desk with a drawer pedestal and a keyboard tray.',
   13999, 18999, 'Engineered wood', 'Oak and White', 'W 140 x D 60 x H 75 cm', '45 kg', 15, false, 4.3, 95,
   array['Three-drawer pedestal', 'Keyboard tray', 'Cable grommets'], '1 year', 'Free assembly by our team'),
  ('office', 'liftup-electric-standing-desk', 'LiftUp Electric Standing Desk',
   'A dual-motor standing desk that moves from sitting to standing height at the touch of a button.',
   34999, 44999, 'Metal and engineered wood', 'Black and Walnut', 'W 140 x D 70 x H 72-120 cm', '38 kg', 4, false, 4.7, 38,
   array['Dual motors', 'Four height presets', 'Anti-collision sensor'], '1 year (5 years on the motors)', 'DIY assembly with instructions'),
  ('office', 'securo-3-drawer-filing-cabinet', 'Securo 3-Drawer Filing Cabinet',
   'A lockable steel filing cabinet on castors that slides under most desks.',
   9499, 12999, 'Metal', 'Grey', 'W 40 x D 50 x H 60 cm', '20 kg', 18, false, 4.2, 54,
   array['Central lock', 'Castors', 'Takes A4 and foolscap files'], '1 year', 'Pre-assembled'),
  ('office', 'nook-wall-mounted-laptop-desk', 'Nook Wall-Mounted Laptop Desk',
   'A fold-down wall desk that becomes a shelf when you close it.',
   4499, 6999, 'Engineered wood', 'Walnut', 'W 80 x D 45 x H 60 cm (open)', '10 kg', 0, false, 4.0, 167,
   array['Folds flat', 'Inner shelf', 'Wall fixings included'], '1 year', 'DIY: wall mounting'),
  ('office', 'shyam-sheesham-writing-desk', 'Shyam Sheesham Writing Desk',
   'A writing desk in solid sheesham with two drawers and tapered legs.',
   18999, 24999, 'Sheesham wood', 'Walnut Brown', 'W 120 x D 60 x H 76 cm', '32 kg', 7, false, 4.6, 31,
   array['Solid sheesham wood', 'Two drawers', 'Tapered legs'], '3 years on the frame', 'Pre-assembled'),
  -- Dining
  ('dining', 'royal-6-seater-sheesham-dining-set', 'Royal 6-Seater Sheesham Dining Set',
   'A six-seater dining set in solid sheesham: a 180 cm table and six cushioned chairs.',
   59999, 84999, 'Sheesham wood', 'Honey Brown', 'Table W 180 x D 90 x H 76 cm', '120 kg', 4, true, 4.7, 112,
   array['Table and six chairs', 'Solid sheesham wood', 'Cushioned seats'], '3 years on the frame', 'Free assembly by our team'),
  ('dining', 'cosy-4-seater-dining-set', 'Cosy 4-Seater Dining Set',
   'A compact four-seater for small dining rooms: table and four upholstered chairs.',
   24999, 34999, 'Engineered wood', 'Walnut and Beige', 'Table W 120 x D 75 x H 75 cm', '60 kg', 12, false, 4.3, 176,
   array['Table and four chairs', 'Upholstered seats', 'Heat-resistant top'], '1 year', 'Free assembly by our team'),
  ('dining', 'ambar-marble-top-6-seater-dining-table', 'Ambar Marble Top 6-Seater Dining Table',
   'A white marble top on a solid sheesham base: a dining table for the long lunches.',
   74999, 99999, 'Marble and sheesham wood', 'White and Walnut', 'W 180 x D 90 x H 76 cm', '140 kg', 2, false, 4.8, 23,
   array['Genuine Indian marble', 'Solid sheesham base', 'Sealed against stains'], '1 year', 'Free assembly by our team'),
  ('dining', 'aarna-set-of-2-upholstered-dining-chairs', 'Aarna Set of 2 Upholstered Dining Chairs',
   'Two dining chairs with curved backs, upholstered in an easy-clean fabric on rubberwood legs.',
   9999, 13999, 'Fabric', 'Grey', 'W 48 x D 55 x H 88 cm each', '12 kg', 24, false, 4.4, 88,
   array['Set of two', 'Easy-clean fabric', 'Solid rubberwood legs'], '1 year', 'Pre-assembled'),
  ('dining', 'heritage-sheesham-crockery-cabinet', 'Heritage Sheesham Crockery Cabinet',
   'A crockery cabinet with glass doors above and drawers below, in solid sheesham.',
   32999, 42999, 'Sheesham wood', 'Walnut Brown', 'W 100 x D 40 x H 180 cm', '70 kg', 5, false, 4.6, 37,
   array['Glass display doors', 'Two drawers', 'Solid sheesham wood'], '3 years on the frame', 'Pre-assembled'),
  ('dining', 'tavern-mango-wood-bar-cabinet', 'Tavern Mango Wood Bar Cabinet',
   'A bar cabinet with wine racks, stemware holders and a pull-out serving shelf.',
   27999, 36999, 'Mango wood', 'Distressed Natural', 'W 90 x D 45 x H 150 cm', '55 kg', 0, false, 4.5, 19,
   array['Wine racks', 'Stemware holders', 'Pull-out shelf'], '1 year', 'Pre-assembled'),
  ('dining', 'banyan-teak-dining-bench', 'Banyan Teak Dining Bench',
   'A backless dining bench in solid teak that seats three.',
   11999, 15999, 'Teak wood', 'Natural Teak', 'W 140 x D 38 x H 46 cm', '18 kg', 9, false, 4.3, 26,
   array['Seats three', 'Solid teak', 'Natural oil finish'], '1 year', 'Pre-assembled'),
  -- Living room
  ('living-room', 'skyline-tv-unit', 'Skyline TV Unit',
   'A low, wide TV unit for screens up to 65 inches, with closed storage and open shelves.',
   19999, 27999, 'Engineered wood', 'Walnut and White', 'W 180 x D 40 x H 50 cm', '55 kg', 13, true, 4.4, 201,
   array['Fits TVs up to 65 inches', 'Cable management', 'Two drawers and open shelves'], '1 year', 'Free assembly by our team'),
  ('living-room', 'relaxo-single-seater-recliner', 'Relaxo Single Seater Recliner',
   'A manual recliner in leather that tips back to a near-flat position with a gentle pull.',
   22999, 32999, 'Leather', 'Chocolate Brown', 'W 85 x D 95 x H 102 cm (reclined D 160 cm)', '40 kg', 8, false, 4.6, 147,
   array['Manual recline', 'Leather upholstery', 'Pocket-spring seat'], '1 year (3 years on the mechanism)', 'Pre-assembled'),
  ('living-room', 'moroccan-pouffe-ottoman', 'Moroccan Pouffe Ottoman',
   'A hand-stitched round pouffe that works as a footrest, an extra seat or a side table.',
   3499, 4999, 'Fabric', 'Indigo', 'Diameter 50 x H 40 cm', '4 kg', 30, false, 4.3, 95,
   array['Hand-stitched', 'Filled and ready to use', 'Cotton cover'], '6 months', 'No assembly needed'),
  ('living-room', 'mahal-sheesham-display-cabinet', 'Mahal Sheesham Display Cabinet',
   'A tall display cabinet with glass doors and a carved crown, in solid sheesham.',
   29999, 39999, 'Sheesham wood', 'Honey Brown', 'W 90 x D 40 x H 190 cm', '65 kg', 3, false, 4.7, 28,
   array['Glass doors', 'Adjustable shelves', 'Solid sheesham wood'], '3 years on the frame', 'Pre-assembled'),
  ('living-room', 'jaali-wooden-room-divider', 'Jaali Wooden Room Divider',
   'A four-panel folding screen with a hand-cut jaali pattern in mango wood.',
   12999, 17999, 'Mango wood', 'Natural', 'W 180 x H 180 cm (four panels)', '22 kg', 6, false, 4.5, 33,
   array['Four folding panels', 'Hand-cut jaali', 'Solid mango wood'], '1 year', 'No assembly needed'),
  ('living-room', 'duo-2-seater-recliner-sofa', 'Duo 2-Seater Recliner Sofa',
   'A two-seater whose both seats recline independently, in soft-touch leather.',
   49999, 69999, 'Leather', 'Black', 'W 155 x D 95 x H 100 cm', '75 kg', 0, false, 4.5, 24,
   array['Two independent recliners', 'Cup holders in the console', 'Leather upholstery'], '1 year (3 years on the mechanism)', 'Pre-assembled'),
  ('living-room', 'spiral-corner-bookshelf', 'Spiral Corner Bookshelf',
   'A five-tier corner shelf that turns an empty corner into a display.',
   7999, 10999, 'Engineered wood', 'Wenge', 'W 60 x D 60 x H 170 cm', '20 kg', 17, false, 4.2, 64,
   array['Five tiers', 'Fits any corner', 'Wall anchor included'], '1 year', 'DIY assembly with instructions'),
  -- Bedroom
  ('bedroom', 'luna-sheesham-bedside-table', 'Luna Sheesham Bedside Table',
   'A bedside table in solid sheesham with a drawer and an open shelf.',
   6999, 9499, 'Sheesham wood', 'Walnut Brown', 'W 45 x D 40 x H 55 cm', '10 kg', 28, false, 4.5, 156,
   array['Drawer and open shelf', 'Solid sheesham wood', 'Rounded edges'], '1 year', 'Pre-assembled'),
  ('bedroom', 'rani-dressing-table-with-mirror', 'Rani Dressing Table with Mirror',
   'A dressing table with a large mirror, five drawers and a cushioned stool.',
   16999, 23999, 'Engineered wood', 'Walnut', 'W 100 x D 40 x H 150 cm', '45 kg', 10, true, 4.4, 119,
   array['Large mirror', 'Five drawers', 'Matching stool'], '1 year', 'Free assembly by our team'),
  ('bedroom', 'nidra-upholstered-bed-end-bench', 'Nidra Upholstered Bed-End Bench',
   'A padded bench for the foot of the bed, in velvet on solid wood legs.',
   9999, 13999, 'Velvet fabric', 'Mustard Yellow', 'W 120 x D 40 x H 45 cm', '12 kg', 11, false, 4.3, 41,
   array['Button-tufted seat', 'Solid wood legs', 'Seats two'], '1 year', 'DIY assembly: screw in the legs'),
  ('bedroom', 'mehr-full-length-floor-mirror', 'Mehr Full-Length Floor Mirror',
   'A full-length standing mirror in a carved mango wood frame.',
   8999, 12999, 'Mango wood', 'Natural', 'W 60 x H 170 cm', '15 kg', 0, false, 4.6, 58,
   array['Full-length mirror', 'Carved mango wood frame', 'Stands or hangs'], '1 year', 'No assembly needed'),
  ('bedroom', 'twin-bedside-tables-set-of-2', 'Twin Bedside Tables (Set of 2)',
   'A pair of matching bedside tables with a drawer each, for both sides of the bed.',
   8499, 11999, 'Engineered wood', 'Frosty White', 'W 40 x D 35 x H 50 cm each', '16 kg', 15, false, 4.1, 77,
   array['Set of two', 'Soft-close drawers', 'Easy-clean laminate'], '1 year', 'DIY assembly with instructions'),
  ('bedroom', 'meher-painted-chest-of-3-drawers', 'Meher Hand-Painted Chest of 3 Drawers',
   'A mango wood chest painted by hand with floral motifs in ivory and blue.',
   14999, 19999, 'Mango wood', 'Ivory and Blue', 'W 80 x D 40 x H 85 cm', '30 kg', 5, false, 4.7, 22,
   array['Hand-painted', 'Three drawers', 'Solid mango wood'], '1 year', 'Pre-assembled'),
  ('bedroom', 'coorg-teak-clothes-stand', 'Coorg Teak Clothes Stand',
   'A valet stand in solid teak for tomorrow''s clothes, with a tray for keys and a watch.',
   4999, 6999, 'Teak wood', 'Natural Teak', 'W 45 x D 35 x H 110 cm', '5 kg', 14, false, 4.2, 36,
   array['Solid teak', 'Trouser bar and tray', 'Shoe rest'], '1 year', 'DIY assembly with instructions'),
  -- Outdoor
  ('outdoor', 'goa-balcony-set', 'Goa Balcony Set (2 Chairs and Table)',
   'Two weatherproof wicker chairs and a glass-top table sized for an Indian balcony.',
   13999, 19999, 'Wicker', 'Brown', 'Chair W 60 x D 62 x H 80 cm; table diameter 50 cm', '18 kg', 12, true, 4.4, 98,
   array['UV- and rain-resistant wicker', 'Powder-coated frame', 'Seat cushions included'], '1 year', 'Pre-assembled'),
  ('outdoor', 'jhoola-hanging-swing-chair-with-stand', 'Jhoola Hanging Swing Chair with Stand',
   'A cocoon swing in natural cane on a steel stand, with a thick cushion.',
   16999, 24999, 'Wicker', 'Natural Cane', 'W 105 x D 105 x H 195 cm', '28 kg', 7, false, 4.6, 143,
   array['Steel stand included', 'Holds 120 kg', 'Thick cushion'], '1 year', 'DIY assembly with instructions'),
  ('outdoor', 'udaipur-teak-garden-bench', 'Udaipur Teak Garden Bench',
   'A slatted garden bench in solid teak that weathers to a silver grey.',
   18999, 24999, 'Teak wood', 'Natural Teak', 'W 150 x D 60 x H 90 cm', '30 kg', 4, false, 4.7, 27,
   array['Solid teak', 'Weather-resistant', 'Seats three'], '3 years on the frame', 'Pre-assembled'),
  ('outdoor', 'pondy-folding-patio-chairs-set-of-2', 'Pondy Folding Patio Chairs (Set of 2)',
   'Two folding chairs in acacia wood that hang flat on the wall when not in use.',
   5999, 8499, 'Acacia wood', 'Natural', 'W 46 x D 55 x H 88 cm each', '9 kg', 20, false, 4.2, 61,
   array['Folds flat', 'Oiled acacia wood', 'Set of two'], '1 year', 'No assembly needed'),
  ('outdoor', 'kovalam-4-seater-outdoor-sofa-set', 'Kovalam 4-Seater Outdoor Sofa Set',
   'A four-seater outdoor sofa set in all-weather wicker with a coffee table.',
   44999, 59999, 'Wicker', 'Grey', 'Sofa W 130 x D 70 x H 75 cm', '60 kg', 0, false, 4.5, 18,
   array['All-weather wicker', 'Quick-dry cushions', 'Glass-top coffee table'], '1 year', 'Free assembly by our team'),
  ('outdoor', 'marina-teak-sun-lounger', 'Marina Teak Sun Lounger',
   'A teak sun lounger with a five-position back and wheels to follow the sun.',
   14999, 19999, 'Teak wood', 'Natural Teak', 'W 65 x L 195 x H 35 cm', '25 kg', 3, false, 4.3, 14,
   array['Five-position back', 'Rear wheels', 'Solid teak'], '1 year', 'Pre-assembled')
) as v (
  category_slug, slug, name, description, price, original_price, material, color, dimensions, weight,
  stock, featured, rating, reviews, features, warranty, assembly
)
) as p
join public.categories as c on c.slug = p.category_slug
order by p.ord
on conflict (slug) do nothing;


-- Variants (issue 16): furniture sold by fabric, configuration, size and finish. 14 products get options;
-- the rest keep the single default variant the database made when the product was inserted (sku
-- 'FC-<id>', title 'Default'). For an optioned product the product row above describes its DEFAULT
-- variant, which is the first combination (the first value of each option, in the order written) and the
-- cheapest, so the price and stock written there are that variant's; the database keeps the product's
-- price (lowest), price_max and stock (sum) as summaries of its variants.
--
-- Two lists, both parsed by the image generator too (tools/product-images/src/seed.ts), so keep their
-- shape:
--   options: (product slug, option, value, swatch colour or null); options and values are positioned
--            in the order written.
--   variants: (product slug, sku, array[value per option, in option order], price, original_price,
--            stock, dimensions or null (= the product's), weight or null, lead_time_days, made_to_order).
-- Every variant's picture is /images/products/<slug>--<lower(sku)>.webp, rendered in its colour and
-- shape (an L-shape's chaise on its side, a king bed's width). Stock arrives as 'import' movements
-- in the stock ledger, so stock = sum(movements) from the start.
create temporary table seed_option_values (
  ord serial,
  slug text not null,
  option_name text not null,
  value text not null,
  swatch_color text
);
insert into seed_option_values (slug, option_name, value, swatch_color)
values
  ('aarav-3-seater-fabric-sofa', 'Fabric', 'Grey linen-look', '#45474c'),
  ('aarav-3-seater-fabric-sofa', 'Fabric', 'Teal velvet', '#1f6d78'),
  ('aarav-3-seater-fabric-sofa', 'Fabric', 'Mustard cotton', '#d19a1e'),
  ('aarav-3-seater-fabric-sofa', 'Configuration', '3-seater', null),
  ('aarav-3-seater-fabric-sofa', 'Configuration', 'L-shape (left)', null),
  ('aarav-3-seater-fabric-sofa', 'Configuration', 'L-shape (right)', null),
  ('meera-l-shaped-sectional-sofa', 'Fabric', 'Teal velvet', '#1f6d78'),
  ('meera-l-shaped-sectional-sofa', 'Fabric', 'Grey linen-look', '#8c8e91'),
  ('meera-l-shaped-sectional-sofa', 'Fabric', 'Mustard cotton', '#d19a1e'),
  ('meera-l-shaped-sectional-sofa', 'Configuration', 'L-shape (right)', null),
  ('meera-l-shaped-sectional-sofa', 'Configuration', 'L-shape (left)', null),
  ('kabir-2-seater-leather-sofa', 'Leather', 'Tan brown', '#a8683a'),
  ('kabir-2-seater-leather-sofa', 'Leather', 'Cognac', '#8a4420'),
  ('kabir-2-seater-leather-sofa', 'Leather', 'Black', '#1f1f1f'),
  ('nisha-sofa-cum-bed', 'Fabric', 'Mustard cotton', '#d19a1e'),
  ('nisha-sofa-cum-bed', 'Fabric', 'Grey linen-look', '#8c8e91'),
  ('nisha-sofa-cum-bed', 'Fabric', 'Teal velvet', '#1f6d78'),
  ('raja-sheesham-wood-sofa-set', 'Finish', 'Teak', '#a86a32'),
  ('raja-sheesham-wood-sofa-set', 'Finish', 'Walnut', '#5e3b22'),
  ('advik-2-seater-loveseat', 'Fabric', 'Light grey linen-look', '#bdbfc1'),
  ('advik-2-seater-loveseat', 'Fabric', 'Teal velvet', '#1f6d78'),
  ('advik-2-seater-loveseat', 'Fabric', 'Mustard cotton', '#d19a1e'),
  ('orion-queen-bed-with-hydraulic-storage', 'Size', 'Queen', null),
  ('orion-queen-bed-with-hydraulic-storage', 'Size', 'King', null),
  ('siya-upholstered-king-bed', 'Size', 'Queen', null),
  ('siya-upholstered-king-bed', 'Size', 'King', null),
  ('kerala-teak-four-poster-bed', 'Size', 'Queen', null),
  ('kerala-teak-four-poster-bed', 'Size', 'King', null),
  ('ziva-metal-queen-bed', 'Size', 'Queen', null),
  ('ziva-metal-queen-bed', 'Size', 'King', null),
  ('aria-sheesham-coffee-table', 'Finish', 'Teak', '#a86a32'),
  ('aria-sheesham-coffee-table', 'Finish', 'Walnut', '#5e3b22'),
  ('kiara-lift-top-coffee-table', 'Finish', 'Oak', '#c9a36e'),
  ('kiara-lift-top-coffee-table', 'Finish', 'Walnut', '#5b3a22'),
  ('chettinad-teak-centre-table', 'Finish', 'Natural teak', '#b07a40'),
  ('chettinad-teak-centre-table', 'Finish', 'Walnut', '#4a2e1b'),
  ('royal-6-seater-sheesham-dining-set', 'Finish', 'Teak', '#a86a32'),
  ('royal-6-seater-sheesham-dining-set', 'Finish', 'Walnut', '#5e3b22');

create temporary table seed_variants (
  ord serial,
  slug text not null,
  sku text not null,
  option_values text[] not null,
  price numeric(10, 2) not null,
  original_price numeric(10, 2),
  stock integer not null,
  dimensions text,
  weight text,
  lead_time_days integer not null,
  made_to_order boolean not null
);
insert into seed_variants (
  slug, sku, option_values, price, original_price, stock, dimensions, weight, lead_time_days, made_to_order
)
values
  -- Sofas: fabric, and for Aarav and Meera the side of the chaise
  ('aarav-3-seater-fabric-sofa', 'AARAV-GL-3S', array['Grey linen-look', '3-seater'], 24999, 38999, 14, null, null, 0, false),
  ('aarav-3-seater-fabric-sofa', 'AARAV-GL-LL', array['Grey linen-look', 'L-shape (left)'], 34999, 49999, 5, 'W 260 x D 165 x H 86 cm', '78 kg', 0, false),
  ('aarav-3-seater-fabric-sofa', 'AARAV-GL-LR', array['Grey linen-look', 'L-shape (right)'], 34999, 49999, 4, 'W 260 x D 165 x H 86 cm', '78 kg', 0, false),
  ('aarav-3-seater-fabric-sofa', 'AARAV-TV-3S', array['Teal velvet', '3-seater'], 27999, 41999, 6, null, null, 0, false),
  ('aarav-3-seater-fabric-sofa', 'AARAV-TV-LL', array['Teal velvet', 'L-shape (left)'], 37999, 52999, 0, 'W 260 x D 165 x H 86 cm', '78 kg', 21, true),
  ('aarav-3-seater-fabric-sofa', 'AARAV-TV-LR', array['Teal velvet', 'L-shape (right)'], 37999, 52999, 0, 'W 260 x D 165 x H 86 cm', '78 kg', 21, true),
  ('aarav-3-seater-fabric-sofa', 'AARAV-MU-3S', array['Mustard cotton', '3-seater'], 25999, 39999, 8, null, null, 0, false),
  ('aarav-3-seater-fabric-sofa', 'AARAV-MU-LL', array['Mustard cotton', 'L-shape (left)'], 35999, 50999, 3, 'W 260 x D 165 x H 86 cm', '78 kg', 0, false),
  -- sold out and not made to order: the product page offers "Notify me"
  ('aarav-3-seater-fabric-sofa', 'AARAV-MU-LR', array['Mustard cotton', 'L-shape (right)'], 35999, 50999, 0, 'W 260 x D 165 x H 86 cm', '78 kg', 0, false),
  ('meera-l-shaped-sectional-sofa', 'MEERA-TV-LR', array['Teal velvet', 'L-shape (right)'], 54999, 79999, 3, null, null, 0, false),
  ('meera-l-shaped-sectional-sofa', 'MEERA-TV-LL', array['Teal velvet', 'L-shape (left)'], 54999, 79999, 3, null, null, 0, false),
  ('meera-l-shaped-sectional-sofa', 'MEERA-GL-LR', array['Grey linen-look', 'L-shape (right)'], 54999, 79999, 4, null, null, 0, false),
  ('meera-l-shaped-sectional-sofa', 'MEERA-GL-LL', array['Grey linen-look', 'L-shape (left)'], 54999, 79999, 2, null, null, 0, false),
  ('meera-l-shaped-sectional-sofa', 'MEERA-MU-LR', array['Mustard cotton', 'L-shape (right)'], 56999, 81999, 0, null, null, 28, true),
  ('meera-l-shaped-sectional-sofa', 'MEERA-MU-LL', array['Mustard cotton', 'L-shape (left)'], 56999, 81999, 0, null, null, 28, true),
  ('kabir-2-seater-leather-sofa', 'KABIR-TAN', array['Tan brown'], 42999, 59999, 4, null, null, 0, false),
  ('kabir-2-seater-leather-sofa', 'KABIR-COG', array['Cognac'], 42999, 59999, 3, null, null, 0, false),
  ('kabir-2-seater-leather-sofa', 'KABIR-BLK', array['Black'], 44999, 61999, 2, null, null, 0, false),
  ('nisha-sofa-cum-bed', 'NISHA-MU', array['Mustard cotton'], 18999, 27999, 18, null, null, 0, false),
  ('nisha-sofa-cum-bed', 'NISHA-GL', array['Grey linen-look'], 18999, 27999, 10, null, null, 0, false),
  ('nisha-sofa-cum-bed', 'NISHA-TV', array['Teal velvet'], 20999, 29999, 7, null, null, 0, false),
  ('raja-sheesham-wood-sofa-set', 'RAJA-TEAK', array['Teak'], 64999, 89999, 3, null, null, 0, false),
  ('raja-sheesham-wood-sofa-set', 'RAJA-WAL', array['Walnut'], 66999, 91999, 0, null, null, 30, true),
  ('advik-2-seater-loveseat', 'ADVIK-LG', array['Light grey linen-look'], 15999, 21999, 22, null, null, 0, false),
  ('advik-2-seater-loveseat', 'ADVIK-TV', array['Teal velvet'], 17499, 23999, 9, null, null, 0, false),
  ('advik-2-seater-loveseat', 'ADVIK-MU', array['Mustard cotton'], 15999, 21999, 12, null, null, 0, false),
  -- Beds: queen or king (a king is 30 cm wider and costs more)
  ('orion-queen-bed-with-hydraulic-storage', 'ORION-Q', array['Queen'], 32999, 46999, 11, null, null, 0, false),
  ('orion-queen-bed-with-hydraulic-storage', 'ORION-K', array['King'], 36999, 51999, 6, 'W 193 x L 208 x H 95 cm', '125 kg', 0, false),
  ('siya-upholstered-king-bed', 'SIYA-Q', array['Queen'], 35999, 49999, 8, null, null, 0, false),
  ('siya-upholstered-king-bed', 'SIYA-K', array['King'], 39999, 54999, 6, 'W 198 x L 213 x H 120 cm', '85 kg', 0, false),
  ('kerala-teak-four-poster-bed', 'KERALA-Q', array['Queen'], 79999, 104999, 0, null, null, 45, true),
  ('kerala-teak-four-poster-bed', 'KERALA-K', array['King'], 89999, 119999, 1, 'W 200 x L 215 x H 210 cm', '180 kg', 0, false),
  ('ziva-metal-queen-bed', 'ZIVA-Q', array['Queen'], 17999, 22999, 14, null, null, 0, false),
  ('ziva-metal-queen-bed', 'ZIVA-K', array['King'], 20999, 26999, 7, 'W 190 x L 205 x H 95 cm', '52 kg', 0, false),
  -- Tables: teak or walnut finish (oak or walnut laminate for the Kiara)
  ('aria-sheesham-coffee-table', 'ARIA-TEAK', array['Teak'], 11999, 16999, 16, null, null, 0, false),
  ('aria-sheesham-coffee-table', 'ARIA-WAL', array['Walnut'], 12999, 17999, 9, null, null, 0, false),
  ('kiara-lift-top-coffee-table', 'KIARA-OAK', array['Oak'], 13999, 19999, 8, null, null, 0, false),
  ('kiara-lift-top-coffee-table', 'KIARA-WAL', array['Walnut'], 13999, 19999, 5, null, null, 0, false),
  ('chettinad-teak-centre-table', 'CHETT-TEAK', array['Natural teak'], 21999, 28999, 2, null, null, 0, false),
  ('chettinad-teak-centre-table', 'CHETT-WAL', array['Walnut'], 22999, 29999, 0, null, null, 30, true),
  ('royal-6-seater-sheesham-dining-set', 'ROYAL-TEAK', array['Teak'], 59999, 84999, 4, null, null, 0, false),
  ('royal-6-seater-sheesham-dining-set', 'ROYAL-WAL', array['Walnut'], 61999, 86999, 3, null, null, 0, false);

-- One statement, so the database's checks held at commit (one value per option, no duplicate
-- combination) see each product whole whatever runs this file. The default variant the product's
-- insert made becomes the first combination (its stock is already the product's opening stock); the
-- others are added, and their stock arrives as 'import' movements. Products that already have options
-- are left alone, so running the seed again changes nothing.
do $$
declare
  v_product record;
  v_row record;
  v_variant public.product_variants;
  v_first boolean;
  v_position integer;
begin
  for v_product in
    select p.id, p.slug
    from public.products as p
    where p.slug in (select s.slug from seed_variants as s)
      and not exists (select 1 from public.product_options as o where o.product_id = p.id)
    order by p.id
  loop
    insert into public.product_options (product_id, name, position)
    select v_product.id, f.option_name, (row_number() over (order by f.first_ord) - 1)::integer
    from (
      select s.option_name, min(s.ord) as first_ord
      from seed_option_values as s
      where s.slug = v_product.slug
      group by s.option_name
    ) as f;

    insert into public.product_option_values (option_id, value, swatch_color, position)
    select o.id, s.value, s.swatch_color, (row_number() over (partition by o.id order by s.ord) - 1)::integer
    from seed_option_values as s
    join public.product_options as o on o.product_id = v_product.id and o.name = s.option_name
    where s.slug = v_product.slug;

    v_first := true;
    v_position := 0;
    for v_row in select * from seed_variants as s where s.slug = v_product.slug order by s.ord loop
      if v_first then
        -- title '' is made from the option values when the transaction commits
        update public.product_variants as pv
        set sku = v_row.sku, title = '', price = v_row.price, original_price = v_row.original_price,
          dimensions = v_row.dimensions, weight = v_row.weight, lead_time_days = v_row.lead_time_days,
          made_to_order = v_row.made_to_order, position = v_position,
          images = array['/images/products/' || v_product.slug || '--' || lower(v_row.sku) || '.webp']
        where pv.product_id = v_product.id and pv.is_default
        returning * into v_variant;
      else
        insert into public.product_variants (
          product_id, sku, title, price, original_price, dimensions, weight, lead_time_days, made_to_order,
          position, images
        )
        values (
          v_product.id, v_row.sku, '', v_row.price, v_row.original_price, v_row.dimensions, v_row.weight,
          v_row.lead_time_days, v_row.made_to_order, v_position,
          array['/images/products/' || v_product.slug || '--' || lower(v_row.sku) || '.webp']
        )
        returning * into v_variant;
      end if;

      insert into public.variant_option_values (variant_id, option_id, value_id)
      select v_variant.id, o.id, ov.id
      from unnest(v_row.option_values) with ordinality as x (value, n)
      join (
        select po.id, row_number() over (order by po.position) as n
        from public.product_options as po
        where po.product_id = v_product.id
      ) as o on o.n = x.n
      join public.product_option_values as ov on ov.option_id = o.id and ov.value = x.value;

      if v_row.stock <> v_variant.stock_quantity then
        insert into public.stock_movements (variant_id, quantity, reason, note)
        values (v_variant.id, v_row.stock - v_variant.stock_quantity, 'import', 'Opening stock');
      end if;
      v_first := false;
      v_position := v_position + 1;
    end loop;
  end loop;
end
$$;

drop table seed_option_values, seed_variants;

-- Delivery (the zones' demo; the migration made the default 'Standard' zone, the spec's rule, with every
-- pincode in it). Metro cities get faster transit at the same fee; Lakshadweep is served by sea: a
-- higher fee, no large items, no cash on delivery; the Andaman and Nicobar Islands are not delivered to.
-- Sofas, beds, dining sets and wardrobes are large items (two-person delivery).
insert into public.delivery_zones (name, fee, free_above, large_item_fee, delivers_large_items, transit_days_min, transit_days_max, cod_available, cod_max_total)
values
  ('Metro', 99, 2999, 0, true, 3, 5, true, null),
  ('Lakshadweep', 499, null, 0, false, 10, 15, false, null)
on conflict do nothing;

update public.pincodes as p
set zone_id = (select z.id from public.delivery_zones as z where z.name = 'Metro')
where left(p.pincode, 3) in ('560', '400', '110', '600', '500', '700', '411')
  and p.zone_id = (select z.id from public.delivery_zones as z where z.is_default);
update public.pincodes as p
set zone_id = (select z.id from public.delivery_zones as z where z.name = 'Lakshadweep')
where p.state_code = '31';
update public.pincodes as p set zone_id = null where p.state_code = '35';

insert into public.delivery_holidays (day, name)
values
  ('2026-12-25', 'Christmas'),
  ('2027-01-26', 'Republic Day'),
  ('2027-03-22', 'Holi'),
  ('2027-08-15', 'Independence Day'),
  ('2027-10-02', 'Gandhi Jayanti'),
  ('2027-10-29', 'Diwali')
on conflict (day) do nothing;

update public.products as p
set is_large = true
where not p.is_large
  and (
    p.category_id in (select c.id from public.categories as c where c.slug in ('sofas', 'beds'))
    or p.name ~* '(dining (set|table)|wardrobe)'
  );

-- HSN codes (6 digits; docs/gst.md): seats 9401 (upholstered with a wooden frame 940161, other with
-- a wooden frame 940169, swivel office chairs 940130), other furniture 9403 (office 940330, bedroom
-- 940350, other wooden 940360, plastic 940370). None is wholly of bamboo, cane or rattan (5%). Most pieces are made by the store
-- itself (manufacturer null: the listing names the store); the office chairs are imported.
update public.products as p
set hsn_code = case
    when c.slug = 'sofas' then '940161'
    when c.slug = 'chairs' then '940161'
    when c.slug = 'office' and p.name ~* 'chair' then '940130'
    when c.slug = 'office' then '940330'
    when c.slug in ('beds', 'bedroom') then '940350'
    when p.slug = 'goa-balcony-set' then '940370'
    when c.slug = 'outdoor' and p.name ~* '(bench|chair|sofa)' then '940169'
    else '940360'
  end
from public.categories as c
where c.id = p.category_id and p.hsn_code = '9403';

update public.products as p
set country_of_origin = 'China',
    manufacturer = 'Foshan Ergo Seating Co., Ltd., Shunde District, Foshan, Guangdong, China',
    importer = 'FurniCraft Home Private Limited, 12 MG Road, Bengaluru, Karnataka 560001'
where p.slug in ('ergopro-mesh-office-chair', 'chairman-executive-leather-chair') and p.importer is null;

update public.products as p
set net_quantity = '1 set (3 pieces)'
where p.slug = 'goa-balcony-set' and p.net_quantity = '1 N';


-- Filters (issue 20): material, colour and, on sofas and dining, seating capacity. The attributes are
-- data: staff add more in the admin. A product is tagged from its material and colour text (a piece of
-- "Marble and sheesham wood" is both); the seats from its name ("3-Seater") or, for the few names that
-- do not say, here.
insert into public.attributes (code, name, position, all_categories)
values ('material', 'Material', 1, true), ('colour', 'Colour', 2, true), ('seating', 'Seating capacity', 3, false)
on conflict (code) do nothing;

insert into public.category_attributes (category_id, attribute_id)
select c.id, a.id from public.categories as c, public.attributes as a
where c.slug in ('sofas', 'dining') and a.code = 'seating'
on conflict do nothing;

create temporary table seed_attribute_values (code text, value text, position integer, swatch text, pattern text);
insert into seed_attribute_values (code, value, position, swatch, pattern)
values
  ('material', 'Sheesham wood', 1, null, 'sheesham'),
  ('material', 'Teak wood', 2, null, 'teak'),
  ('material', 'Mango wood', 3, null, 'mango'),
  ('material', 'Acacia wood', 4, null, 'acacia'),
  ('material', 'Engineered wood', 5, null, 'engineered'),
  ('material', 'Fabric', 6, null, '(fabric|mesh)'),
  ('material', 'Velvet', 7, null, 'velvet'),
  ('material', 'Leather', 8, null, 'leather'),
  ('material', 'Metal', 9, null, 'metal'),
  ('material', 'Marble', 10, null, 'marble'),
  ('material', 'Cane and wicker', 11, null, '(wicker|cane|rattan)'),
  ('colour', 'Brown', 1, '#7b4a2a', '(brown|walnut|wenge|cognac|teak|oak|honey)'),
  ('colour', 'Natural', 2, '#d8b98a', 'natural'),
  ('colour', 'White', 3, '#f5f3ee', '(white|ivory)'),
  ('colour', 'Beige', 4, '#d9c7a7', 'beige'),
  ('colour', 'Grey', 5, '#8a8d91', 'grey'),
  ('colour', 'Black', 6, '#1f1f1f', 'black'),
  ('colour', 'Blue', 7, '#2f5d8a', '(blue|indigo|teal)'),
  ('colour', 'Green', 8, '#2e6b4f', 'green'),
  ('colour', 'Yellow', 9, '#d9a32b', '(yellow|mustard)'),
  ('colour', 'Pink', 10, '#e2a6b4', 'pink'),
  ('colour', 'Gold', 11, '#c9a74a', 'gold'),
  ('seating', '1 seater', 1, null, null),
  ('seating', '2 seater', 2, null, null),
  ('seating', '3 seater', 3, null, null),
  ('seating', '4 seater', 4, null, null),
  ('seating', '5 seater', 5, null, null),
  ('seating', '6 seater', 6, null, null),
  ('seating', '8 seater', 8, null, null);

insert into public.attribute_values (attribute_id, value, position, swatch_color)
select a.id, s.value, s.position, s.swatch
from seed_attribute_values as s join public.attributes as a on a.code = s.code
on conflict (attribute_id, slug) do nothing;

insert into public.product_attribute_values (product_id, value_id)
select p.id, v.id
from public.products as p
join seed_attribute_values as s on s.code in ('material', 'colour')
  and (case s.code when 'material' then p.material else p.color end) ~* s.pattern
join public.attributes as a on a.code = s.code
join public.attribute_values as v on v.attribute_id = a.id and v.value = s.value
on conflict do nothing;

insert into public.product_attribute_values (product_id, value_id)
select p.id, v.id
from public.products as p
join public.categories as c on c.id = p.category_id and c.slug in ('sofas', 'dining')
cross join lateral (
  select coalesce(
    (regexp_match(p.name, '([0-9])-Seater', 'i'))[1],
    case p.slug
      when 'meera-l-shaped-sectional-sofa' then '5'
      when 'nisha-sofa-cum-bed' then '3'
      when 'raja-sheesham-wood-sofa-set' then '5'
      when 'aarna-set-of-2-upholstered-dining-chairs' then '2'
      when 'banyan-teak-dining-bench' then '3'
    end
  ) as seats
) as n
join public.attributes as a on a.code = 'seating'
join public.attribute_values as v on v.attribute_id = a.id and v.value = n.seats || ' seater'
on conflict do nothing;

drop table seed_attribute_values;
