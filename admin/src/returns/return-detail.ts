import type { Row } from '@/lib/database';

/** A line of a return with its order line's snapshot and its reason's label. */
export type ReturnLine = Pick<
  Row<'return_items'>,
  | 'id'
  | 'order_item_id'
  | 'quantity'
  | 'reason'
  | 'received_quantity'
  | 'damaged_quantity'
  | 'resellable_quantity'
> & {
  order_item: Pick<Row<'order_items'>, 'product_name' | 'variant_title' | 'sku' | 'unit_price'> | null;
  reason_info: Pick<Row<'return_reasons'>, 'label' | 'store_fault'> | null;
};

/** The order a return belongs to, as its page shows it. */
export type ReturnOrder = Pick<
  Row<'orders'>,
  | 'id'
  | 'order_number'
  | 'payment_method'
  | 'payment_status'
  | 'total'
  | 'contact_email'
  | 'shipping_address'
  | 'delivered_at'
>;

/** The return page's record: the return, its order and its lines. */
export type ReturnDetail = Row<'returns'> & { order: ReturnOrder | null; items: ReturnLine[] };

export const RETURN_DETAIL_COLUMNS = [
  '*',
  'order:orders(id,order_number,payment_method,payment_status,total,contact_email,shipping_address,delivered_at)',
  'items:return_items(id,order_item_id,quantity,reason,received_quantity,damaged_quantity,resellable_quantity,' +
    'order_item:order_items(product_name,variant_title,sku,unit_price),reason_info:return_reasons(label,store_fault))',
];

/** "Aarav Sofa (Grey)": the line's product and variant as ordered. */
export const lineName = (l: ReturnLine) =>
  l.order_item
    ? `${l.order_item.product_name}${l.order_item.variant_title ? ` (${l.order_item.variant_title})` : ''}`
    : `Order line ${l.order_item_id}`;
