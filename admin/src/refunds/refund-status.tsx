import { Chip } from '@mui/material';

const labels: Record<string, string> = { pending: 'Pending', processed: 'Processed', failed: 'Failed' };
const colors: Record<string, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  processed: 'success',
  failed: 'error',
};

/** pending (owed or at the provider) → processed (money returned) | failed (retryable). */
export function RefundStatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      label={labels[status] ?? status}
      color={colors[status] ?? 'default'}
      variant="outlined"
    />
  );
}
