import { Chip } from '@mui/material';
import { returnStatusLabel } from '@/returns/return-rules';

const colors: Record<string, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  requested: 'warning',
  approved: 'info',
  pickup_scheduled: 'info',
  picked_up: 'info',
  received: 'warning',
  refunded: 'success',
  closed: 'default',
  rejected: 'error',
  cancelled: 'default',
};

export function ReturnStatusChip({ status }: { status: string }) {
  return (
    <Chip size="small" label={returnStatusLabel[status] ?? status} color={colors[status] ?? 'default'} />
  );
}
