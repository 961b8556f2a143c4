import { Download } from 'lucide-react';
import type { Enums } from 'shared/types/database';
import { useDownloadDocument } from '@/features/orders/api/invoice-pdf';
import type { OrderDocuments as Documents } from '@/features/orders/api/orders';

const buttonClass =
  'inline-flex items-center gap-1 rounded-lg border border-amber-800 px-3 py-1 text-sm font-medium text-amber-800 hover:bg-amber-50 disabled:opacity-50';

/**
 * An order's tax invoice and credit notes to download. The invoice is issued when the order ships;
 * before that a pending or processing order says when it comes, a cancelled one never has one.
 */
export function OrderDocuments({
  status,
  invoice,
  creditNotes,
}: {
  status: Enums<'order_status'>;
  invoice: Documents['invoice'];
  creditNotes: Documents['credit_notes'];
}) {
  const download = useDownloadDocument();
  if (!invoice) {
    return status === 'pending' || status === 'processing' ? (
      <p className="text-sm text-stone-600">Invoice available once shipped</p>
    ) : null;
  }
  const busy = download.isPending;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={buttonClass}
        disabled={busy}
        onClick={() => download.mutate({ invoice_id: invoice.id })}
      >
        <Download aria-hidden="true" className="size-4" />
        Download invoice<span className="sr-only"> {invoice.number}</span>
      </button>
      {creditNotes.map((note) => (
        <button
          key={note.id}
          type="button"
          className={buttonClass}
          disabled={busy}
          onClick={() => download.mutate({ credit_note_id: note.id })}
        >
          <Download aria-hidden="true" className="size-4" />
          Download credit note {note.number}
        </button>
      ))}
    </div>
  );
}
