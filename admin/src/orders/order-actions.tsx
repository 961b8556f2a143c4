import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { supabase } from '@/lib/supabase';
import { offeredActions, type OrderAction } from '@/orders/order-status';

const labels = { shipped: 'Ship', delivered: 'Mark Delivered', cancelled: 'Cancel' } as const;
const done = { shipped: 'shipped', delivered: 'marked as delivered', cancelled: 'cancelled' } as const;

/**
 * Ship, Delivered and Cancel through admin_set_order_status, which also adds the timeline event;
 * only the moves the database allows for this order (never Cancel once shipped, never Ship an
 * unpaid online order).
 */
export function OrderActions({ only, showSteps = false }: { only?: 'shipped'; showSteps?: boolean }) {
  const record = useRecordContext<{
    id: string;
    order_number: string;
    status: string;
    allowed_transitions?: string[] | null;
  }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  if (!record) return null;
  const actions = offeredActions(record.allowed_transitions).filter((a) => !only || a === only);

  async function move(status: OrderAction) {
    if (!record) return;
    setBusy(true);
    const { error } = await supabase.rpc('admin_set_order_status', { order_id: record.id, status });
    setBusy(false);
    if (error) notify(`Failed to update order: ${error.message}`, { type: 'error' });
    else notify(`Order ${record.order_number} ${done[status]}!`, { type: 'success' });
    refresh();
  }

  async function addStep(step: 'In Transit' | 'Out for Delivery') {
    if (!record) return;
    setBusy(true);
    const { error } = await supabase.rpc('admin_add_order_event', { order_id: record.id, status: step });
    setBusy(false);
    if (error) notify(`Failed to update order: ${error.message}`, { type: 'error' });
    else notify(`Order ${record.order_number}: ${step} added to the timeline`, { type: 'success' });
    refresh();
  }

  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {showSteps &&
        record.status === 'shipped' &&
        (['In Transit', 'Out for Delivery'] as const).map((step) => (
          <Button key={step} size="small" variant="outlined" disabled={busy} onClick={() => addStep(step)}>
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
