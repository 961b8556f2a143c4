import { assertAmount, type Rupees } from '../pricing/money.ts';

/**
 * The GST split of an order (contract "Tax split"; docs/gst.md). Prices are tax-inclusive, so the tax
 * is carved out of what each line is charged. The database's private.split_gst decides what an
 * order records; this is the same algorithm for the checkout's preview and for the tests, held to the
 * same hand-checked cases (supabase/tests/fixtures/gst-split-cases.json).
 *
 * Everything is computed in integer paise (BigInt where products can pass 2^53), so the parts add up
 * to the amount charged exactly: taxable value + CGST + SGST/UTGST + IGST = charged, per line.
 */

/** CGST + SGST within a state (or a UT with a legislature), CGST + UTGST within a UT without one, IGST across. */
export type SupplyType = 'cgst_sgst' | 'cgst_utgst' | 'igst';

/** public.states.kind */
export type StateKind = 'state' | 'union_territory' | 'union_territory_with_legislature';

/**
 * Place of supply is the delivery state (IGST Act s.10(1)(a)). Same state as the store: intra-state,
 * CGST + SGST, or CGST + UTGST when the state is a union territory without a legislature (Delhi,
 * Puducherry and J&K have one, so they levy SGST like states). Any other state: IGST.
 */
export function supplyType(
  storeStateCode: string,
  deliveryStateCode: string,
  deliveryStateKind: StateKind | string,
): SupplyType {
  if (storeStateCode !== deliveryStateCode) return 'igst';
  return deliveryStateKind === 'union_territory' ? 'cgst_utgst' : 'cgst_sgst';
}

/**
 * `total` split over `weights` in proportion: floor shares, then the leftover units one each to the
 * largest remainders (ties: the earlier index). Σ result = total exactly. Integers (paise) in and out.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0)
    throw new RangeError(`total must be whole paise ≥ 0, got ${total}`);
  const sum = weights.reduce((s, w) => {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`weights must be whole paise ≥ 0, got ${w}`);
    return s + BigInt(w);
  }, 0n);
  if (total === 0) return weights.map(() => 0);
  if (sum === 0n) throw new RangeError('cannot apportion an amount over lines that total 0');
  const t = BigInt(total);
  const shares = weights.map((w) => (t * BigInt(w)) / sum);
  const remainders = weights.map((w) => (t * BigInt(w)) % sum);
  let left = total - shares.reduce((s, x) => s + Number(x), 0);
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => {
      const ra = remainders[a] ?? 0n;
      const rb = remainders[b] ?? 0n;
      return ra === rb ? a - b : rb > ra ? 1 : -1;
    });
  const out = shares.map(Number);
  for (const i of order) {
    if (left === 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}

/** A rate in percent (numeric(5,2): 18, 2.5, 0.25) as whole basis points (1800, 250, 25). */
export function rateBasisPoints(rate: number): number {
  const bp = Math.round(rate * 100);
  if (!Number.isFinite(rate) || rate < 0 || rate > 100 || Math.abs(bp - rate * 100) > 1e-6) {
    throw new RangeError(`rate must be a percentage with at most 2 decimals, got ${String(rate)}`);
  }
  return bp;
}

/** round_half_up(charged × 100 / (100 + rate)) in paise, exactly: the value of a tax-inclusive amount. */
export function taxableValuePaise(chargedPaise: number, rate: number): number {
  if (!Number.isSafeInteger(chargedPaise) || chargedPaise < 0) {
    throw new RangeError(`charged must be whole paise ≥ 0, got ${chargedPaise}`);
  }
  const num = BigInt(chargedPaise) * 10000n;
  const den = 10000n + BigInt(rateBasisPoints(rate));
  return Number((2n * num + den) / (2n * den));
}

export interface TaxLineInput {
  /** unit_price × quantity, GST-inclusive rupees */
  amount: Rupees;
  /** GST rate in percent (18 = 18%) */
  rate: number;
}

export interface TaxSplitInput {
  lines: readonly TaxLineInput[];
  /** the order's discount, rupees (inclusive) */
  discount: Rupees;
  /** the delivery fee, rupees (inclusive) */
  deliveryFee: Rupees;
  supplyType: SupplyType;
}

/** Tax parts of an amount, rupees with 2 decimals. */
export interface TaxParts {
  taxableValue: Rupees;
  cgst: Rupees;
  sgst: Rupees;
  utgst: Rupees;
  igst: Rupees;
  /** cgst + sgst + utgst + igst */
  tax: Rupees;
}

export interface TaxLine extends TaxParts {
  amount: Rupees;
  rate: number;
  discountShare: Rupees;
  deliveryShare: Rupees;
  /** amount − discountShare + deliveryShare = taxableValue + tax */
  charged: Rupees;
}

export interface TaxSplit {
  supplyType: SupplyType;
  lines: TaxLine[];
  totals: Omit<TaxLine, 'rate'>;
}

const rupees = (paise: number): Rupees => paise / 100;

/** Paise of a rupee amount (validated: finite, ≥ 0, rounded to the paisa). */
function paiseOf(amount: Rupees, name: string): number {
  assertAmount(amount, name);
  return Math.round(Number((amount * 100).toPrecision(15)));
}

/** The tax parts of `chargedPaise` at `rate` for the supply type, in paise. */
export function splitChargedPaise(
  chargedPaise: number,
  rate: number,
  type: SupplyType,
): { taxableValue: number; cgst: number; sgst: number; utgst: number; igst: number; tax: number } {
  const taxableValue = taxableValuePaise(chargedPaise, rate);
  const tax = chargedPaise - taxableValue;
  const half = Math.ceil(tax / 2);
  return {
    taxableValue,
    cgst: type === 'igst' ? 0 : half,
    sgst: type === 'cgst_sgst' ? tax - half : 0,
    utgst: type === 'cgst_utgst' ? tax - half : 0,
    igst: type === 'igst' ? tax : 0,
    tax,
  };
}

/**
 * Splits an order: the discount and the delivery fee are shared over the lines by their gross amount
 * (CGST Act s.15(3)(a) and s.15(2)(c): they change the value of the goods), then each line's tax is
 * carved out at its own rate.
 */
export function splitTax(input: TaxSplitInput): TaxSplit {
  if (input.lines.length === 0) throw new RangeError('an order has at least one line');
  const amounts = input.lines.map((l, i) => paiseOf(l.amount, `lines[${i}].amount`));
  const discount = paiseOf(input.discount, 'discount');
  const fee = paiseOf(input.deliveryFee, 'deliveryFee');
  const gross = amounts.reduce((s, a) => s + a, 0);
  if (discount > gross) throw new RangeError('discount exceeds the goods amount');
  const discountShares = apportion(discount, amounts);
  const deliveryShares = apportion(fee, amounts);

  const totals = {
    amount: 0,
    discountShare: 0,
    deliveryShare: 0,
    charged: 0,
    taxableValue: 0,
    cgst: 0,
    sgst: 0,
    utgst: 0,
    igst: 0,
    tax: 0,
  };
  const paiseLines = input.lines.map((l, i) => {
    const amount = amounts[i] ?? 0;
    const discountShare = discountShares[i] ?? 0;
    const deliveryShare = deliveryShares[i] ?? 0;
    const charged = amount - discountShare + deliveryShare;
    const parts = splitChargedPaise(charged, l.rate, input.supplyType);
    const line = { amount, discountShare, deliveryShare, charged, ...parts };
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += line[k];
    return { rate: l.rate, ...line };
  });
  const toRupees = <T extends Record<string, number>>(o: T): T =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === 'rate' ? v : rupees(v)])) as T;
  return { supplyType: input.supplyType, lines: paiseLines.map(toRupees), totals: toRupees(totals) };
}

export interface RateSummary extends TaxParts {
  rate: number;
}

/**
 * The tax included per rate, lowest rate first ("GST 18% included ₹x" at checkout and on the
 * confirmation). Sums the lines' paise, so the figures add up to the split's totals exactly.
 */
export function taxByRate(lines: readonly (TaxParts & { rate: number })[]): RateSummary[] {
  const byRate = new Map<
    number,
    { taxableValue: number; cgst: number; sgst: number; utgst: number; igst: number; tax: number }
  >();
  for (const l of lines) {
    const bp = rateBasisPoints(l.rate);
    const s = byRate.get(bp) ?? { taxableValue: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0, tax: 0 };
    s.taxableValue += Math.round(l.taxableValue * 100);
    s.cgst += Math.round(l.cgst * 100);
    s.sgst += Math.round(l.sgst * 100);
    s.utgst += Math.round(l.utgst * 100);
    s.igst += Math.round(l.igst * 100);
    s.tax += Math.round(l.tax * 100);
    byRate.set(bp, s);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bp, s]) => ({
      rate: bp / 100,
      taxableValue: rupees(s.taxableValue),
      cgst: rupees(s.cgst),
      sgst: rupees(s.sgst),
      utgst: rupees(s.utgst),
      igst: rupees(s.igst),
      tax: rupees(s.tax),
    }));
}
