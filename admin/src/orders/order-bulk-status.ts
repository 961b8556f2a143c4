import { toAdminError } from '@/lib/errors';

export interface BulkOutcome<T> {
  moved: T[];
  /** Each order the database refused, with its words (they name the order: "Order ORD… cannot …"). */
  refused: { order: T; message: string }[];
}

/**
 * Moves orders one at a time, each in its own request and transaction, so the database's status
 * machine decides for each: a refused order is reported and the next one is tried. An error that
 * ends the session (expired, not staff) stops the run and is thrown, as the rest would fail too.
 */
export async function moveEach<T>(
  orders: readonly T[],
  move: (order: T) => Promise<unknown>,
): Promise<BulkOutcome<T>> {
  const outcome: BulkOutcome<T> = { moved: [], refused: [] };
  for (const order of orders) {
    try {
      await move(order);
      outcome.moved.push(order);
    } catch (error) {
      const adminError = toAdminError(error);
      if (adminError.signsOut) throw adminError;
      outcome.refused.push({ order, message: adminError.message });
    }
  }
  return outcome;
}

/** "2 orders marked shipped" / "1 order marked processing"; null when none moved. */
export function movedSummary(count: number, status: 'processing' | 'shipped'): string | null {
  if (count === 0) return null;
  return `${count} ${count === 1 ? 'order' : 'orders'} marked ${status}`;
}
