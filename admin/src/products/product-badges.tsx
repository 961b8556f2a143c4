import { Chip } from '@mui/material';
import { useCanAccess, useNotify, useRecordContext, useUpdate } from 'react-admin';
import type { Row } from '@/lib/database';

/**
 * A badge that flips one flag of the product (the spec's featured and in-stock toggles); for staff
 * without catalog.write it only shows the flag.
 */
function ToggleBadge({ flag }: { flag: 'featured' | 'in_stock' }) {
  const record = useRecordContext<Row<'products'>>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const { canAccess } = useCanAccess({ resource: 'products', action: 'edit' });
  if (!record) return null;
  const on = record[flag];
  const label = flag === 'featured' ? (on ? 'Featured' : 'Not featured') : on ? 'In Stock' : 'Out of Stock';
  const color = on ? (flag === 'featured' ? 'primary' : 'success') : 'default';
  if (!canAccess) return <Chip label={label} size="small" color={color} />;
  const toggle = () =>
    update(
      'products',
      { id: record.id, data: { [flag]: !on }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(
            flag === 'featured'
              ? `Product ${on ? 'unfeatured' : 'featured'} successfully!`
              : `Product marked as ${on ? 'out of stock' : 'in stock'}!`,
            { type: 'success' },
          ),
        onError: () => notify('Failed to update product', { type: 'error' }),
      },
    );
  return (
    <Chip
      label={label}
      size="small"
      disabled={isPending}
      color={color}
      onClick={(e) => {
        e.stopPropagation();
        toggle();
      }}
      aria-label={`${label}: click to toggle`}
      aria-pressed={on}
    />
  );
}

export const FeaturedBadge = () => <ToggleBadge flag="featured" />;
export const InStockBadge = () => <ToggleBadge flag="in_stock" />;
