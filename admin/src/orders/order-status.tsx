import { Chip } from '@mui/material';

export const orderStatusChoices = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'].map(
  (id) => ({
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
  }),
);
/** 'partially_refunded' → 'Partially refunded'. */
const statusLabel = (status: string) => status[0]!.toUpperCase() + status.slice(1).replaceAll('_', ' ');

export const paymentStatusChoices = ['pending', 'paid', 'partially_refunded', 'refunded'].map((id) => ({
  id,
  name: statusLabel(id),
}));

const colors: Record<string, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  pending: 'warning',
  processing: 'info',
  shipped: 'info',
  delivered: 'success',
  paid: 'success',
  cancelled: 'error',
  partially_refunded: 'default',
  refunded: 'default',
};

export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={statusLabel(status)} color={colors[status] ?? 'default'} />;
}

export type OrderAction = 'shipped' | 'delivered' | 'cancelled';

/**
 * The buttons the console offers for an order: the moves the database allows staff to make
 * (`allowed_transitions`, a computed column the data provider asks for, which
 * admin_set_order_status checks too), in a fixed order. Confirming ('processing') has no button.
 */
export function offeredActions(allowed: readonly string[] | null | undefined): OrderAction[] {
  return (['shipped', 'delivered', 'cancelled'] as const).filter((a) => allowed?.includes(a));
}
