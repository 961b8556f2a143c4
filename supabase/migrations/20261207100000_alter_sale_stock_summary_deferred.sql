-- A sale no longer writes its product's stock total; a job brings the totals up to date from the
-- ledger every 30 seconds (issue 22, target 4: place_order ≥ 500 orders/s).
--
-- products.stock_quantity is a summary: the sum of the product's active variants' stock, kept by
-- private.product_variants_summarize() on every change of a variant. A checkout of two lines wrote it
-- twice (one update of the product per line, with the product's constraints and triggers), the
-- largest single part of a checkout that does not decide anything: the sale itself is decided and
-- recorded on the variants (locked, checked, moved through the ledger). Measured on a copy of the
-- 100,000-product bench database, the product update skipped in the sale: place_order in the database
-- alone 3.40 → 2.67 ms CPU a checkout (median of 6 alternating runs), over REST 344 / 371 / 376 →
-- 450 / 472 / 423 orders/s (alternating 8 s runs; supabase/bench/catalog/README.md).
--
-- What changes:
-- - private.order_sell_lines() marks its ledger rows as a sale's for the summary trigger
--   (furnicraft.stock_summary = 'deferred' for the duration of its insert); when only a variant's
--   stock moved and its orderability did not change, the trigger then leaves the product's total as
--   it is. Everything that decides or shows orderability stays exact in the same transaction: a sale
--   that sells a variant out (or a receipt that brings one back) takes the full path and recomputes
--   the product's summary, in_stock included. Staff adjustments, receipts, returns, cancellations and
--   imports keep updating the total in their own transaction, as before.
-- - private.refresh_product_stock() recomputes the total of every product with a ledger row since the
--   last run's mark, and moves the mark. Deferred sales only lower stock, so until the job runs a
--   product's total can only be above the sum of its variants, never below it (a card's preview cap
--   may be a unit or two generous; place_order decides from the variants).
-- - pg_cron job `refresh-product-stock` every 30 seconds, and once a night the same function over
--   every product (`p_all`: the products whose total differs from their variants' stock, found
--   without locking any), which corrects anything a run could not see (below).
--
-- The mark: a ledger row's created_at is its transaction's start (stock_movements_apply sets it to
-- now()). A run takes as its next mark the start of the oldest transaction open anywhere in the
-- cluster (pg_stat_activity.xact_start, its own included, less a second for a transaction that has
-- taken its start time but not yet published it), and then reads the ledger since the previous mark:
-- any ledger row it cannot see yet belongs to a transaction that was still open, so it is dated at or
-- after the next mark and the next run reads it. Products locked by another transaction are skipped
-- (the job never waits on a checkout), and the mark then stays where it was. Recomputing is
-- idempotent, so reading a row twice is harmless. Where pg_stat_activity hides other roles'
-- transactions from the function's owner, the nightly pass over every product corrects what a run
-- missed.

create table private.product_stock_refresh (
  id boolean primary key default true check (id),
  moved_since timestamptz not null,
  last_run_at timestamptz
);
comment on table private.product_stock_refresh is
  'The mark of private.refresh_product_stock(): ledger rows dated moved_since or later are read again by its next run.';
revoke all on table private.product_stock_refresh from public, anon, authenticated, service_role;
insert into private.product_stock_refresh (moved_since) values (now());

create or replace function private.order_sell_lines(order_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_flag text;
begin
  -- The sale's ledger rows leave the products' stock totals to private.refresh_product_stock().
  v_flag := set_config('furnicraft.stock_summary', 'deferred', true);
  insert into public.stock_movements (variant_id, quantity, reason, order_id, reference)
  select i.variant_id, -sum(i.quantity)::integer, 'sale', o.id, o.order_number
  from public.order_items as i
  join public.orders as o on o.id = i.order_id
  join public.product_variants as v on v.id = i.variant_id
  where i.order_id = order_sell_lines.order_id and not v.made_to_order
  group by o.id, o.order_number, i.variant_id
  order by i.variant_id;
  v_flag := set_config('furnicraft.stock_summary', '', true);
end
$$;

-- 20261203100200's trigger; the stock-only path leaves a sale's product total to the job.
create or replace function private.product_variants_summarize()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_product_id bigint := coalesce(new.product_id, old.product_id);
  v_self_was boolean := tg_op <> 'INSERT' and private.variant_orderable(old);
  v_self_now boolean := tg_op <> 'DELETE' and private.variant_orderable(new);
  v_other boolean := false;
  v_was boolean;
  v_now boolean;
begin
  -- Stock alone moved (a sale, a receipt, a return, an adjustment) and this variant's orderability
  -- did not change: the price figures, the variant count and in_stock keep their values, and the
  -- product's stock moves by the same difference (the summary is the sum of its active variants'
  -- stock). A sale's difference is left to private.refresh_product_stock().
  if tg_op = 'UPDATE' and v_self_was = v_self_now
    and new.price = old.price
    and new.original_price is not distinct from old.original_price
    and new.is_active = old.is_active
    and new.made_to_order = old.made_to_order
  then
    if new.is_active and new.stock_quantity is distinct from old.stock_quantity
      and coalesce(current_setting('furnicraft.stock_summary', true), '') <> 'deferred'
    then
      update public.products as p
      set stock_quantity = p.stock_quantity + (new.stock_quantity - old.stock_quantity)
      where p.id = v_product_id;
    end if;
    return null;
  end if;
  -- Equal own orderability: in_stock keeps its value whatever the other variants are (v_was = v_now).
  if v_self_was <> v_self_now then
    select exists (
      select 1 from public.product_variants as v
      where v.product_id = v_product_id and v.id <> coalesce(new.id, old.id) and private.variant_orderable(v)
    ) into v_other;
  end if;
  v_was := v_other or v_self_was;
  v_now := v_other or v_self_now;
  update public.products as p
  set price = coalesce(s.price, p.price),
      original_price = case when s.price is null then p.original_price else s.original_price end,
      price_max = coalesce(s.price_max, p.price_max),
      stock_quantity = s.stock,
      variant_count = s.variants,
      in_stock = case when v_was <> v_now then v_now else p.in_stock end
  from (
    select
      min(v.price) as price,
      max(v.price) as price_max,
      (array_agg(v.original_price order by v.price, v.position, v.id))[1] as original_price,
      coalesce(sum(v.stock_quantity), 0)::integer as stock,
      count(*)::integer as variants
    from public.product_variants as v
    where v.product_id = v_product_id and v.is_active
  ) as s
  where p.id = v_product_id
    and (
      p.price is distinct from coalesce(s.price, p.price)
      or p.original_price is distinct from (case when s.price is null then p.original_price else s.original_price end)
      or p.price_max is distinct from coalesce(s.price_max, p.price_max)
      or p.stock_quantity is distinct from s.stock
      or p.variant_count is distinct from s.variants
      or (v_was <> v_now and p.in_stock is distinct from v_now)
    );
  return null;
end
$$;

create or replace function private.refresh_product_stock(p_all boolean default false)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_since timestamptz;
  v_next timestamptz;
  v_moved bigint[];
  v_locked bigint[];
  v_updated integer;
begin
  -- One run at a time: a second run waits here and starts from the first one's mark.
  select r.moved_since into v_since from private.product_stock_refresh as r where r.id for update;
  -- Before reading the ledger: the start of the oldest transaction still open (this one's included;
  -- autovacuum never writes the ledger, and one vacuuming a large table would hold the mark back).
  select min(a.xact_start) - interval '1 second' into v_next
  from pg_catalog.pg_stat_activity as a
  where a.xact_start is not null and a.backend_type is distinct from 'autovacuum worker';
  v_next := coalesce(v_next, now() - interval '1 second'); -- no session listed at all

  -- The products to recompute: those with ledger rows since the mark, or (nightly) those whose total
  -- differs from their variants' stock, found without locking any.
  if p_all then
    select array_agg(p.id) into v_moved
    from public.products as p
    join (
      select v.product_id, coalesce(sum(v.stock_quantity) filter (where v.is_active), 0)::integer as stock
      from public.product_variants as v
      group by v.product_id
    ) as s on s.product_id = p.id
    where p.stock_quantity <> s.stock;
  else
    select array_agg(distinct m.product_id) into v_moved
    from public.stock_movements as m
    where m.created_at >= v_since;
  end if;
  -- Locked in id order, never waiting on a checkout (it holds its products until it commits; one
  -- skipped is recomputed by a later run).
  select array_agg(p.id) into v_locked
  from (
    select p.id from public.products as p
    where p.id = any (coalesce(v_moved, '{}'))
    order by p.id
    for no key update skip locked
  ) as p;

  update public.products as p
  set stock_quantity = s.stock
  from (
    select v.product_id, coalesce(sum(v.stock_quantity) filter (where v.is_active), 0)::integer as stock
    from public.product_variants as v
    where v.product_id = any (coalesce(v_locked, '{}'))
    group by v.product_id
  ) as s
  where p.id = s.product_id and p.stock_quantity <> s.stock;
  get diagnostics v_updated = row_count;

  update private.product_stock_refresh as r
  set moved_since = case
        -- every moved product that still exists was recomputed (the nightly pass leaves the mark to
        -- the regular runs)
        when not p_all and not exists (
          select 1 from public.products as p
          where p.id = any (coalesce(v_moved, '{}')) and p.id <> all (coalesce(v_locked, '{}'))
        ) then greatest(v_since, v_next)
        else v_since
      end,
      last_run_at = now()
  where r.id;
  return v_updated;
end
$$;
comment on function private.refresh_product_stock(boolean) is
  'Recomputes products.stock_quantity (the sum of the active variants'' stock) for products with ledger rows since the last run (p_all: every product); returns how many totals changed. Run by pg_cron every 30 seconds (refresh-product-stock) and nightly over every product (refresh-product-stock-all).';
revoke all on function private.refresh_product_stock(boolean) from public, anon, authenticated, service_role;

select cron.schedule('refresh-product-stock', '30 seconds', $job$select private.refresh_product_stock()$job$);
-- 02:15 IST (20:45 UTC), after the day's trading.
select cron.schedule('refresh-product-stock-all', '45 20 * * *', $job$select private.refresh_product_stock(true)$job$);
