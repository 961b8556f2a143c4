-- The order mails carry the GST (issue 18): the tax the total includes and, once the order is
-- dispatched, its invoice number, so the shipped mail can say the tax invoice is ready. The invoice is
-- issued by the orders trigger in the dispatch transaction, before the Shipped event that enqueues
-- the mail. The rest is 20261124140000's payload.

create or replace function private.order_mail_payload(order_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'order_number', o.order_number,
    'placed_at', o.created_at,
    'payment_method', o.payment_method,
    'payment_status', o.payment_status,
    'status', o.status,
    'subtotal', o.subtotal,
    'delivery_fee', o.delivery_fee,
    'discount', o.discount,
    'promo_code', o.promo_code,
    'total', o.total,
    'tax_total', o.tax_total,
    'invoice_number', (select inv.number from public.invoices as inv where inv.order_id = o.id),
    'shipping_address', o.shipping_address,
    'estimated_delivery_from', o.estimated_delivery_from,
    'estimated_delivery_to', o.estimated_delivery_to,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', i.product_name,
        'image', i.product_image,
        'unit_price', i.unit_price,
        'quantity', i.quantity,
        'line_total', i.line_total,
        'selected_color', i.selected_color,
        'selected_size', i.selected_size
      ) order by i.id)
      from public.order_items as i
      where i.order_id = o.id
    ), '[]'::jsonb)
  )
  from public.orders as o
  where o.id = order_mail_payload.order_id
$$;
