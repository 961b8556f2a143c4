import { DataTable, ReferenceField } from 'react-admin';
import { istDate } from 'shared/gst/financial-year';
import { formatINR } from 'shared/pricing/format';
import { formatDay } from '@/delivery/delivery-days';
import { DocumentList } from '@/gst/document-list';
import type { Row } from '@/lib/database';

type CreditNote = Row<'credit_notes'>;
const Column = DataTable.Col<CreditNote>;

/** /admin/credit_notes: credit notes (their own series), each citing its invoice; issued from an order's page. */
export function CreditNoteList() {
  return (
    <DocumentList title="Credit notes">
      <Column source="number" label="Credit note" />
      <Column source="issued_at" label="Date" render={(r) => formatDay(istDate(r.issued_at))} />
      <Column source="invoice_id" label="Invoice" disableSort>
        <ReferenceField source="invoice_id" reference="invoices" link={false} />
      </Column>
      <Column source="order_id" label="Order" disableSort>
        <ReferenceField source="order_id" reference="orders" link="show" />
      </Column>
      <Column source="reason" label="Reason" disableSort />
      <Column source="total" label="Total" render={(r) => formatINR(r.total)} />
    </DocumentList>
  );
}
