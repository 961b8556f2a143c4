import { Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  BooleanField,
  DataTable,
  FunctionField,
  ReferenceManyField,
  Show,
  TextField,
  useGetList,
  useRecordContext,
} from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import { formatISTDay, messagesFilter, spent } from '@/customers/customer-fields';
import type { Row, ViewRow } from '@/lib/database';
import { formatIST } from '@/orders/order-messages';
import { StatusChip } from '@/orders/order-status';

type Customer = ViewRow<'customers'>;
type Order = Row<'orders'>;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function CustomerSummary() {
  const c = useRecordContext<Customer>();
  if (!c) return null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="h5" component="h1">
        {c.full_name ?? 'Customer without a name'}
      </Typography>
      <Typography variant="body2">
        {c.email ?? 'No e-mail'} · {c.phone ?? 'no phone'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Joined {formatISTDay(c.created_at)} · {c.order_count} {c.order_count === 1 ? 'order' : 'orders'} ·{' '}
        {spent(c.total_spent)} spent (paid, less refunds) · last order {formatISTDay(c.last_order_at)}
      </Typography>
    </Stack>
  );
}

function CustomerOrders() {
  return (
    <ReferenceManyField<Customer, Order>
      reference="orders"
      target="user_id"
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={50}
    >
      <DataTable<Order>
        rowClick="show"
        bulkActionButtons={false}
        empty={<Typography variant="body2">No orders yet.</Typography>}
      >
        <DataTable.Col source="order_number" label="Order" />
        <DataTable.Col source="created_at" label="Placed">
          <FunctionField<Order> render={(o) => formatISTDay(o.created_at)} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <FunctionField<Order> render={(o) => <StatusChip status={o.status} />} />
        </DataTable.Col>
        <DataTable.Col source="payment_status" label="Payment" />
        <DataTable.Col source="total" align="right">
          <FunctionField<Order> render={(o) => formatINR(o.total)} />
        </DataTable.Col>
      </DataTable>
    </ReferenceManyField>
  );
}

function CustomerAddresses() {
  return (
    <ReferenceManyField<Customer, Row<'addresses'>>
      reference="addresses"
      target="user_id"
      sort={{ field: 'created_at', order: 'ASC' }}
    >
      <DataTable<Row<'addresses'>>
        rowClick={false}
        bulkActionButtons={false}
        empty={<Typography variant="body2">No saved addresses.</Typography>}
      >
        <DataTable.Col source="label">
          <TextField source="label" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="full_name" label="Name" />
        <DataTable.Col source="phone" />
        <DataTable.Col label="Address">
          <FunctionField<Row<'addresses'>>
            render={(a) => [a.address, a.city, a.state, a.pincode].join(', ')}
          />
        </DataTable.Col>
        <DataTable.Col source="is_default" label="Default" field={BooleanField} />
      </DataTable>
    </ReferenceManyField>
  );
}

/** Contact messages sent from the account or from its e-mail (before sign-up, or signed out). */
function CustomerMessages() {
  const c = useRecordContext<Customer>();
  const { data, isPending } = useGetList<Row<'contact_messages'>>(
    'contact_messages',
    {
      filter: { 'or@': messagesFilter(String(c?.id), c?.email) },
      sort: { field: 'created_at', order: 'DESC' },
      pagination: { page: 1, perPage: 50 },
    },
    { enabled: Boolean(c) },
  );
  if (isPending) return null;
  if (!data || data.length === 0) return <Typography variant="body2">No messages.</Typography>;
  return (
    <List dense disablePadding>
      {data.map((m) => (
        <ListItem key={m.id} disableGutters alignItems="flex-start">
          <ListItemText
            primary={
              <>
                {m.subject}{' '}
                <Chip
                  size="small"
                  variant="outlined"
                  label={m.handled ? 'Handled' : 'Not handled'}
                  color={m.handled ? 'success' : 'warning'}
                />
              </>
            }
            secondary={`${formatIST(m.created_at)} · ${m.message}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** A customer: who they are, their orders (each opens the order), addresses and messages. */
export function CustomerShow() {
  return (
    <Show>
      <Stack spacing={2} sx={{ p: 2 }}>
        <CustomerSummary />
        <Section id="customer-orders" title="Orders">
          <CustomerOrders />
        </Section>
        <Section id="customer-addresses" title="Addresses">
          <CustomerAddresses />
        </Section>
        <Section id="customer-messages" title="Messages">
          <CustomerMessages />
        </Section>
      </Stack>
    </Show>
  );
}
