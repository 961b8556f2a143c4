import { Alert, Card, CardContent, Grid, Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  ReferenceField,
  ReferenceManyField,
  Show,
  TextField,
  useRecordContext,
} from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import { formatDay } from '@/delivery/delivery-days';
import type { Row } from '@/lib/database';
import { OrderActions } from '@/orders/order-actions';
import { OrderInvoice } from '@/orders/order-invoice';
import { OrderMessages } from '@/orders/order-messages';
import { OrderRefunds } from '@/orders/order-refunds';
import { OrderReturns } from '@/orders/order-returns';
import { StatusChip } from '@/orders/order-status';
import { HistoryActions } from '@/audit/history-button';

const ItemColumn = DataTable.Col<Row<'order_items'>>;

function OrderSummary() {
  const o = useRecordContext<Row<'orders'>>();
  if (!o) return null;
  const a = o.shipping_address;
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="h6" component="h2">
          Order {o.order_number}
        </Typography>
        <StatusChip status={o.status} />
        <OrderActionsBox />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="subtitle1" component="h2">
          Shipping address
        </Typography>
        <Typography variant="body2">
          {a.fullName}
          <br />
          {[a.address, a.city, a.state, a.pincode].join(', ')}
          <br />
          {a.phone} · {a.email}
        </Typography>
        {/* what check_delivery promised when the order was placed (IST working days from its zone) */}
        <Typography variant="body2" sx={{ mt: 1 }}>
          Promised delivery {formatDay(o.estimated_delivery_from)} – {formatDay(o.estimated_delivery_to)}
          {o.delivery_zone_id !== null && (
            <>
              {' · zone '}
              <ReferenceField source="delivery_zone_id" reference="delivery_zones" link="edit">
                <TextField source="name" />
              </ReferenceField>
            </>
          )}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="subtitle1" component="h2">
          Payment
        </Typography>
        <Typography variant="body2">
          {o.payment_method === 'cod' ? 'Cash on delivery' : 'Online (Razorpay)'} ·{' '}
          <StatusChip status={o.payment_status} />
          <br />
          Subtotal {formatINR(o.subtotal)} · Delivery {formatINR(o.delivery_fee)} · Discount{' '}
          {formatINR(o.discount)}
          {o.promo_code ? ` (${o.promo_code})` : ''}
          <br />
          <strong>Total {formatINR(o.total)}</strong>
        </Typography>
        {o.released_at !== null && o.status !== 'cancelled' && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Payment arrived after the order was released; order revived.
          </Alert>
        )}
      </Grid>
    </Grid>
  );
}

function OrderActionsBox() {
  return (
    <div style={{ marginTop: 8 }}>
      <OrderActions showSteps />
    </div>
  );
}

export function OrderShow() {
  return (
    <Show title="Order" actions={<HistoryActions table="orders" />}>
      <Card variant="outlined" sx={{ border: 0 }}>
        <CardContent>
          <OrderSummary />
          <Typography variant="subtitle1" component="h2">
            Items
          </Typography>
          <ReferenceManyField reference="order_items" target="order_id" sort={{ field: 'id', order: 'ASC' }}>
            <DataTable bulkActionButtons={false} rowClick={false}>
              <ItemColumn source="product_name" label="Product" />
              <ItemColumn
                source="variant_title"
                label="Variant"
                disableSort
                render={(r) => r.variant_title || '—'}
              />
              <ItemColumn source="sku" label="SKU" disableSort render={(r) => r.sku || '—'} />
              <DataTable.NumberCol source="quantity" />
              <ItemColumn label="Unit price" render={(r) => formatINR(r.unit_price)} />
              <ItemColumn
                label="Line total"
                // generated (unit_price * quantity), so never null, though generated columns are typed nullable
                render={(r) => formatINR(r.line_total ?? r.unit_price * r.quantity)}
              />
            </DataTable>
          </ReferenceManyField>
          <OrderRefunds />
          <OrderReturns />
          <OrderInvoice />
          <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
            Timeline
          </Typography>
          <ReferenceManyField
            reference="order_events"
            target="order_id"
            sort={{ field: 'created_at', order: 'ASC' }}
          >
            <DataTable bulkActionButtons={false} rowClick={false}>
              <DataTable.Col source="status" />
              <DataTable.Col source="created_at" label="When">
                <DateField source="created_at" showTime />
              </DataTable.Col>
              <DataTable.Col source="location">
                <TextField source="location" emptyText="—" />
              </DataTable.Col>
              <DataTable.Col source="description" />
            </DataTable>
          </ReferenceManyField>
          <OrderMessages />
        </CardContent>
      </Card>
    </Show>
  );
}
