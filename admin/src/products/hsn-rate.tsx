import { Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { istDate } from 'shared/gst/financial-year';
import { rateRowFor } from 'shared/gst/rates';
import { formatDay } from '@/delivery/delivery-days';
import { HSN_PATTERN, percent } from '@/gst/tax-rate-rules';
import type { Row } from '@/lib/database';

/**
 * The GST rate an HSN code resolves to today (IST) over tax_rates, by the database's own rule (the
 * longest matching code, then the latest date: shared/src/gst/rates.ts): what place_order would
 * charge on a new order. A code no rate covers is said plainly: such an order would be refused.
 */
export function HsnRateToday({ hsn }: { hsn: string | null | undefined }) {
  const code = (hsn ?? '').trim();
  const { data: rates, isPending } = useGetList<Row<'tax_rates'>>('tax_rates', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'hsn_code', order: 'ASC' },
  });
  let message = '';
  if (HSN_PATTERN.test(code) && (isPending || !rates)) message = 'Looking up the GST rate…';
  else if (HSN_PATTERN.test(code) && rates) {
    const row = rateRowFor(code, rates, istDate(new Date()));
    message = row
      ? `GST ${percent(row.rate)} today (HSN ${row.hsn_code}, from ${formatDay(row.effective_from)})`
      : 'No GST rate covers this HSN code today: orders of this product would be refused. Add a rate under GST → Tax rates.';
  }
  return (
    <Typography variant="body2" role="status" sx={{ alignSelf: 'center', minHeight: '1.5em' }}>
      {message}
    </Typography>
  );
}
