import { describe, expect, it } from 'vitest';
import { moveEach, movedSummary } from '@/orders/order-bulk-status';

const unpaid = {
  code: 'P0001',
  message: 'Order ORD-2 has not been paid online yet, so it cannot be shipped.',
  details: 'unpaid_online_order',
  hint: null,
};
const expired = {
  code: '42501',
  message: 'Your admin session has expired. Please sign in again.',
  details: 'admin_session_expired',
  hint: null,
};

describe('moveEach', () => {
  it('tries every order in turn and reports the refused ones in the database’s words', async () => {
    const tried: string[] = [];
    const outcome = await moveEach(['a', 'b', 'c'], async (id) => {
      tried.push(id);
      if (id === 'b') throw unpaid;
    });
    expect(tried).toEqual(['a', 'b', 'c']);
    expect(outcome.moved).toEqual(['a', 'c']);
    expect(outcome.refused).toEqual([{ order: 'b', message: unpaid.message }]);
  });

  it('stops at an error that ends the session and throws it (the rest would fail too)', async () => {
    const tried: string[] = [];
    await expect(
      moveEach(['a', 'b', 'c'], async (id) => {
        tried.push(id);
        if (id === 'b') throw expired;
      }),
    ).rejects.toMatchObject({ name: 'AdminError', kind: 'session_expired' });
    expect(tried).toEqual(['a', 'b']);
  });
});

describe('movedSummary', () => {
  it('counts the moved orders, and says nothing when none moved', () => {
    expect(movedSummary(2, 'shipped')).toBe('2 orders marked shipped');
    expect(movedSummary(1, 'processing')).toBe('1 order marked processing');
    expect(movedSummary(0, 'shipped')).toBeNull();
  });
});
