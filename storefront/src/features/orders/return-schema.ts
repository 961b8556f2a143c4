import { z } from 'zod';

/**
 * The return form's rules, checked as the shopper types and again by request_return (whose message is
 * shown when it refuses). The patterns are the database's (the issue-19 contract): a UPI ID is
 * name@handle as NPCI allows it, an IFSC is 4 bank letters, a 0 and 6 branch characters, and an Indian
 * account number is 9 to 18 digits.
 */
export const UPI_ID = /^[a-zA-Z0-9._-]{2,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER = /^\d{9,18}$/;
export const NOTE_MAX = 1000;

export const UPI_MESSAGE = 'Enter a valid UPI ID, like name@okaxis';
export const IFSC_MESSAGE = 'Enter a valid IFSC, like HDFC0001234';
export const ACCOUNT_NUMBER_MESSAGE = 'Enter the account number: 9 to 18 digits';

const lineSchema = z.object({
  orderItemId: z.string(),
  selected: z.boolean(),
  quantity: z.string(),
  reason: z.string(),
});

const formSchema = z.object({
  items: z.array(lineSchema),
  resolution: z.string(),
  pickupDate: z.string(),
  pickupWindow: z.string(),
  note: z.string().max(NOTE_MAX, `Keep the note under ${NOTE_MAX} characters`),
  refundTo: z.enum(['upi', 'bank']),
  upiId: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
});

export type ReturnFormValues = z.infer<typeof formSchema>;

/** What the form knows of each line it offers (from order_return_options). */
export interface ReturnLine {
  orderItemId: number;
  returnableQuantity: number;
  /** false: only store-fault reasons (damaged, defective, not as described, wrong item) are accepted */
  returnable: boolean;
}

export interface ReturnFormContext {
  lines: readonly ReturnLine[];
  /** a Cash on Delivery order: a refund needs the UPI ID or bank account to pay it to */
  cod: boolean;
  /** the codes of return_reasons with store_fault */
  storeFaultReasons: ReadonlySet<string>;
}

/** The form's schema for one order: quantities, reasons, the slot and (COD refunds) the account. */
export function returnFormSchema({ lines, cod, storeFaultReasons }: ReturnFormContext) {
  return formSchema.superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    let chosen = 0;
    v.items.forEach((item, i) => {
      if (!item.selected) return;
      chosen++;
      const line = lines.find((l) => String(l.orderItemId) === item.orderItemId);
      const qty = Number(item.quantity);
      if (!line || !Number.isInteger(qty) || qty < 1 || qty > line.returnableQuantity) {
        issue(['items', i, 'quantity'], `Choose 1 to ${line?.returnableQuantity ?? 1}`);
      }
      if (!item.reason) issue(['items', i, 'reason'], 'Choose a reason');
      else if (line && !line.returnable && !storeFaultReasons.has(item.reason)) {
        issue(['items', i, 'reason'], 'This item is not returnable for this reason');
      }
    });
    if (chosen === 0) issue(['items'], 'Choose at least one item to return');
    if (v.resolution !== 'refund' && v.resolution !== 'replacement') {
      issue(['resolution'], 'Choose a refund or a replacement');
    }
    if (!v.pickupDate) issue(['pickupDate'], 'Choose a pickup date');
    if (!v.pickupWindow) issue(['pickupWindow'], 'Choose a pickup time');
    if (!cod || v.resolution !== 'refund') return;
    if (v.refundTo === 'upi') {
      if (!UPI_ID.test(v.upiId.trim())) issue(['upiId'], UPI_MESSAGE);
      return;
    }
    if (!v.accountName.trim()) issue(['accountName'], "Enter the account holder's name");
    if (!ACCOUNT_NUMBER.test(v.accountNumber.replace(/\s/g, ''))) {
      issue(['accountNumber'], ACCOUNT_NUMBER_MESSAGE);
    }
    if (!IFSC.test(v.ifsc.trim().toUpperCase())) issue(['ifsc'], IFSC_MESSAGE);
  });
}

/** request_return's arguments (bar the order and the photos) from valid form values. */
export function returnRequest(v: ReturnFormValues, cod: boolean) {
  const refund = cod && v.resolution === 'refund';
  return {
    items: v.items
      .filter((i) => i.selected)
      .map((i) => ({ order_item_id: Number(i.orderItemId), quantity: Number(i.quantity), reason: i.reason })),
    resolution: v.resolution,
    pickup_date: v.pickupDate,
    pickup_window: v.pickupWindow,
    note: v.note.trim() || undefined,
    refund_upi_id: refund && v.refundTo === 'upi' ? v.upiId.trim() : undefined,
    refund_bank:
      refund && v.refundTo === 'bank'
        ? {
            account_name: v.accountName.trim(),
            account_number: v.accountNumber.replace(/\s/g, ''),
            ifsc: v.ifsc.trim().toUpperCase(),
          }
        : undefined,
  };
}
