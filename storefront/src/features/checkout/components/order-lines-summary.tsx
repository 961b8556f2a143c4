import type { ReactNode } from 'react';
import { shownVariantTitle } from 'shared/catalog/variant-title';
import { formatINR } from 'shared/pricing/format';
import { TaxBreakdown } from '@/components/ui/tax-breakdown';
import type { PaymentLine } from '@/features/checkout/payment-state';
import type { TaxRow } from '@/lib/tax-lines';

interface Props {
  lines: PaymentLine[];
  /**
   * Lines that cannot be ordered as they are, by variant id, with the reason shown on the line:
   * check_delivery's (not delivered to this pincode) or place_order's refusal (stock, availability).
   */
  lineProblems?: ReadonlyMap<number, string> | undefined;
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  /** The GST the total includes, per rate (a preview: place_order computes the order's). */
  tax?: { tax: number; rows: TaxRow[] } | null | undefined;
  children?: ReactNode;
}

/** The order summary shared by checkout and payment: lines, subtotal, delivery, discount, total, GST. */
export function OrderLinesSummary({
  lines,
  lineProblems,
  subtotal,
  deliveryFee,
  discount,
  total,
  tax,
  children,
}: Props) {
  return (
    <aside
      aria-labelledby="order-summary-title"
      className="h-fit rounded-xl border border-stone-200 bg-white p-5"
    >
      <h2 id="order-summary-title" className="text-xl font-semibold">
        Order Summary
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {lines.map((l) => (
          <li key={l.variantId ?? `p${l.productId}`} className="flex justify-between gap-2">
            <span className="min-w-0">
              {l.name} × {l.qty}
              {shownVariantTitle(l.variantTitle) && (
                <span className="block text-xs text-stone-600">{shownVariantTitle(l.variantTitle)}</span>
              )}
              {l.variantId !== null && lineProblems?.has(l.variantId) && (
                <span className="block text-xs font-medium text-red-700" data-testid="line-problem">
                  {lineProblems.get(l.variantId)}
                </span>
              )}
            </span>
            <span>{formatINR(l.price * l.qty)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{formatINR(subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery Fee</dt>
          <dd data-testid="summary-delivery-fee">{deliveryFee === 0 ? 'FREE' : formatINR(deliveryFee)}</dd>
        </div>
        {discount > 0 && (
          <div className="flex justify-between text-green-700">
            <dt>Discount</dt>
            <dd data-testid="summary-discount">−{formatINR(discount)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatINR(total)}</dd>
        </div>
      </dl>
      {tax && <TaxBreakdown tax={tax.tax} rows={tax.rows} />}
      {children}
    </aside>
  );
}
