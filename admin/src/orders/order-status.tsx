import { Chip } from '@mui/material';

export const orderStatusChoices = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'].map(
  (id) => ({
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
  }),
);
export const paymentStatusChoices = ['pending', 'paid', 'refunded'].map((id) => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
}));

const colors: Record<string, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  pending: 'warning',
  processing: 'info',
  shipped: 'info',
  delivered: 'success',
  paid: 'success',
  cancelled: 'error',
  refunded: 'default',
};

export function StatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      label={status[0]!.toUpperCase() + status.slice(1)}
      color={colors[status] ?? 'default'}
    />
  );
}

/** The moves the console offers for an order in a given status (admin_set_order_status checks them too). */
export function nextActions(status: string): Array<'shipped' | 'delivered' | 'cancelled'> {
  switch (status) {
    case 'pending':
    case 'processing':
      return ['shipped', 'cancelled'];
    case 'shipped':
      return ['delivered', 'cancelled'];
    default:
      return [];
  }
}
