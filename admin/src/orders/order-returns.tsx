import { Box, Link as MuiLink, List, ListItem, Typography } from '@mui/material';
import { Link, useCreatePath, useGetManyReference, useRecordContext } from 'react-admin';
import type { Row } from '@/lib/database';
import { ReturnStatusChip } from '@/returns/return-status';
import { resolutionLabel } from '@/returns/return-rules';

/** The order's returns, each a link to its page; nothing while there are none. */
export function OrderReturns() {
  const order = useRecordContext<Row<'orders'>>();
  const createPath = useCreatePath();
  const { data } = useGetManyReference<Row<'returns'>>(
    'returns',
    {
      target: 'order_id',
      id: order?.id,
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: {},
    },
    { enabled: !!order },
  );
  if (!order || !data || data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="order-returns-title" sx={{ mt: 2 }}>
      <Typography id="order-returns-title" variant="subtitle1" component="h2">
        Returns
      </Typography>
      <List dense disablePadding>
        {data.map((r) => (
          <ListItem key={r.id} disableGutters sx={{ gap: 1 }}>
            <MuiLink component={Link} to={createPath({ resource: 'returns', id: r.id, type: 'show' })}>
              {r.return_number}
            </MuiLink>
            <ReturnStatusChip status={r.status} />
            <Typography variant="body2">{resolutionLabel[r.resolution] ?? r.resolution}</Typography>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
