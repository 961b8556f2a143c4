import PercentIcon from '@mui/icons-material/Percent';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import UndoIcon from '@mui/icons-material/Undo';
import { CreditNoteList } from '@/gst/credit-note-list';
import { InvoiceList } from '@/gst/invoice-list';
import { TaxRateCreate } from '@/gst/tax-rate-create';
import { TaxRateEdit } from '@/gst/tax-rate-edit';
import { TaxRateList } from '@/gst/tax-rate-list';

/** /admin/tax_rates: GST rates by HSN, dated. */
export const taxRates = {
  list: TaxRateList,
  create: TaxRateCreate,
  edit: TaxRateEdit,
  icon: PercentIcon,
  recordRepresentation: 'hsn_code',
};
/** /admin/invoices: issued by the database when an order ships; read-only. */
export const invoices = { list: InvoiceList, icon: ReceiptLongIcon, recordRepresentation: 'number' };
/** /admin/credit_notes: issued from an order's page; read-only. */
export const creditNotes = { list: CreditNoteList, icon: UndoIcon, recordRepresentation: 'number' };
