import { formatINR } from 'shared/pricing/format';
import type { TaxRow } from '@/lib/tax-lines';

/**
 * "Includes GST ₹x" and the tax at each rate, with how it is levied (CGST + SGST, or IGST) when that
 * is known: the order summary's preview and the confirmation's stored figures. Prices include GST,
 * so these are parts of the total, not added to it.
 */
export function TaxBreakdown({
  tax,
  rows,
  className = 'mt-2 space-y-1 text-sm text-stone-700',
}: {
  tax: number;
  rows: TaxRow[];
  className?: string;
}) {
  return (
    <dl className={className} data-testid="tax-breakdown">
      <div className="flex justify-between gap-4">
        <dt>Includes GST</dt>
        <dd data-testid="tax-total">{formatINR(tax)}</dd>
      </div>
      {rows.flatMap((r) => [
        <div key={r.label} className="flex justify-between gap-4 pl-3 text-xs" data-testid="tax-rate-line">
          <dt>{r.label}</dt>
          <dd>{formatINR(r.tax)}</dd>
        </div>,
        ...r.parts.map((p) => (
          <div
            key={`${r.label}-${p.label}`}
            className="flex justify-between gap-4 pl-6 text-xs text-stone-600"
            data-testid="tax-part"
          >
            <dt>{p.label}</dt>
            <dd>{formatINR(p.amount)}</dd>
          </div>
        )),
      ])}
    </dl>
  );
}
