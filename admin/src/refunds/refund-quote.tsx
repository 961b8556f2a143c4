import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import type { RefundQuote } from '@/lib/database';
import { toAdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';

/** return_refund_quote for the return (nothing without one). */
export function useRefundQuote(returnId: string | undefined) {
  const [state, setState] = useState<{ data?: RefundQuote; error?: string }>({});
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (!returnId) return;
    let live = true;
    storeApi.refundQuote(returnId).then(
      (data) => {
        if (live) setState({ data });
      },
      (error: unknown) => {
        void logoutIfAccessDenied(error);
        if (live) setState({ error: toAdminError(error).message });
      },
    );
    return () => {
      live = false;
    };
  }, [returnId, logoutIfAccessDenied]);
  return state;
}

/** store_settings.delivery_fee_refund, as the Return settings page words it. */
const feeRule: Record<RefundQuote['delivery_fee_refund'], string> = {
  never: 'the store never refunds the delivery fee',
  store_fault:
    'the store refunds the delivery fee only for damaged, defective, not-as-described or wrong items',
  always: 'the store always refunds the delivery fee',
};

/** The proposal: goods + the delivery fee's share (included or not, and why), what is left to refund. */
export function QuoteBreakdown({ quote }: { quote: RefundQuote }) {
  const rows: [string, string][] = [
    ['Goods (net of discount)', formatINR(quote.goods)],
    [
      quote.delivery_included ? 'Delivery fee (included)' : 'Delivery fee (not included)',
      formatINR(quote.delivery),
    ],
    ...(quote.return_refunded > 0
      ? [['Already refunded for this return', formatINR(quote.return_refunded)] as [string, string]]
      : []),
    ['Already refunded on this order', formatINR(quote.refunded)],
    ['Proposed refund', formatINR(quote.amount)],
  ];
  return (
    <Box component="section" aria-label="Proposed refund">
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {name}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, textAlign: 'right', fontWeight: name === 'Proposed refund' ? 600 : 400 }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Delivery fee {quote.delivery_included ? 'included' : 'not included'}:{' '}
        {feeRule[quote.delivery_fee_refund]} (Return settings).
        {quote.amount < quote.value - quote.return_refunded
          ? ` Capped at ${formatINR(quote.refundable)}, what is left to refund on the order.`
          : ''}
      </Typography>
    </Box>
  );
}
