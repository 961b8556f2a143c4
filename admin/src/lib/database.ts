import type { ShippingAddress } from 'shared/schemas/checkout';
import type { Database as Generated, Tables } from 'shared/types/database';

/**
 * The generated `Database`, with the shapes of the jsonb values the console reads spelled out
 * (the generator can only say `Json`): Supabase's documented way to type JSON columns. Every other
 * column and function comes from the generated file, so a migration that renames a column the
 * console uses fails `pnpm --filter admin typecheck`; the pieces below are built from the tables'
 * rows (`Pick<Tables<…>, …>`) for the same reason.
 */
type Public = Generated['public'];
type Orders = Public['Tables']['orders'];
type Returns = Public['Tables']['returns'];
type Refunds = Public['Tables']['refunds'];
type Functions = Public['Functions'];

/** orders_shipping_address_check makes every order's address an object with these seven texts. */
type OrdersTable = Omit<Orders, 'Row'> & {
  Row: Omit<Orders['Row'], 'shipping_address'> & { shipping_address: ShippingAddress };
};

/** A COD customer's bank account for a refund (returns_refund_bank_check). */
export type RefundBank = { account_name: string; account_number: string; ifsc: string };

/** pickup_address is a copy of the order's shipping_address; refund_bank as its check says. */
type ReturnsTable = Omit<Returns, 'Row'> & {
  Row: Omit<Returns['Row'], 'pickup_address' | 'refund_bank'> & {
    pickup_address: ShippingAddress;
    refund_bank: RefundBank | null;
  };
};

/** A payout's destination (refunds_destination_check): a UPI ID or a bank account. */
export type RefundDestination = { vpa: string } | RefundBank;

type RefundsTable = Omit<Refunds, 'Row'> & {
  Row: Omit<Refunds['Row'], 'destination'> & { destination: RefundDestination | null };
};

/**
 * return_refund_quote(return_id) (migration create_returns): what a return's refund would be, line by
 * line (received units, or requested ones before receipt), goods net of discount and the delivery
 * fee's share when the store setting includes it; `refundable` is what the order has left to refund.
 */
export type RefundQuote = {
  return_id: string;
  items: {
    return_item_id: number;
    order_item_id: number;
    quantity: number;
    reason: string;
    goods: number;
    delivery: number;
    amount: number;
    delivery_included: boolean;
  }[];
  goods: number;
  delivery: number;
  delivery_included: boolean;
  /** store_settings.delivery_fee_refund when the quote was made */
  delivery_fee_refund: 'never' | 'store_fault' | 'always';
  /** the return's value: its credit note's total once refunded, else goods + delivery */
  value: number;
  /** refunds of this return that have not failed */
  return_refunded: number;
  /** refunds of the order that have not failed */
  refunded: number;
  refundable: number;
  /** value − return_refunded, capped by `refundable` */
  amount: number;
};

/** admin_dashboard() (migration create_admin_order_functions) builds this object. */
export type DashboardFigures = {
  total_orders: number;
  revenue: number;
  average_order_value: number;
  pending_orders: number;
  orders_by_status: Record<Public['Enums']['order_status'], number>;
  total_products: number;
  out_of_stock_products: number;
  total_customers: number;
  low_stock_threshold: number;
  low_stock_products: Pick<Tables<'products'>, 'id' | 'name' | 'slug' | 'stock_quantity' | 'in_stock'>[];
  /** Open low-stock alerts (stock_alerts with resolved_at null): one per variant at most. */
  low_stock_alerts: number;
  /** The variants behind those alerts, newest alert first. */
  low_stock_variants: (Pick<
    Tables<'stock_alerts'>,
    'variant_id' | 'product_id' | 'threshold' | 'created_at'
  > &
    /** stock_quantity: the variant's on-hand stock now */
    Pick<Tables<'product_variants'>, 'sku' | 'title' | 'stock_quantity'> & {
      alert_id: Tables<'stock_alerts'>['id'];
      /** products.name */
      product_name: string;
    })[];
  /** Orders placed today / yesterday (IST days), cancelled ones left out, and their totals. */
  today: { orders: number; revenue: number };
  yesterday: { orders: number; revenue: number };
  /** Orders staff may ship now (pending or processing, not an unpaid online order). */
  awaiting_shipment: number;
  /** Returns waiting for a decision (requested). */
  returns_requested: number;
  /** Returns staff still have to move (requested to received: the queue's default). */
  returns_open: number;
  /** Reviews waiting for moderation. */
  pending_reviews: number;
  /** One entry per India calendar day ('YYYY-MM-DD'), oldest first; days without orders count zero. */
  sales_last_30_days: { date: string; orders: number; revenue: number }[];
  recent_orders: (Pick<
    Tables<'orders'>,
    'id' | 'order_number' | 'total' | 'status' | 'payment_status' | 'created_at'
  > & {
    /** shipping_address ->> 'fullName' */
    customer: string;
    /** contact_email */
    email: string | null;
  })[];
};

/** A row the database refused in a pincode upload: its number in the file (1 = after the header). */
export type PincodeImportError = { row: number; pincode: string; message: string };

/**
 * admin_assign_pincodes(rows, dry_run) (migration create_delivery_zones): what the upload would
 * change (dry run) or changed. Nothing is written on a dry run or when `errors` is not empty.
 */
export type AssignPincodesResult = {
  applied: boolean;
  total: number;
  changed: number;
  unchanged: number;
  /** The first 200 changes; `from`/`to` are zone names, null = no zone. */
  changes: { pincode: Tables<'pincodes'>['pincode']; from: string | null; to: string | null }[];
  /** The first 1,000 refused rows. */
  errors: PincodeImportError[];
};

/** admin_load_pincodes(rows, dry_run): the same answer, with new and updated pincodes counted. */
export type LoadPincodesResult = AssignPincodesResult & {
  /** changed = added + updated; `from`/`to` of a change are "office, city, district, state" (from null: new). */
  added: number;
  updated: number;
};

/** A row admin_import_products refused: its number in the file (1 = after the header) and the column. */
export type ProductImportError = { row: number; sku: string; column: string; message: string };

/** One field admin_import_products would change (or changed): a product or variant created, or a value. */
export type ProductImportChange = {
  row: number;
  product_slug: string;
  /** null for a product's own fields */
  sku: string | null;
  kind: 'product_created' | 'product_updated' | 'variant_created' | 'variant_updated';
  /** 'product' / 'variant' for a creation, else the CSV column */
  field: string;
  from: string | null;
  to: string | null;
};

/**
 * admin_import_products(rows, dry_run) (migration create_product_import): what the file would
 * change (dry run) or changed. Nothing is written on a dry run or while any row is refused.
 */
export type ProductImportResult = {
  applied: boolean;
  dry_run: boolean;
  total: number;
  /** products_created + products_updated + variants_created + variants_updated */
  changed: number;
  unchanged: number;
  refused: number;
  products_created: number;
  products_updated: number;
  variants_created: number;
  variants_updated: number;
  /** The first 1,000 changes. */
  changes: ProductImportChange[];
  /** The first 1,000 errors. */
  errors: ProductImportError[];
};

type Variant = Tables<'product_variants'>;

/**
 * admin_bulk_price(product_ids, percent, with_original, dry_run) (migration add_product_bulk_actions):
 * each active variant's new price (whole rupees), or why it cannot take the change. Nothing is written
 * on a dry run; applying with any refusal fails (bulk_price_refused).
 */
export type BulkPriceResult = {
  applied: boolean;
  unchanged: number;
  changes: {
    variant_id: Variant['id'];
    product_id: Variant['product_id'];
    product_name: string;
    sku: Variant['sku'];
    title: Variant['title'];
    price: Variant['price'];
    new_price: Variant['price'];
    original_price: Variant['original_price'];
    new_original_price: Variant['original_price'];
  }[];
  refused: {
    variant_id: Variant['id'];
    product_id: Variant['product_id'];
    product_name: string;
    sku: Variant['sku'];
    message: string;
  }[];
};

export type Database = {
  public: Omit<Public, 'Tables' | 'Functions'> & {
    Tables: Omit<Public['Tables'], 'orders' | 'returns' | 'refunds'> & {
      orders: OrdersTable;
      returns: ReturnsTable;
      refunds: RefundsTable;
    };
    Functions: Omit<
      Functions,
      | 'admin_dashboard'
      | 'admin_assign_pincodes'
      | 'admin_load_pincodes'
      | 'admin_import_products'
      | 'admin_bulk_price'
      | 'return_refund_quote'
    > & {
      admin_dashboard: Omit<Functions['admin_dashboard'], 'Returns'> & { Returns: DashboardFigures };
      admin_assign_pincodes: Omit<Functions['admin_assign_pincodes'], 'Returns'> & {
        Returns: AssignPincodesResult;
      };
      admin_load_pincodes: Omit<Functions['admin_load_pincodes'], 'Returns'> & {
        Returns: LoadPincodesResult;
      };
      admin_import_products: Omit<Functions['admin_import_products'], 'Returns'> & {
        Returns: ProductImportResult;
      };
      admin_bulk_price: Omit<Functions['admin_bulk_price'], 'Returns'> & { Returns: BulkPriceResult };
      return_refund_quote: Omit<Functions['return_refund_quote'], 'Returns'> & { Returns: RefundQuote };
    };
  };
};

/** A row of a table as the console's client returns it (with the typed JSON above). */
export type Row<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Row'];

/** A row of a view (security invoker: the tables' RLS decides what it shows). */
export type ViewRow<V extends keyof Database['public']['Views']> = Database['public']['Views'][V]['Row'];

/** What an RPC takes and returns, from the generated types. */
export type RpcArgs<F extends keyof Database['public']['Functions']> =
  Database['public']['Functions'][F]['Args'];
export type RpcReturns<F extends keyof Database['public']['Functions']> =
  Database['public']['Functions'][F]['Returns'];
