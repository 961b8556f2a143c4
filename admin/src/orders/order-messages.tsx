import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useGetManyReference, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { Tables } from 'shared/types/database';
import type { Row } from '@/lib/database';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';

/** What staff see of an outbox row (RLS lets them read it). */
export type OrderMessage = Pick<
  Tables<'notification_outbox'>,
  | 'id'
  | 'event'
  | 'status'
  | 'attempts'
  | 'last_error'
  | 'created_at'
  | 'sent_at'
  | 'next_attempt_at'
  | 'recipient'
>;
const columns: (keyof OrderMessage)[] = [
  'id',
  'event',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'sent_at',
  'next_attempt_at',
  'recipient',
];

/** notification_outbox_event_check's events, in words. */
export const eventLabel: Record<string, string> = {
  order_placed: 'Order placed',
  order_paid: 'Payment received',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refund_initiated: 'Refund initiated',
  refund_processed: 'Refund processed',
};

const statusColor: Record<string, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  dead: 'error',
  suppressed: 'default',
};

export function MessageStatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      label={status[0]!.toUpperCase() + status.slice(1)}
      color={statusColor[status] ?? 'default'}
      variant={status === 'dead' ? 'filled' : 'outlined'}
    />
  );
}

const ist = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/** A timestamp in India's time, as the store's customers and staff read it. */
export const formatIST = (iso: string) => `${ist.format(new Date(iso))} IST`;

const resendable = (status: string) => status === 'failed' || status === 'dead';

/**
 * The order's e-mails (notification_outbox), newest first: the event, when it was queued, its status,
 * the last error, and Resend for a failed or dead one (admin_resend_notification queues it again).
 */
export function OrderMessages() {
  const order = useRecordContext<Row<'orders'>>();
  const notify = useNotify();
  const refresh = useRefresh();
  const resend = useAdminMutation(storeApi.resendNotification, {
    failure: 'Could not resend the e-mail',
    onSuccess: () => notify('E-mail queued to be sent again.', { type: 'success' }),
    onSettled: refresh,
  });
  const { data, isPending, error } = useGetManyReference<OrderMessage>(
    'notification_outbox',
    {
      target: 'order_id',
      id: order?.id,
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
      meta: { columns },
    },
    { enabled: !!order },
  );
  if (!order) return null;

  return (
    <Box component="section" aria-labelledby="order-messages-title" sx={{ mt: 2 }}>
      <Typography id="order-messages-title" variant="subtitle1" component="h2">
        Messages
      </Typography>
      {error ? (
        <Alert severity="error">Could not load the order&apos;s e-mails.</Alert>
      ) : isPending ? (
        <Typography variant="body2">Loading…</Typography>
      ) : (data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No e-mails for this order yet.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(data ?? []).map((m) => (
            <Box
              component="li"
              key={m.id}
              aria-label={`${eventLabel[m.event] ?? m.event} e-mail`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {eventLabel[m.event] ?? m.event}
                </Typography>
                <MessageStatusChip status={m.status} />
                <Typography variant="body2" component="span" color="text.secondary">
                  {formatIST(m.created_at)} · to {m.recipient}
                </Typography>
                {resendable(m.status) && (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={resend.isPending}
                    onClick={() => void resend.mutate(m.id)}
                    sx={{ ml: 'auto' }}
                  >
                    Resend
                  </Button>
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {m.sent_at
                  ? `Sent ${formatIST(m.sent_at)}`
                  : m.status === 'failed'
                    ? `Attempt ${m.attempts} failed; next try ${formatIST(m.next_attempt_at)}`
                    : m.status === 'dead'
                      ? `Gave up after ${m.attempts} attempts`
                      : m.status === 'pending'
                        ? 'Waiting to be sent'
                        : m.status === 'sending'
                          ? 'Being sent'
                          : null}
              </Typography>
              {m.last_error && (
                <Typography variant="body2" color={m.status === 'suppressed' ? 'text.secondary' : 'error'}>
                  {m.status === 'suppressed' ? m.last_error : `Error: ${m.last_error}`}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
