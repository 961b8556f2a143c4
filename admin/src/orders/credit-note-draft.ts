import type { Row } from '@/lib/database';

/**
 * The Issue credit note dialog's rules, before admin_issue_credit_note checks them again: per order
 * line, a whole quantity up to what is left to credit (invoiced − credited by earlier credit notes,
 * the database's 'credit_exceeds_invoice'), at least one unit, and a reason of 3 to 500 characters
 * (printed on the credit note).
 */
export type CreditLine = {
  id: number;
  name: string;
  invoiced: number;
  credited: number;
  left: number;
};

export type CreditDraft = { quantities: Record<number, string>; reason: string };
export type CreditDraftErrors = { lines: Record<number, string>; reason?: string; form?: string };

export const REASON_MIN = 3;
export const REASON_MAX = 500;

type Item = Pick<Row<'order_items'>, 'id' | 'product_name' | 'variant_title' | 'quantity'>;
type Credited = Pick<Row<'credit_note_items'>, 'order_item_id' | 'quantity'>;

export function creditLines(items: readonly Item[], credited: readonly Credited[]): CreditLine[] {
  return items.map((item) => {
    const done = credited.filter((c) => c.order_item_id === item.id).reduce((sum, c) => sum + c.quantity, 0);
    return {
      id: item.id,
      name: item.variant_title ? `${item.product_name} (${item.variant_title})` : item.product_name,
      invoiced: item.quantity,
      credited: done,
      left: Math.max(0, item.quantity - done),
    };
  });
}

const quantityOf = (draft: CreditDraft, id: number) => {
  const raw = (draft.quantities[id] ?? '').trim();
  return raw === '' ? 0 : Number(raw);
};

export function creditDraftErrors(lines: readonly CreditLine[], draft: CreditDraft): CreditDraftErrors {
  const errors: CreditDraftErrors = { lines: {} };
  for (const line of lines) {
    const q = quantityOf(draft, line.id);
    if (!Number.isInteger(q) || q < 0) errors.lines[line.id] = 'Enter a whole number of units.';
    else if (q > line.left)
      errors.lines[line.id] = line.left === 0 ? 'Nothing left to credit.' : `At most ${line.left}.`;
  }
  const reason = draft.reason.trim();
  if (reason.length < REASON_MIN || reason.length > REASON_MAX)
    errors.reason = `Give a reason of ${REASON_MIN} to ${REASON_MAX} characters (it is printed on the credit note).`;
  if (Object.keys(errors.lines).length === 0 && lines.every((l) => quantityOf(draft, l.id) === 0))
    errors.form = 'Choose at least one unit to credit.';
  return errors;
}

export const hasErrors = (e: CreditDraftErrors) =>
  Object.keys(e.lines).length > 0 || e.reason !== undefined || e.form !== undefined;

/** admin_issue_credit_note's items: the lines with a quantity, in order. */
export function toCreditNoteItems(
  lines: readonly CreditLine[],
  draft: CreditDraft,
): { order_item_id: number; quantity: number }[] {
  return lines
    .map((l) => ({ order_item_id: l.id, quantity: quantityOf(draft, l.id) }))
    .filter((i) => i.quantity > 0);
}
