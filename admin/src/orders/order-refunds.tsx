import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  useCanAccess,
  useGetMany,
  useGetManyReference,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import type { Row } from '@/lib/database';
import { toAdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { formatIST } from '@/orders/order-messages';
import { RefundDialog } from '@/refunds/refund-dialog';
import { RefundStatusChip } from '@/refunds/refund-status';
import { railLabel } from '@/returns/return-rules';

type Refund = Row<'refunds'>;

/** A failed refund is pending again (new idempotency key), then the refunds function issues it now. */
async function retryNow(refund: Refund) {
  await storeApi.retryRefund(refund.id);
  try {
    await storeApi.issueRefunds(refund.order_id);
    return null;
  } catch (error) {
    return toAdminError(error).message;
  }
}

/** Who made each refund: staff's names (profiles); none = the database, on a cancellation. */
function useStaffNames(refunds: Refund[]) {
  const ids = [...new Set(refunds.flatMap((r) => (r.created_by ? [r.created_by] : [])))];
  const { data } = useGetMany<Row<'profiles'>>('profiles', { ids }, { enabled: ids.length > 0 });
  return (id: string | null) =>
    id === null ? 'Automatic' : (data?.find((p) => p.id === id)?.full_name ?? 'Staff');
}

/**
 * The order's refunds (Razorpay refunds, payouts, transfers staff recorded), oldest first: amount,
 * rail, status, the bank's reference (ARN/UTR), why one failed, who made it and when. A failed one
 * can be retried; a paid order can be refunded here without a return (goodwill, partial).
 */
export function OrderRefunds() {
  const order = useRecordContext<Row<'orders'>>();
  // refunds.write (owner, finance): Refund and Retry are theirs
  const { canAccess: mayRefund } = useCanAccess({ resource: 'orders', action: 'refund' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [refunding, setRefunding] = useState(false);
  const { data } = useGetManyReference<Refund>(
    'refunds',
    {
      target: 'order_id',
      id: order?.id,
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: {},
    },
    { enabled: !!order },
  );
  const refunds = data ?? [];
  const staffName = useStaffNames(refunds);
  const retry = useAdminMutation(retryNow, {
    failure: 'The refund could not be retried',
    onSuccess: (notIssued) =>
      notIssued
        ? notify(
            `Refund queued again; sending it failed for now (${notIssued}). It is retried every minute.`,
            {
              type: 'warning',
            },
          )
        : notify('Refund sent again.', { type: 'success' }),
    onSettled: refresh,
  });
  if (!order) return null;
  const owed = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  const left = Math.max(0, Math.round((order.total - owed) * 100) / 100);
  const paid = order.payment_status === 'paid' || order.payment_status === 'partially_refunded';

  return (
    <Box component="section" aria-labelledby="refunds-title" sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography id="refunds-title" variant="subtitle1" component="h2">
          Refunds
        </Typography>
        {mayRefund && paid && left > 0 && (
          <Button size="small" variant="outlined" onClick={() => setRefunding(true)}>
            Refund
          </Button>
        )}
      </Stack>
      {refunds.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No refunds.
        </Typography>
      ) : (
        <Box
          // width 0, at least the parent's: the table scrolls inside the page instead of widening
          // react-admin's content column (a flex item) on a phone
          sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}
          // a region that may scroll: reachable by keyboard
          tabIndex={0}
          role="region"
          aria-label="Refunds (scrolls sideways)"
        >
          <Table size="small" aria-label="Refunds">
            <TableHead>
              <TableRow>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Rail</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Reference</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {refunds.map((r) => (
                <TableRow key={r.id}>
                  <TableCell align="right">{formatINR(r.amount)}</TableCell>
                  <TableCell>{railLabel[r.rail] ?? r.rail}</TableCell>
                  <TableCell>
                    <RefundStatusChip status={r.status} />
                  </TableCell>
                  <TableCell>{r.reference ?? '—'}</TableCell>
                  <TableCell>
                    {r.reason}
                    {r.status === 'failed' && r.failure_reason && (
                      <Typography variant="body2" color="error">
                        Failed: {r.failure_reason}
                      </Typography>
                    )}
                    {r.status === 'pending' && r.last_error && (
                      <Typography variant="body2" color="text.secondary">
                        Last attempt: {r.last_error}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {staffName(r.created_by)}, {formatIST(r.created_at)}
                  </TableCell>
                  <TableCell>
                    {mayRefund && r.status === 'failed' && (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={retry.isPending}
                        onClick={() => void retry.mutate(r)}
                        aria-label={`Retry the refund of ${formatINR(r.amount)}`}
                      >
                        Retry
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {paid && left === 0 && refunds.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          The whole payment has been refunded (or is being refunded).
        </Alert>
      )}
      {refunding && (
        <RefundDialog
          order={order}
          refundable={left}
          onClose={() => setRefunding(false)}
          onDone={() => {
            setRefunding(false);
            refresh();
          }}
        />
      )}
    </Box>
  );
}
