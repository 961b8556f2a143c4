import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { Row } from '@/lib/database';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { offeredActions, type OrderAction } from '@/orders/order-status';

const labels = { shipped: 'Ship', delivered: 'Mark Delivered', cancelled: 'Cancel' } as const;
const done = { shipped: 'shipped', delivered: 'marked as delivered', cancelled: 'cancelled' } as const;

/**
 * Ship, Delivered and Cancel through admin_set_order_status, which also adds the timeline event;
 * only the moves the database allows for this order (never Cancel once shipped, never Ship an
 * unpaid online order).
 */
export function OrderActions({ only, showSteps = false }: { only?: 'shipped'; showSteps?: boolean }) {
  const record = useRecordContext<Row<'orders'>>();
  // orders.write (owner, support); the database refuses the others anyway
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'edit' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const failure = 'Failed to update order';
  const moveTo = useAdminMutation(
    async (order: Row<'orders'>, status: OrderAction) => {
      await storeApi.setOrderStatus({ order_id: order.id, status });
      return { order, status };
    },
    {
      failure,
      onSuccess: ({ order, status }) =>
        notify(`Order ${order.order_number} ${done[status]}!`, { type: 'success' }),
      onSettled: refresh,
    },
  );
  const addStep = useAdminMutation(
    async (order: Row<'orders'>, step: 'In Transit' | 'Out for Delivery') => {
      await storeApi.addOrderEvent({ order_id: order.id, status: step });
      return { order, step };
    },
    {
      failure,
      onSuccess: ({ order, step }) =>
        notify(`Order ${order.order_number}: ${step} added to the timeline`, { type: 'success' }),
      onSettled: refresh,
    },
  );
  if (!record || !canAccess) return null;
  const actions = offeredActions(record.allowed_transitions).filter((a) => !only || a === only);
  const busy = moveTo.isPending || addStep.isPending;
  const move = (status: OrderAction) => moveTo.mutate(record, status);

  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {showSteps &&
        record.status === 'shipped' &&
        (['In Transit', 'Out for Delivery'] as const).map((step) => (
          <Button
            key={step}
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => addStep.mutate(record, step)}
          >
            {step}
          </Button>
        ))}
      {actions.map((a) => (
        <Button
          key={a}
          size="small"
          variant={a === 'cancelled' ? 'outlined' : 'contained'}
          color={a === 'cancelled' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => (a === 'cancelled' ? setConfirmCancel(true) : move(a))}
        >
          {labels[a]}
        </Button>
      ))}
      <Confirm
        isOpen={confirmCancel}
        title="Cancel order"
        content="Cancel this order? Its items go back into stock."
        onConfirm={() => {
          setConfirmCancel(false);
          void move('cancelled');
        }}
        onClose={() => setConfirmCancel(false)}
      />
    </Stack>
  );
}
