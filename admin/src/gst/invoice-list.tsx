import { DataTable, ReferenceField } from 'react-admin';
import { istDate } from 'shared/gst/financial-year';
import { formatINR } from 'shared/pricing/format';
import { formatDay } from '@/delivery/delivery-days';
import { DocumentList } from '@/gst/document-list';
import type { Row } from '@/lib/database';

type Invoice = Row<'invoices'>;
const Column = DataTable.Col<Invoice>;

/** /admin/invoices: every tax invoice issued (one per shipped order), newest first; the order links to its page. */
export function InvoiceList() {
  return (
    <DocumentList title="Invoices">
      <Column source="number" label="Invoice" />
      <Column source="issued_at" label="Date" render={(r) => formatDay(istDate(r.issued_at))} />
      <Column source="order_id" label="Order" disableSort>
        <ReferenceField source="order_id" reference="orders" link="show" />
      </Column>
      <Column source="place_of_supply" label="Place of supply">
        <ReferenceField source="place_of_supply" reference="states" link={false} />
      </Column>
      <Column source="is_b2b" label="B2B" render={(r) => (r.is_b2b ? 'Yes' : 'No')} />
      <Column source="taxable_value" label="Taxable value" render={(r) => formatINR(r.taxable_value)} />
      <Column label="Tax" render={(r) => formatINR(r.cgst + r.sgst + r.utgst + r.igst)} />
      <Column source="total" label="Total" render={(r) => formatINR(r.total)} />
    </DocumentList>
  );
}
