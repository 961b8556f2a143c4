import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, Button as MuiButton } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Button, useCanAccess, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import type { Row } from '@/lib/database';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { moveEach, movedSummary, type BulkOutcome } from '@/orders/order-bulk-status';

type Target = 'processing' | 'shipped';

/** The database's words name the order ("Order ORD… cannot …"); the number goes first when they do not. */
const withNumber = (orderNumber: string | undefined, message: string) =>
  orderNumber && !message.includes(orderNumber) ? `${orderNumber}: ${message}` : message;

/**
 * Marks the selected orders processing or shipped, each through admin_set_order_status (pessimistic:
 * the database's status machine decides per order, so nothing is shown before it answers). The
 * orders it refused stay selected and are listed with its reasons.
 */
function BulkStatusButton({ status, label, icon }: { status: Target; label: string; icon: ReactElement }) {
  const { selectedIds, data = [] } = useListContext<Row<'orders'>>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('orders');
  const [refused, setRefused] = useState<BulkOutcome<string>['refused']>([]);
  const byId = new Map(data.map((o) => [o.id, o.order_number]));
  const run = useAdminMutation(
    (ids: string[]) => moveEach(ids, (id) => storeApi.setOrderStatus({ order_id: id, status })),
    {
      failure: `Not marked ${status}`,
      onSuccess: ({ moved, refused: notMoved }) => {
        const summary = movedSummary(moved.length, status);
        if (summary) notify(summary, { type: 'success' });
        if (notMoved.length === 0) unselectAll();
        setRefused(notMoved);
      },
      onSettled: refresh,
    },
  );
  return (
    <>
      <Button label={label} onClick={() => void run.mutate(selectedIds.map(String))} disabled={run.isPending}>
        {icon}
      </Button>
      {refused.length > 0 && (
        <Dialog open onClose={() => setRefused([])} aria-labelledby={`refused-${status}-title`} fullWidth>
          <DialogTitle id={`refused-${status}-title`}>
            {refused.length} {refused.length === 1 ? 'order was' : 'orders were'} not marked {status}
          </DialogTitle>
          <DialogContent>
            <Alert severity="warning" role="alert">
              {refused.map((r) => (
                <div key={r.order}>{withNumber(byId.get(r.order), r.message)}</div>
              ))}
            </Alert>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setRefused([])}>Close</MuiButton>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

/** The order list's bulk actions, for staff who may move orders (orders.write). */
export function OrderBulkActions() {
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'edit' });
  if (!canAccess) return null;
  return (
    <>
      <BulkStatusButton status="processing" label="Mark processing" icon={<PlaylistAddCheckIcon />} />
      <BulkStatusButton status="shipped" label="Mark shipped" icon={<LocalShippingIcon />} />
    </>
  );
}
