import { describe, expect, it } from 'vitest';
import { notReturnableText, returnLineNote } from '@/features/orders/return-line';

const option = (over: object = {}) => ({
  eligible: true,
  returnable: true,
  returnable_quantity: 1,
  // delivered 18 Nov, 30 days: the window closes at the end of 18 Dec in India
  window_closes_at: '2026-12-18T18:29:59.999+00:00',
  ...over,
});
const now = new Date('2026-11-25T05:00:00Z');

describe('a delivered line’s return note', () => {
  it('says when the window closes, as an Indian date', () => {
    expect(returnLineNote(option(), now)).toEqual({ kind: 'eligible', returnable: true, closes: '18 Dec' });
  });

  it('says the window closed', () => {
    expect(returnLineNote(option({ eligible: false }), new Date('2026-12-19T00:00:00Z'))).toEqual({
      kind: 'closed',
      text: 'Return window closed on 18 Dec',
    });
  });

  it('keeps a non-returnable line open for damage and defects', () => {
    expect(returnLineNote(option({ returnable: false }), now)).toMatchObject({
      kind: 'eligible',
      returnable: false,
    });
  });

  it('says nothing of a line already returned in full', () => {
    expect(returnLineNote(option({ eligible: false, returnable_quantity: 0 }), now)).toEqual({
      kind: 'none',
    });
  });
});

describe('a non-returnable line', () => {
  it('says why when it was made to order', () => {
    expect(notReturnableText(true)).toBe(
      'Not returnable (made to order) — damaged or defective items are still replaced',
    );
    expect(notReturnableText(false)).toBe('Not returnable — damaged or defective items are still replaced');
  });
});
