import PercentIcon from '@mui/icons-material/Percent';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import UndoIcon from '@mui/icons-material/Undo';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const CreditNoteList = lazyPage(() => import('@/gst/credit-note-list'), 'CreditNoteList');
const InvoiceList = lazyPage(() => import('@/gst/invoice-list'), 'InvoiceList');
const TaxRateCreate = lazyPage(() => import('@/gst/tax-rate-create'), 'TaxRateCreate');
const TaxRateEdit = lazyPage(() => import('@/gst/tax-rate-edit'), 'TaxRateEdit');
const TaxRateList = lazyPage(() => import('@/gst/tax-rate-list'), 'TaxRateList');

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
