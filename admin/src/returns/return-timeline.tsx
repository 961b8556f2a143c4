import { List, ListItem, ListItemText } from '@mui/material';
import { formatIST } from '@/orders/order-messages';
import { returnTimeline } from '@/returns/return-rules';
import type { ReturnDetail } from '@/returns/return-detail';

/** When each step of the return happened (IST). */
export function ReturnTimeline({ record }: { record: ReturnDetail }) {
  return (
    <List dense aria-label="Return timeline" disablePadding>
      {returnTimeline(record).map(({ step, at }) => (
        <ListItem key={step} disableGutters>
          <ListItemText primary={step} secondary={formatIST(at)} />
        </ListItem>
      ))}
    </List>
  );
}
