/**
 * Money in this workspace is a JavaScript number of rupees, rounded to 2 decimals (whole paise).
 *
 * Why not integer paise: the database stores prices as `numeric(10,2)` rupees and PostgREST sends
 * them to both apps as plain JSON numbers (2999, 1499.5). Keeping that one unit everywhere — the
 * database, supabase-js rows, these rules, the UI — avoids a conversion at every boundary. Float
 * noise (0.1 + 0.2) is removed by rounding every computed amount with `roundMoney`, which rounds
 * half away from zero exactly as Postgres `round(numeric, 2)` does, so a preview here equals the
 * total `place_order` computes. The one place that needs paise is the payment provider: `toPaise`.
 */
export type Rupees = number;

/** Rounds to whole paise, half away from zero (1.005 → 1.01, -1.005 → -1.01), never returning -0. */
export function roundMoney(amount: Rupees): Rupees {
  const sign = amount < 0 ? -1 : 1;
  // toPrecision(15) drops the binary noise first: 10.075 * 100 is 1007.4999999999999 in a double.
  const paise = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  const rounded = (sign * paise) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** Amount for the payment provider, which counts in paise (rupees × 100). */
export function toPaise(amount: Rupees): number {
  assertAmount(amount, 'amount');
  return Math.round(roundMoney(amount) * 100);
}

/** Throws a RangeError unless `amount` is a finite, non-negative number. */
export function assertAmount(amount: number, name: string): void {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    throw new RangeError(`${name} must be a finite, non-negative number of rupees, got ${String(amount)}`);
  }
}
