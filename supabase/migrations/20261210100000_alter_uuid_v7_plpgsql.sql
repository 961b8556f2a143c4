-- private.uuid_v7() (20261209100100's) in plpgsql, with the same body (issue 22, place_order ≥ 500
-- orders/s).
--
-- A `language sql` function with a `set` clause is never inlined, and PostgreSQL keeps its parsed and
-- planned body only for one execution of the calling query: as the orders' id default, every checkout's
-- insert parsed and planned the body again, 99 µs a checkout in pg_stat_user_functions
-- (supabase/bench/catalog/place-order-cost.ts; the time-ordered ids' whole cost). A plpgsql function
-- is compiled once per session and its one expression is evaluated without a plan of its own, as
-- 20261202104000 did for place_order's other helpers. Same result, volatility, parallel safety,
-- comment and grants (create or replace keeps the last two).

create or replace function private.uuid_v7()
returns uuid
language plpgsql
volatile
parallel safe
set search_path = ''
as $$
begin
  return encode(
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
  )::uuid;
end
$$;
