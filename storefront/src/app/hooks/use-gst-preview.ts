import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { istDate } from 'shared/gst/financial-year';
import { stateQueries } from '@/features/addresses/api/states';
import type { ProductDetail } from '@/features/catalog/api/products';
import { taxRateQueries } from '@/features/checkout/api/tax-rates';
import { gstPreview } from '@/features/checkout/gst-preview';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
import { taxRows, type TaxRow } from '@/lib/tax-lines';

interface PricedForTax {
  lines: readonly { product: Pick<ProductDetail, 'hsn_code'>; total: number }[];
  summary: { discount: number; deliveryFee: number };
}

/**
 * The checkout's "Includes GST" preview for the priced cart: rates from tax_rates (read once), the
 * supply type from the shipping address's state (the place of supply place_order records) against
 * the store's GSTIN state. Null until the rates have come, or when a line has no rate. Composes the
 * catalog, checkout, addresses and store features, so it lives in app.
 */
export function useGstPreview(
  cart: PricedForTax | undefined,
  /** The shipping address's State (a name from the states list; '' while none is chosen). */
  deliveryStateName: string,
): { tax: number; rows: TaxRow[] } | null {
  const rates = useQuery(taxRateQueries.list());
  const storeState = useQuery(storeSettingsQueries.business()).data?.gst_state_code;
  const states = useQuery(stateQueries.list()).data;
  // The rates in force on the day the checkout opened (IST): a rate change at midnight mid-checkout is
  // place_order's to apply.
  const [today] = useState(() => istDate(Date.now()));
  if (!cart || !rates.data) return null;
  const delivery = states?.find((s) => s.name === deliveryStateName);
  const preview = gstPreview({
    lines: cart.lines.map((l) => ({ hsn: l.product.hsn_code, amount: l.total })),
    discount: cart.summary.discount,
    deliveryFee: cart.summary.deliveryFee,
    rates: rates.data,
    onDate: today,
    place:
      storeState && delivery
        ? { storeStateCode: storeState, deliveryStateCode: delivery.code, deliveryStateKind: delivery.kind }
        : null,
  });
  return preview && { tax: preview.tax, rows: taxRows(preview.byRate, preview.supplyType) };
}
