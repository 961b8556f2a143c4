import { TaxBreakdown } from '@/components/ui/tax-breakdown';
import type { ConfirmedOrder } from '@/features/orders/api/orders';
import { orderTax } from '@/features/orders/order-tax';

/**
 * The GST the order's total includes, per rate and levy (CGST + SGST in the store's state, IGST from
 * another), as place_order stored it; and, for a business order, the GSTIN its invoice will carry.
 */
export function OrderTaxSummary({ order }: { order: ConfirmedOrder }) {
  const tax = orderTax(order);
  if (!tax && !order.buyer_gstin) return null;
  return (
    <section
      aria-labelledby="order-tax-title"
      className="mx-auto mt-4 max-w-md rounded-xl border border-stone-200 bg-white p-5 text-left"
    >
      <h2 id="order-tax-title" className="font-semibold">
        Tax
      </h2>
      {tax && <TaxBreakdown tax={tax.tax} rows={tax.rows} />}
      {order.buyer_gstin && (
        <p className="mt-3 text-sm text-stone-700" data-testid="invoice-gstin">
          Your tax invoice will be made out to {order.buyer_legal_name}, GSTIN{' '}
          <span className="font-mono">{order.buyer_gstin}</span>.
        </p>
      )}
    </section>
  );
}
