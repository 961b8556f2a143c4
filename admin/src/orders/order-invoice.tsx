import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useGetList, useGetManyReference, useRecordContext, useRefresh } from 'react-admin';
import { istDate } from 'shared/gst/financial-year';
import { formatINR } from 'shared/pricing/format';
import { formatDay } from '@/delivery/delivery-days';
import type { Row } from '@/lib/database';
import { CreditNoteDialog } from '@/orders/credit-note-dialog';
import { creditLines } from '@/orders/credit-note-draft';
import { DocumentPdfButton } from '@/orders/document-pdf-button';

/** A credit note with the units it took back per order line. */
type CreditNote = Row<'credit_notes'> & {
  items: Pick<Row<'credit_note_items'>, 'order_item_id' | 'quantity'>[];
};
const CREDIT_NOTE_COLUMNS = ['*', 'items:credit_note_items(order_item_id,quantity)'];

type Amounts = Pick<
  Row<'invoices'>,
  'taxable_value' | 'cgst' | 'sgst' | 'utgst' | 'igst' | 'total' | 'supply_type'
>;

/** The taxes of the supply's kind: CGST + SGST in the store's state, CGST + UTGST in a UT, else IGST. */
export function taxParts(d: Amounts): [string, number][] {
  if (d.supply_type === 'igst') return [['IGST', d.igst]];
  if (d.supply_type === 'cgst_utgst')
    return [
      ['CGST', d.cgst],
      ['UTGST', d.utgst],
    ];
  return [
    ['CGST', d.cgst],
    ['SGST', d.sgst],
  ];
}

const documentDay = (issuedAt: string) => formatDay(istDate(issuedAt));

function Totals({ of, label }: { of: Amounts; label: string }) {
  const parts: [string, number][] = [
    ['Taxable value', of.taxable_value],
    ...taxParts(of),
    ['Total', of.total],
  ];
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, '& dd': { m: 0 } }}
    >
      {parts.map(([name, amount]) => (
        <div key={name}>
          <Typography component="dt" variant="caption">
            {name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ fontWeight: name === 'Total' ? 600 : 400 }}>
            {formatINR(amount)}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

function CreditNotes({ notes }: { notes: Row<'credit_notes'>[] }) {
  if (notes.length === 0) return null;
  return (
    <Table size="small" aria-label="Credit notes" sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>Credit note</TableCell>
          <TableCell>Date</TableCell>
          <TableCell>Reason</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell>PDF</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {notes.map((n) => (
          <TableRow key={n.id}>
            <TableCell>{n.number}</TableCell>
            <TableCell>{documentDay(n.issued_at)}</TableCell>
            <TableCell>{n.reason}</TableCell>
            <TableCell align="right">{formatINR(n.total)}</TableCell>
            <TableCell>
              <DocumentPdfButton document={{ credit_note_id: n.id }} label={`Download PDF of ${n.number}`} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The order's tax invoice (issued by the database when the order ships) with its totals and PDF,
 * and its credit notes; Issue credit note for units not credited yet.
 */
export function OrderInvoice() {
  const order = useRecordContext<Row<'orders'>>();
  const refresh = useRefresh();
  const [crediting, setCrediting] = useState(false);
  // invoices.write (owner, finance)
  const { canAccess: mayCredit } = useCanAccess({ resource: 'orders', action: 'credit_note' });
  const enabled = !!order;
  const { data: invoices } = useGetList<Row<'invoices'>>(
    'invoices',
    {
      filter: { order_id: order?.id },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
    },
    { enabled },
  );
  const { data: notes } = useGetList<CreditNote>(
    'credit_notes',
    {
      filter: { order_id: order?.id },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      meta: { columns: CREDIT_NOTE_COLUMNS },
    },
    { enabled },
  );
  const { data: items } = useGetManyReference<Row<'order_items'>>(
    'order_items',
    {
      target: 'order_id',
      id: order?.id,
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    },
    { enabled },
  );
  const invoice = invoices?.[0];
  if (!order) return null;
  const lines = creditLines(
    items ?? [],
    (notes ?? []).flatMap((n) => n.items),
  );
  const anyLeft = lines.some((l) => l.left > 0);

  return (
    <Box component="section" aria-labelledby="invoice-title" sx={{ mt: 2 }}>
      <Typography id="invoice-title" variant="subtitle1" component="h2">
        Invoice
      </Typography>
      {!invoice ? (
        <Typography variant="body2">
          {order.status === 'cancelled'
            ? 'No invoice: the order was cancelled before dispatch.'
            : 'No invoice yet: the tax invoice is issued when the order is shipped.'}
        </Typography>
      ) : (
        <Stack spacing={1}>
          <Typography variant="body2">
            Tax invoice <strong>{invoice.number}</strong> of {documentDay(invoice.issued_at)}
            {invoice.is_b2b && order.buyer_gstin
              ? ` · B2B: ${order.buyer_legal_name ?? ''} (GSTIN ${order.buyer_gstin})`
              : ''}
          </Typography>
          <Totals of={invoice} label={`Totals of invoice ${invoice.number}`} />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <DocumentPdfButton
              document={{ invoice_id: invoice.id }}
              label={`Download PDF of ${invoice.number}`}
            />
            {mayCredit && (
              <Button size="small" variant="outlined" disabled={!anyLeft} onClick={() => setCrediting(true)}>
                Issue credit note
              </Button>
            )}
          </Stack>
          {!anyLeft && notes && notes.length > 0 && (
            <Alert severity="info">Every invoiced unit has been credited.</Alert>
          )}
          <CreditNotes notes={notes ?? []} />
          <CreditNoteDialog
            open={crediting}
            orderId={order.id}
            invoiceNumber={invoice.number}
            lines={lines}
            onClose={() => setCrediting(false)}
            onDone={refresh}
          />
        </Stack>
      )}
    </Box>
  );
}
