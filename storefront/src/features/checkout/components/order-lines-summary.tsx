import type { ReactNode } from 'react';
import { formatINR } from 'shared/pricing/format';
import type { PaymentLine } from '@/features/checkout/payment-state';

interface Props {
  lines: PaymentLine[];
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  children?: ReactNode;
}

/** The order summary shared by checkout and payment: lines, subtotal, delivery, discount, total. */
export function OrderLinesSummary({ lines, subtotal, deliveryFee, discount, total, children }: Props) {
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
          <li key={`${l.productId}|${l.color ?? ''}|${l.size ?? ''}`} className="flex justify-between gap-2">
            <span>
              {l.name} × {l.qty}
              {(l.color || l.size) && (
                <span className="block text-xs text-stone-500">
                  {[l.color, l.size].filter(Boolean).join(' · ')}
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
          <dd>{deliveryFee === 0 ? 'FREE' : formatINR(deliveryFee)}</dd>
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
      {children}
    </aside>
  );
}
