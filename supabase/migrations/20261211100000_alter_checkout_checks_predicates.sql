-- The checkout's long CHECK rules as named predicates (issue 22, place_order ≥ 500 orders/s).
--
-- PostgreSQL keeps a CHECK constraint as the node text of its expression and, for every statement
-- that writes the table, reads that text back and plans it again before the first row
-- (ExecRelCheck, once per result relation; a plpgsql statement gets a new one on each run). The cost
-- grows with the expression: over 2,000 single-row inserts in a loop (a copy of orders without its
-- indexes and triggers, the bench database of supabase/bench/catalog), the shipping address rule
-- (7,730 characters of node text) cost 35–62 µs an insert, the same rule as a call to a plpgsql
-- function 5–14 µs (its body is compiled once per session). Each checkout writes orders, order_items,
-- order_events, notification_outbox and stock_movements once: the six rules below over 1,500
-- characters (23,292 of the 46,431 characters of those tables' checks on PostgreSQL 15; 26,191
-- after) become one call each, with the same name, the same condition and so the same refusal
-- (23514, "violates check constraint "<name>""). Shorter rules stay inline: a call costs about as
-- much as 4–5 plain comparisons. Measured on the checkout (place-order-cost.ts, five alternating
-- rounds of 400 on two copies of one bench database): 4.65–5.08 → 4.40–4.97 ms of backend CPU.
--
-- Only the service role writes these tables directly (every other write is a security definer
-- function, run as the owner); a CHECK's function needs EXECUTE of whoever writes, as
-- private.is_valid_gstin in orders_buyer_gstin_check.

create function private.is_valid_shipping_address(address jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  return jsonb_typeof(address) = 'object'
    and btrim(coalesce(address ->> 'fullName', '')) <> ''
    and coalesce(address ->> 'email', '') ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
    and coalesce(address ->> 'phone', '') ~ '^[6-9][0-9]{9}$'
    and btrim(coalesce(address ->> 'address', '')) <> ''
    and btrim(coalesce(address ->> 'city', '')) <> ''
    and btrim(coalesce(address ->> 'state', '')) <> ''
    and coalesce(address ->> 'pincode', '') ~ '^[1-9][0-9]{5}$';
end
$$;
comment on function private.is_valid_shipping_address(jsonb) is
  'orders_shipping_address_check: an object with a name, an email, a 10-digit Indian mobile, an address, a city, a state and a 6-digit pincode.';

create function private.is_valid_buyer(gstin text, legal_name text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- null when both are null (a consumer), as the inline check was
  return (gstin is null) = (legal_name is null) and length(legal_name) between 2 and 150;
end
$$;
comment on function private.is_valid_buyer(text, text) is
  'orders_buyer_check: a business buyer''s GSTIN and registered name come together, the name 2–150 characters.';

create function private.is_valid_line_tax(
  taxable_value numeric,
  hsn_code text,
  gst_rate numeric,
  discount_share numeric,
  delivery_share numeric,
  cgst numeric,
  sgst numeric,
  utgst numeric,
  igst numeric,
  unit_price numeric,
  quantity integer
)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  return taxable_value is null
    or (
      hsn_code is not null and gst_rate is not null
      and discount_share >= 0 and delivery_share >= 0 and taxable_value >= 0
      and cgst >= 0 and sgst >= 0 and utgst >= 0 and igst >= 0
      and taxable_value + cgst + sgst + utgst + igst = unit_price * quantity - discount_share + delivery_share
    );
end
$$;
comment on function private.is_valid_line_tax(numeric, text, numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, integer) is
  'order_items_tax_check: a taxed line has its HSN code and rate, no negative share or tax, and its taxable value plus tax is its price less its discount share plus its delivery share.';

create function private.is_order_event_status(status text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  return status in ('Order Placed', 'Order Confirmed', 'Shipped', 'In Transit', 'Out for Delivery', 'Delivered', 'Cancelled');
end
$$;
comment on function private.is_order_event_status(text) is
  'order_events_status_check: the timeline''s statuses.';

create function private.is_notification_event(event text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  return event in (
    'order_placed', 'order_paid', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'refund_initiated',
    'refund_processed', 'back_in_stock', 'return_requested', 'return_approved', 'return_rejected',
    'return_pickup_scheduled', 'return_picked_up', 'return_received', 'return_cancelled'
  );
end
$$;
comment on function private.is_notification_event(text) is
  'notification_outbox_event_check: the events the outbox sends mail for.';

create function private.is_stock_movement_reason(reason text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  return reason in ('sale', 'reservation', 'release', 'cancellation', 'return', 'write_off', 'adjustment', 'receipt', 'import');
end
$$;
comment on function private.is_stock_movement_reason(text) is
  'stock_movements_reason_check: why stock moved.';

revoke all on function private.is_valid_shipping_address(jsonb) from public, anon, authenticated;
revoke all on function private.is_valid_buyer(text, text) from public, anon, authenticated;
revoke all on function private.is_valid_line_tax(numeric, text, numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, integer)
  from public, anon, authenticated;
revoke all on function private.is_order_event_status(text) from public, anon, authenticated;
revoke all on function private.is_notification_event(text) from public, anon, authenticated;
revoke all on function private.is_stock_movement_reason(text) from public, anon, authenticated;
grant execute on function private.is_valid_shipping_address(jsonb) to service_role;
grant execute on function private.is_valid_buyer(text, text) to service_role;
grant execute on function private.is_valid_line_tax(numeric, text, numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, integer)
  to service_role;
grant execute on function private.is_order_event_status(text) to service_role;
grant execute on function private.is_notification_event(text) to service_role;
grant execute on function private.is_stock_movement_reason(text) to service_role;

alter table public.orders
  drop constraint orders_shipping_address_check,
  add constraint orders_shipping_address_check check (private.is_valid_shipping_address(shipping_address)),
  drop constraint orders_buyer_check,
  add constraint orders_buyer_check check (private.is_valid_buyer(buyer_gstin, buyer_legal_name));

alter table public.order_items
  drop constraint order_items_tax_check,
  add constraint order_items_tax_check check (
    private.is_valid_line_tax(
      taxable_value, hsn_code, gst_rate, discount_share, delivery_share, cgst, sgst, utgst, igst, unit_price, quantity
    )
  );

alter table public.order_events
  drop constraint order_events_status_check,
  add constraint order_events_status_check check (private.is_order_event_status(status));

alter table public.notification_outbox
  drop constraint notification_outbox_event_check,
  add constraint notification_outbox_event_check check (private.is_notification_event(event));

alter table public.stock_movements
  drop constraint stock_movements_reason_check,
  add constraint stock_movements_reason_check check (private.is_stock_movement_reason(reason));
