import { Alert, Button, Stack } from '@mui/material';
import { useGetManyReference, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import type { Row } from '@/lib/database';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';

const label: Record<string, string> = {
  due: 'Refund due',
  pending: 'Refund pending at Razorpay',
  processed: 'Refunded',
};

/**
 * What happened to a payment that arrived after the order was released or cancelled: the order
 * was revived, or the payment is refunded (Razorpay refund id, amount, status) or still owed. A
 * refund still owed can be retried here; the razorpay-refund function issues it, at most once.
 */
export function OrderRefunds() {
  const order = useRecordContext<Row<'orders'>>();
  const notify = useNotify();
  const refresh = useRefresh();
  const retry = useAdminMutation(storeApi.issueRefund, {
    onSuccess: () => notify('Refund issued.', { type: 'success' }),
    // whatever went wrong, the refund stays due and can be retried
    onError: () => notify('The refund could not be issued yet. Try again later.', { type: 'error' }),
    onSettled: refresh,
  });
  const { data: refunds } = useGetManyReference<Row<'payment_refunds'>>(
    'payment_refunds',
    {
      target: 'order_id',
      id: order?.id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: {},
    },
    { enabled: !!order },
  );
  if (!order) return null;
  const revived = order.released_at !== null && order.status !== 'cancelled';

  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {revived && <Alert severity="info">Payment arrived after the order was released; order revived.</Alert>}
      {(refunds ?? []).map((r) => (
        <Alert
          key={r.id}
          severity={r.status === 'due' ? 'warning' : 'info'}
          action={
            r.status === 'due' ? (
              <Button
                color="inherit"
                size="small"
                disabled={retry.isPending}
                onClick={() => retry.mutate(order.id)}
              >
                Retry refund
              </Button>
            ) : undefined
          }
        >
          {label[r.status] ?? r.status}: {formatINR(Number(r.amount))}
          {r.razorpay_refund_id ? ` · ${r.razorpay_refund_id}` : ''}
          <br />
          {r.reason}
          {r.status === 'due' && r.last_error ? ` Last attempt: ${r.last_error}` : ''}
        </Alert>
      ))}
    </Stack>
  );
}
