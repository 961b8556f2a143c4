-- Order numbers are not guessable (issue 12). They were ORD + the IST date + a sequence
-- (ORD241122000042): knowing one order told you the next, and every other one of that day. Now:
-- ORD + the IST date (YYMMDD) + 10 random digits from gen_random_uuid() (the server's strong
-- random source, core Postgres 13+, no extension needed), e.g. ORD2611241234567890. That is 10^10
-- numbers a day, and track_order also wants the order's e-mail or phone from a visitor and is
-- rate-limited per client (20261124110200). A collision with an existing number draws again.
--
-- The check orders_order_number_check (^ORD[0-9]{12,}$) already accepts both the old 12-digit
-- numbers and the new 16-digit ones, so old rows, links and e-mails stay valid; a second check
-- accepts exactly those two shapes (existing rows are checked when it is added).

create or replace function private.next_order_number()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_number text;
begin
  for i in 1..10 loop
    -- 48 random bits of a version-4 uuid (its first 12 hex digits), taken modulo 10^10.
    v_number := 'ORD' || to_char(now() at time zone 'Asia/Kolkata', 'YYMMDD')
      || lpad(((('x' || left(replace(gen_random_uuid()::text, '-', ''), 12))::bit(48)::bigint) % 10000000000)::text, 10, '0');
    if not exists (select 1 from public.orders as o where o.order_number = v_number) then
      return v_number;
    end if;
  end loop;
  raise exception 'Could not make a new order number. Please try again.' using errcode = 'P0001', detail = 'order_number_exhausted';
end
$$;
comment on function private.next_order_number() is
  'ORD + the IST date + 10 random digits; unique (draws again on a collision).';

revoke all on function private.next_order_number() from public;

-- Nothing draws from the old sequence any more.
drop sequence if exists private.order_number_seq;

alter table public.orders
  add constraint orders_order_number_shape_check check (order_number ~ '^ORD([0-9]{12}|[0-9]{16})$');
