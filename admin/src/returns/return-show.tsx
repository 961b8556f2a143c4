import { Alert, Box, Card, CardContent, Grid, Link as MuiLink, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, Show, useCreatePath, useRecordContext } from 'react-admin';
import { formatDay } from '@/delivery/delivery-days';
import { ReturnActions } from '@/returns/return-actions';
import { RETURN_DETAIL_COLUMNS, type ReturnDetail } from '@/returns/return-detail';
import { ReturnItems } from '@/returns/return-items';
import { ReturnStatusChip } from '@/returns/return-status';
import { ReturnTimeline } from '@/returns/return-timeline';
import { pickupWindowLabel, refundAccountLabel, resolutionLabel } from '@/returns/return-rules';
import { SignedPhotos } from '@/lib/signed-photos';
import { HistoryActions } from '@/audit/history-button';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="subtitle1" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Summary({ r }: { r: ReturnDetail }) {
  const createPath = useCreatePath();
  const a = r.pickup_address;
  const account = refundAccountLabel(r);
  const cod = r.order !== null && r.order.payment_method !== 'razorpay';
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="subtitle1" component="h2">
          Order and customer
        </Typography>
        <Typography variant="body2">
          {r.order ? (
            <MuiLink component={Link} to={createPath({ resource: 'orders', id: r.order.id, type: 'show' })}>
              Order {r.order.order_number}
            </MuiLink>
          ) : (
            'Order'
          )}
          <br />
          {r.order?.shipping_address.fullName ?? a.fullName} · {r.order?.contact_email ?? a.email}
          <br />
          {resolutionLabel[r.resolution] ?? r.resolution} requested
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="subtitle1" component="h2">
          Pickup
        </Typography>
        <Typography variant="body2">
          {[a.address, a.city, a.state, a.pincode].join(', ')}
          <br />
          {a.phone}
          <br />
          {r.pickup_date
            ? `${formatDay(r.pickup_date)}, ${pickupWindowLabel(r.pickup_window)}`
            : 'No slot yet'}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="subtitle1" component="h2">
          Refund to
        </Typography>
        <Typography variant="body2">
          {!cod ? 'The original payment (Razorpay)' : (account ?? 'No account given: record a transfer')}
        </Typography>
      </Grid>
    </Grid>
  );
}

function ReturnPage() {
  const r = useRecordContext<ReturnDetail>();
  if (!r) return null;
  return (
    <Card variant="outlined" sx={{ border: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography variant="h6" component="h2">
            Return {r.return_number}
          </Typography>
          <ReturnStatusChip status={r.status} />
          <ReturnActions record={r} />
        </Box>
        {r.rejection_reason && <Alert severity="warning">Rejected: {r.rejection_reason}</Alert>}
        <Summary r={r} />
        {r.note && (
          <Part id="return-note-title" title="Customer’s note">
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {r.note}
            </Typography>
          </Part>
        )}
        <Part id="return-items-title" title="Items">
          <ReturnItems items={r.items} />
        </Part>
        <Part id="return-photos-title" title="Photos">
          <SignedPhotos
            bucket="return-photos"
            paths={r.photos}
            alt={(n) => `Photo ${n} of return ${r.return_number}`}
          />
        </Part>
        <Part id="return-timeline-title" title="Timeline">
          <ReturnTimeline record={r} />
        </Part>
      </CardContent>
    </Card>
  );
}

/** /admin/returns/:id/show: the return with its order, lines, photos, timeline and actions. */
export function ReturnShow() {
  return (
    <Show
      title="Return"
      actions={<HistoryActions table="returns" />}
      queryOptions={{ meta: { columns: RETURN_DETAIL_COLUMNS } }}
    >
      <ReturnPage />
    </Show>
  );
}
