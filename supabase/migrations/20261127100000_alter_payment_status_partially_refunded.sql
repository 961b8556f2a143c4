-- Returns and refunds (issue 19): an order can be refunded in parts (a returned chair of four, a
-- goodwill refund), so its payment moves paid → partially_refunded → refunded. A value of its own
-- migration: PostgreSQL refuses to use an enum value in the transaction that added it.
alter type public.payment_status add value if not exists 'partially_refunded' after 'paid';
