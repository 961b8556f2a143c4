import { describe, expect, it } from 'vitest';
import {
  creditDraftErrors,
  creditLines,
  hasErrors,
  toCreditNoteItems,
  type CreditDraft,
} from '@/orders/credit-note-draft';

const items = [
  { id: 11, product_name: 'Oslo Sofa', variant_title: 'Grey', quantity: 2 },
  { id: 12, product_name: 'Teak Stool', variant_title: null, quantity: 3 },
];
// an earlier credit note took back one sofa and both notes one stool each
const credited = [
  { order_item_id: 11, quantity: 1 },
  { order_item_id: 12, quantity: 1 },
  { order_item_id: 12, quantity: 1 },
];
const lines = creditLines(items, credited);
const draft = (quantities: Record<number, string>, reason = 'Damaged in transit'): CreditDraft => ({
  quantities,
  reason,
});

describe('creditLines', () => {
  it('says per line what was invoiced, credited already and is left', () => {
    expect(lines).toEqual([
      { id: 11, name: 'Oslo Sofa (Grey)', invoiced: 2, credited: 1, left: 1 },
      { id: 12, name: 'Teak Stool', invoiced: 3, credited: 2, left: 1 },
    ]);
    expect(creditLines(items, [{ order_item_id: 11, quantity: 5 }])[0]!.left).toBe(0);
  });
});

describe('creditDraftErrors', () => {
  it('accepts units up to what is left with a reason', () => {
    expect(hasErrors(creditDraftErrors(lines, draft({ 11: '1', 12: '' })))).toBe(false);
  });

  it('refuses more than is left, fractions and negatives, per line', () => {
    expect(creditDraftErrors(lines, draft({ 11: '2' })).lines).toEqual({ 11: 'At most 1.' });
    expect(creditDraftErrors(lines, draft({ 11: '0.5', 12: '-1' })).lines).toEqual({
      11: 'Enter a whole number of units.',
      12: 'Enter a whole number of units.',
    });
    const none = creditLines(items, [{ order_item_id: 11, quantity: 2 }]);
    expect(creditDraftErrors(none, draft({ 11: '1' })).lines[11]).toBe('Nothing left to credit.');
  });

  it('needs at least one unit and a reason of 3 to 500 characters', () => {
    const e = creditDraftErrors(lines, draft({}, ' ok '));
    expect(e.form).toBe('Choose at least one unit to credit.');
    expect(e.reason).toMatch(/3 to 500/);
    expect(creditDraftErrors(lines, draft({ 11: '1' }, 'x'.repeat(501))).reason).toMatch(/3 to 500/);
    expect(creditDraftErrors(lines, draft({ 11: '1' }, 'x'.repeat(500))).reason).toBeUndefined();
  });
});

describe('toCreditNoteItems', () => {
  it('sends the lines with a quantity only', () => {
    expect(toCreditNoteItems(lines, draft({ 11: ' 1 ', 12: '0' }))).toEqual([
      { order_item_id: 11, quantity: 1 },
    ]);
  });
});
