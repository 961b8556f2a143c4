import { describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('@/lib/toast', () => ({ toast: { error: (m: string) => shown.push(m) } }));
const { queryClient } = await import('@/lib/query-client');

const fail = (error: unknown, meta?: { errorMessage?: string; handlesError?: boolean }) =>
  queryClient
    .getMutationCache()
    .build(queryClient, { mutationFn: () => Promise.reject(error), meta })
    .execute(undefined)
    .catch(() => undefined);

describe('the one mutation error handler (MutationCache.onError)', () => {
  it("toasts what toAppError makes of a failed mutation: the store's words, else the mutation's fallback", async () => {
    shown.length = 0;
    await fail({ code: 'P0001', message: 'This order has already shipped.' });
    await fail({ code: '23514', message: 'raw text' }, { errorMessage: 'Could not save your address.' });
    await fail({ code: '23514', message: 'raw text' });
    expect(shown).toEqual([
      'This order has already shipped.',
      'Could not save your address.',
      'Something went wrong on our side. Please try again.',
    ]);
  });

  it('stays quiet for a mutation that shows its failure itself', async () => {
    shown.length = 0;
    await fail({ code: 'P0001', message: 'No.' }, { handlesError: true });
    expect(shown).toEqual([]);
  });
});
