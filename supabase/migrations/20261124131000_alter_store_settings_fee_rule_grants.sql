-- The delivery fee rule is a constant of the code, not a setting staff edit (docs/decisions/007).
--
-- The rule (free from ₹2,999, else ₹99) is shown on every page before any data arrives: the promo
-- banner, the footer, the home and product pages, the FAQ, the terms, the chat's answers, and the
-- cart's "Add ₹… more for free delivery!". Those read shared/src/pricing/delivery.ts, so the first
-- paint never waits for a request (storefront/README.md, Performance). An admin's edit of
-- store_settings.free_delivery_threshold or delivery_fee would have changed what place_order charges
-- and nothing of what the shopper was told. So nobody edits them through the API any more: a change
-- of the rule is a migration that updates this row together with a commit that changes the constant
-- (a test, db-store-schema, keeps the two equal). place_order still reads the row and enforces it.

revoke update (free_delivery_threshold, delivery_fee) on table public.store_settings from authenticated;

comment on column public.store_settings.free_delivery_threshold is
  'Free delivery from this subtotal. Changed only by a migration, with FREE_DELIVERY_THRESHOLD in shared/src/pricing/delivery.ts.';
comment on column public.store_settings.delivery_fee is
  'The fee below the threshold. Changed only by a migration, with DELIVERY_FEE in shared/src/pricing/delivery.ts.';
