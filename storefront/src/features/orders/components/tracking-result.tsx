import type { ReactNode } from 'react';
import { CheckCircle2, Circle } from 'lucide-react';
import { formatINR } from 'shared/pricing/format';
import type { TrackingRecord } from '@/features/orders/api/orders';
import { deliveryWindow } from '@/lib/delivery-dates';

const when = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/**
 * The tracking record: status, estimated delivery, current location, the six-step timeline, items.
 * `children`: what the signed-in owner may do with it (download the invoice), under the status.
 */
export function TrackingResult({ record, children }: { record: TrackingRecord; children?: ReactNode }) {
  return (
    <section aria-labelledby="tracking-title" className="mt-8 space-y-6">
      <div className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="tracking-title" className="text-xl font-semibold">
          Order {record.order_number}
        </h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-stone-600">Status</dt>
            <dd className="font-semibold capitalize" data-testid="tracking-status">
              {record.status}
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">Estimated Delivery</dt>
            <dd className="font-semibold">
              {deliveryWindow(record.estimated_delivery_from, record.estimated_delivery_to)}
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">Current Location</dt>
            <dd className="font-semibold">{record.current_location ?? 'At our warehouse'}</dd>
          </div>
        </dl>
        {children && <div className="mt-4">{children}</div>}
      </div>
      <div className="rounded-xl border border-stone-200 bg-white p-5">
        <h3 className="text-lg font-semibold">Timeline</h3>
        <ol aria-label="Order timeline" className="mt-3 space-y-3">
          {record.timeline.map((step) => (
            <li key={step.status} className="flex gap-3" data-completed={step.completed}>
              {step.completed ? (
                <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-600" />
              ) : (
                <Circle aria-hidden="true" className="size-5 shrink-0 text-stone-300" />
              )}
              <div>
                <p className={step.completed ? 'font-medium' : 'text-stone-500'}>
                  {step.status}
                  <span className="sr-only">{step.completed ? ' (completed)' : ' (not yet)'}</span>
                </p>
                {step.occurred_at && (
                  <p className="text-xs text-stone-600">
                    {when.format(new Date(step.occurred_at))}
                    {step.location ? ` · ${step.location}` : ''}
                  </p>
                )}
                {step.description && <p className="text-sm text-stone-600">{step.description}</p>}
              </div>
            </li>
          ))}
        </ol>
      </div>
      <div className="rounded-xl border border-stone-200 bg-white p-5">
        <h3 className="text-lg font-semibold">Items</h3>
        <ul className="mt-3 space-y-2 text-sm">
          {record.items.map((i, n) => (
            <li key={n} className="flex justify-between">
              <span>
                {i.name} × {i.quantity}
              </span>
              <span>{formatINR(Number(i.line_total))}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 border-t border-stone-200 pt-2 text-right font-semibold">
          Total: {formatINR(Number(record.total))}
        </p>
      </div>
    </section>
  );
}
