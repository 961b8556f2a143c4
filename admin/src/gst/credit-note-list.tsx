import { FunctionField, ReferenceField, TextField } from 'react-admin';
import { istDate } from 'shared/gst/financial-year';
import { formatINR } from 'shared/pricing/format';
import { formatDay } from '@/delivery/delivery-days';
import { DocumentList } from '@/gst/document-list';
import type { Row } from '@/lib/database';

type CreditNote = Row<'credit_notes'>;

/** /admin/credit_notes: credit notes (their own series), each citing its invoice; issued from an order's page. */
export function CreditNoteList() {
  return (
    <DocumentList title="Credit notes">
      <TextField source="number" label="Credit note" />
      <FunctionField
        source="issued_at"
        label="Date"
        render={(r: CreditNote) => formatDay(istDate(r.issued_at))}
      />
      <ReferenceField
        source="invoice_id"
        reference="invoices"
        label="Invoice"
        link={false}
        sortable={false}
      />
      <ReferenceField source="order_id" reference="orders" label="Order" link="show" sortable={false} />
      <TextField source="reason" label="Reason" sortable={false} />
      <FunctionField source="total" label="Total" render={(r: CreditNote) => formatINR(r.total)} />
    </DocumentList>
  );
}
