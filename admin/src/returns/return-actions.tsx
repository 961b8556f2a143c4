import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useNotify, useRefresh } from 'react-admin';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { RefundDialog } from '@/refunds/refund-dialog';
import { PickupDialog } from '@/returns/pickup-dialog';
import { ReceiveDialog } from '@/returns/receive-dialog';
import { RejectDialog } from '@/returns/reject-dialog';
import { lineName, type ReturnDetail } from '@/returns/return-detail';

type Open = 'reject' | 'pickup' | 'receive' | 'refund' | 'close' | null;

/**
 * The moves the return's status allows, each through its RPC (the database checks the move again and
 * its refusal is shown): Approve / Reject, Schedule pickup, Mark picked up, Receive, then Refund
 * (resolution refund) or Close (replacement).
 */
export function ReturnActions({ record }: { record: ReturnDetail }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState<Open>(null);
  // returns.write (owner, support) decides and moves a return; refunds.write (owner, finance) refunds it
  const { canAccess: mayDecide } = useCanAccess({ resource: 'returns', action: 'edit' });
  const { canAccess: mayRefund } = useCanAccess({ resource: 'returns', action: 'refund' });
  const done = () => {
    setOpen(null);
    refresh();
  };
  const n = record.return_number;
  const options = { onSettled: refresh };
  const approve = useAdminMutation(storeApi.decideReturn, {
    ...options,
    failure: 'The return was not approved',
    onSuccess: () => notify(`Return ${n} approved`, { type: 'success' }),
  });
  const pickedUp = useAdminMutation(storeApi.markReturnPickedUp, {
    ...options,
    failure: 'The return was not marked picked up',
    onSuccess: () => notify(`Return ${n} picked up`, { type: 'success' }),
  });
  const close = useAdminMutation(storeApi.closeReturn, {
    ...options,
    failure: 'The return was not closed',
    onSuccess: () => notify(`Return ${n} closed`, { type: 'success' }),
  });
  const busy = approve.isPending || pickedUp.isPending || close.isPending;
  const s = record.status;

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: 0 } }}>
      {mayDecide && s === 'requested' && (
        <>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void approve.mutate({ return_id: record.id, approve: true })}
          >
            Approve
          </Button>
          <Button variant="outlined" color="error" disabled={busy} onClick={() => setOpen('reject')}>
            Reject
          </Button>
        </>
      )}
      {mayDecide && (s === 'approved' || s === 'pickup_scheduled') && (
        <Button
          variant={s === 'approved' ? 'contained' : 'outlined'}
          disabled={busy}
          onClick={() => setOpen('pickup')}
        >
          {s === 'approved' ? 'Schedule pickup' : 'Reschedule pickup'}
        </Button>
      )}
      {mayDecide && s === 'pickup_scheduled' && (
        <Button variant="contained" disabled={busy} onClick={() => void pickedUp.mutate(record.id)}>
          Mark picked up
        </Button>
      )}
      {mayDecide && s === 'picked_up' && (
        <Button variant="contained" disabled={busy} onClick={() => setOpen('receive')}>
          Receive
        </Button>
      )}
      {mayRefund &&
        (s === 'received' || s === 'refunded') &&
        record.resolution === 'refund' &&
        record.order && (
          // refunded: a partial refund may be followed by the rest (the quote says what is left)
          <Button
            variant={s === 'received' ? 'contained' : 'outlined'}
            disabled={busy}
            onClick={() => setOpen('refund')}
          >
            {s === 'received' ? 'Refund' : 'Refund more'}
          </Button>
        )}
      {mayDecide && s === 'received' && record.resolution === 'replacement' && (
        <Button variant="contained" disabled={busy} onClick={() => setOpen('close')}>
          Close
        </Button>
      )}
      {open === 'reject' && (
        <RejectDialog returnId={record.id} returnNumber={n} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open === 'pickup' && (
        <PickupDialog
          returnId={record.id}
          returnNumber={n}
          date={record.pickup_date}
          window={record.pickup_window}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
      {open === 'receive' && (
        <ReceiveDialog
          returnId={record.id}
          returnNumber={n}
          lines={record.items.map((l) => ({ id: l.id, name: lineName(l), quantity: l.quantity }))}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
      {open === 'refund' && record.order && (
        <RefundDialog order={record.order} ret={record} onClose={() => setOpen(null)} onDone={done} />
      )}
      <Confirm
        isOpen={open === 'close'}
        title={`Close return ${n}`}
        content="The replacement has been sent: close the return?"
        onConfirm={() => {
          setOpen(null);
          void close.mutate(record.id);
        }}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
