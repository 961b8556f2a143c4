-- Orders, returns and refunds take time-ordered ids (UUID version 7, RFC 9562 §5.7) instead of random
-- ones (version 4), issue 22 (place_order ≥ 500 orders/s). ADR 022.
--
-- A checkout writes its order's id into five b-tree indexes besides the orders' primary key
-- (order_items_order_id_idx, order_events_order_id_created_at_idx, notification_outbox_order_id_idx,
-- the outbox's dedupe key 'order_placed/<id>' and stock_movements_order_id_idx). A random id lands on
-- a random leaf page of each: at 200,000 orders a checkout read 2.0 pages from outside shared
-- buffers and wrote 1.8 full-page images to the WAL (17.2 kB of WAL a checkout), every page it
-- touched for the first time since the last checkpoint. A time-ordered id lands next to the previous
-- order's, on pages already in memory and already logged: 0 pages read, 0.01 full-page images, 6.9 kB
-- of WAL, the outbox's insert 345 → 211 µs (pg_stat_statements on the bench database,
-- supabase/bench/catalog/README.md). PostgreSQL 18 has uuidv7(); hosted Supabase and PGlite run
-- older versions, so this is the same layout written in SQL: 48 bits of Unix time in milliseconds,
-- the version, 74 random bits from gen_random_uuid() (its variant bits kept). Ids stay unguessable
-- (74 random bits, and RLS decides who reads an order); what they add is the order's creation time
-- to the millisecond, which its owner and staff already see.
--
-- Existing rows keep their ids: only new rows take the new default.

create or replace function private.uuid_v7()
returns uuid
language sql
volatile
parallel safe
set search_path = ''
as $$
  select encode(
    -- bits 52 and 53 of byte 6 turn version 4 (0100) into version 7 (0111)
    set_bit(
      set_bit(
        overlay(
          uuid_send(gen_random_uuid())
          placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
          from 1 for 6
        ),
        52, 1
      ),
      53, 1
    ),
    'hex'
  )::uuid
$$;
comment on function private.uuid_v7() is
  'A time-ordered UUID (version 7, RFC 9562): Unix time in ms, then 74 random bits. New orders, returns and refunds (ADR 022).';
revoke all on function private.uuid_v7() from public, anon, authenticated;
grant execute on function private.uuid_v7() to service_role;

alter table public.orders alter column id set default private.uuid_v7();
alter table public.returns alter column id set default private.uuid_v7();
alter table public.refunds alter column id set default private.uuid_v7();
