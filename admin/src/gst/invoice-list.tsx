import { FunctionField, ReferenceField, TextField } from 'react-admin';
import { istDate } from 'shared/gst/financial-year';
import { formatINR } from 'shared/pricing/format';
import { formatDay } from '@/delivery/delivery-days';
import { DocumentList } from '@/gst/document-list';
import type { Row } from '@/lib/database';

type Invoice = Row<'invoices'>;

/** /admin/invoices: every tax invoice issued (one per shipped order), newest first; the order links to its page. */
export function InvoiceList() {
  return (
    <DocumentList title="Invoices">
      <TextField source="number" label="Invoice" />
      <FunctionField
        source="issued_at"
        label="Date"
        render={(r: Invoice) => formatDay(istDate(r.issued_at))}
      />
      <ReferenceField source="order_id" reference="orders" label="Order" link="show" sortable={false} />
      <ReferenceField source="place_of_supply" reference="states" label="Place of supply" link={false} />
      <FunctionField source="is_b2b" label="B2B" render={(r: Invoice) => (r.is_b2b ? 'Yes' : 'No')} />
      <FunctionField
        source="taxable_value"
        label="Taxable value"
        render={(r: Invoice) => formatINR(r.taxable_value)}
      />
      <FunctionField
        label="Tax"
        sortable={false}
        render={(r: Invoice) => formatINR(r.cgst + r.sgst + r.utgst + r.igst)}
      />
      <FunctionField source="total" label="Total" render={(r: Invoice) => formatINR(r.total)} />
    </DocumentList>
  );
}
