import type { RateSummary, SupplyType } from 'shared/gst/split';

/** A GST rate as people read it: 18 → '18%', 2.5 → '2.5%', 0.125 → '0.125%'. */
export function percentText(rate: number): string {
  return `${Number(rate.toFixed(3))}%`;
}

/** The tax at one rate, and how it is levied: CGST + SGST (or UTGST) in the store's state, IGST across. */
export interface TaxRow {
  rate: number;
  /** 'GST 18%' */
  label: string;
  tax: number;
  /** [CGST 9%, SGST 9%] | [CGST 9%, UTGST 9%] | [IGST 18%]; empty while the place of supply is unknown */
  parts: { label: string; amount: number }[];
}

/**
 * Rows for the order summary and the confirmation from shared/gst/split `taxByRate`. Each half of an
 * intra-state levy is at half the rate (CGST 9% + SGST 9% of an 18% good).
 */
export function taxRows(summaries: readonly RateSummary[], supplyType: SupplyType | null): TaxRow[] {
  return summaries.map((s) => {
    const half = percentText(s.rate / 2);
    const parts =
      supplyType === 'igst'
        ? [{ label: `IGST ${percentText(s.rate)}`, amount: s.igst }]
        : supplyType === 'cgst_sgst'
          ? [
              { label: `CGST ${half}`, amount: s.cgst },
              { label: `SGST ${half}`, amount: s.sgst },
            ]
          : supplyType === 'cgst_utgst'
            ? [
                { label: `CGST ${half}`, amount: s.cgst },
                { label: `UTGST ${half}`, amount: s.utgst },
              ]
            : [];
    return { rate: s.rate, label: `GST ${percentText(s.rate)}`, tax: s.tax, parts };
  });
}
