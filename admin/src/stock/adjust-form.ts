/** The reasons staff may give admin_adjust_stock (the others are written by orders and returns). */
export const ADJUST_REASONS = ['receipt', 'adjustment', 'import'] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];

export const reasonLabels: Record<AdjustReason, string> = {
  receipt: 'Receipt (goods received)',
  adjustment: 'Adjustment (count, damage, loss)',
  import: 'Import',
};

/** What the Adjust dialog holds (inputs hold text). */
export interface AdjustValues {
  quantity: string;
  reason: AdjustReason | '';
  note: string;
}

/** A variant the dialog adjusts, with its on-hand stock for the "would go below 0" check. */
export interface AdjustTarget {
  id: number;
  sku: string;
  stock_quantity: number;
}

export type AdjustErrors = Partial<Record<keyof AdjustValues, string>>;

/**
 * The dialog's checks, the same as admin_adjust_stock's: a whole non-zero change, a reason, a note
 * for an adjustment (a count correction must say why), and no variant below 0 on hand. The
 * database checks again (stock_negative), with stock that may have moved since the page loaded.
 */
export function adjustErrors(values: AdjustValues, targets: AdjustTarget[]): AdjustErrors {
  const errors: AdjustErrors = {};
  const q = values.quantity.trim() === '' ? Number.NaN : Number(values.quantity);
  if (!Number.isInteger(q) || q === 0) errors.quantity = 'Enter a whole number other than 0 (− to remove).';
  else if (Math.abs(q) > 1_000_000) errors.quantity = 'At most 1,000,000 at a time.';
  else {
    const short = targets.filter((t) => t.stock_quantity + q < 0).map((t) => t.sku);
    if (short.length > 0)
      errors.quantity = `Stock cannot go below 0: ${short.join(', ')} ${short.length === 1 ? 'has' : 'have'} less on hand.`;
  }
  if (values.reason === '') errors.reason = 'Choose a reason.';
  if (values.reason === 'adjustment' && values.note.trim() === '')
    errors.note = 'Say why for an adjustment (e.g. "stock count 24 Nov", "damaged in transit").';
  if (values.note.length > 500) errors.note = 'At most 500 characters.';
  return errors;
}

/** admin_adjust_stock's arguments: one change per variant, in one transaction. */
export function toAdjustArgs(
  values: AdjustValues,
  targets: AdjustTarget[],
): { changes: { variant_id: number; quantity_change: number }[]; reason: AdjustReason; note?: string } {
  if (values.reason === '') throw new Error('toAdjustArgs needs a reason: check adjustErrors first');
  const q = Number(values.quantity);
  const note = values.note.trim();
  return {
    changes: targets.map((t) => ({ variant_id: t.id, quantity_change: q })),
    reason: values.reason,
    ...(note === '' ? {} : { note }),
  };
}
