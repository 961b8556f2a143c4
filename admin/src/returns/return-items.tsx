import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatINR } from 'shared/pricing/format';
import { lineName, type ReturnLine } from '@/returns/return-detail';

const dash = (n: number | null) => (n === null ? '—' : String(n));

/** The return's lines: what was asked back and why, then what arrived and how much was damaged. */
export function ReturnItems({ items }: { items: ReturnLine[] }) {
  return (
    <Box
      // width 0, at least the parent's: the table scrolls inside the page instead of widening
      // react-admin's content column (a flex item) on a phone
      sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}
      // a region that may scroll: reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label="Returned items (scrolls sideways)"
    >
      <Table size="small" aria-label="Returned items">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell>SKU</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell align="right">Received</TableCell>
            <TableCell align="right">Damaged</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{lineName(l)}</TableCell>
              <TableCell>{l.order_item?.sku ?? '—'}</TableCell>
              <TableCell align="right">{l.order_item ? formatINR(l.order_item.unit_price) : '—'}</TableCell>
              <TableCell align="right">{l.quantity}</TableCell>
              <TableCell>{l.reason_info?.label ?? l.reason}</TableCell>
              <TableCell align="right">{dash(l.received_quantity)}</TableCell>
              <TableCell align="right">{dash(l.damaged_quantity)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
