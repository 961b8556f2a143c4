import {
  Alert,
  Card,
  CardContent,
  Grid,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, Title, useBasename, useGetList, useLogoutIfAccessDenied } from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import { PendingReviews } from '@/dashboard/pending-reviews';
import { SalesChart } from '@/dashboard/sales-chart';
import { TodayFigures } from '@/dashboard/today-figures';
import type { DashboardFigures, Row } from '@/lib/database';
import { toAdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';
import { eventLabel, formatIST } from '@/orders/order-messages';
import { StatusChip } from '@/orders/order-status';
import { priceLabel } from '@/products/product-row';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** admin_dashboard(); a session the database no longer accepts signs staff out (checkError). */
function useDashboardFigures() {
  const [state, setState] = useState<{ data?: DashboardFigures; error?: string }>({});
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    let live = true;
    storeApi.dashboard().then(
      (data) => {
        if (live) setState({ data });
      },
      (error: unknown) => {
        void logoutIfAccessDenied(error);
        if (live) setState({ error: toAdminError(error).message });
      },
    );
    return () => {
      live = false;
    };
  }, [logoutIfAccessDenied]);
  return state;
}

type DeadMail = Awaited<ReturnType<typeof storeApi.deadNotifications>>[number];

/**
 * The outbox's dead mails (the dispatcher gave up on them): their number, and the newest few with
 * their orders, whose Messages section resends them. Nothing when there are none; a failure to
 * count shows nothing too (the figures above say whether the console can reach the database).
 */
function useDeadMails() {
  const [state, setState] = useState<{ count: number; latest: DeadMail[] }>({ count: 0, latest: [] });
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    let live = true;
    storeApi.deadNotificationCount().then(
      async (count) => {
        const latest = count > 0 ? await storeApi.deadNotifications(5) : [];
        if (live) setState({ count, latest });
      },
      (error: unknown) => void logoutIfAccessDenied(error),
    );
    return () => {
      live = false;
    };
  }, [logoutIfAccessDenied]);
  return state;
}

function UndeliveredMails() {
  const { count, latest } = useDeadMails();
  const basename = useBasename();
  if (count === 0) return null;
  return (
    <Grid size={12}>
      <Alert severity="warning" role="region" aria-labelledby="undelivered-title">
        <Typography id="undelivered-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Undelivered e-mails: {count}
        </Typography>
        <Typography variant="body2">
          Sending gave up on these after every retry. Open the order to see the error and resend.
        </Typography>
        <List dense disablePadding>
          {latest.map((m) => (
            <ListItem key={m.id} disableGutters>
              <ListItemText
                primary={
                  <Link to={`${basename}/orders/${m.order_id}/show`}>
                    {m.orders?.order_number ?? 'Order'}: {eventLabel[m.event] ?? m.event}
                  </Link>
                }
                secondary={formatIST(m.created_at)}
              />
            </ListItem>
          ))}
        </List>
      </Alert>
    </Grid>
  );
}

/**
 * Open low-stock alerts (one per variant whose on-hand stock fell to its threshold), with the
 * newest few and a link to the full list, where staff go on to the Stock page to adjust.
 */
function LowStock({ figures }: { figures: DashboardFigures }) {
  const basename = useBasename();
  const count = figures.low_stock_alerts;
  return (
    <Card component="section" aria-labelledby="low-stock-title">
      <CardContent>
        <Typography id="low-stock-title" variant="h6" component="h2">
          Low stock alerts: {count}
        </Typography>
        <List dense>
          {figures.low_stock_variants.slice(0, 5).map((v) => (
            <ListItem key={v.alert_id}>
              <ListItemText
                primary={
                  <Link to={`${basename}/products/edit/${v.product_id}`}>
                    {v.product_name}
                    {v.title && v.title !== 'Default' ? ` (${v.title})` : ''}
                  </Link>
                }
                secondary={`${v.sku} · ${v.stock_quantity} left (threshold ${v.threshold})`}
              />
            </ListItem>
          ))}
          {count === 0 && <ListItem>Nothing is running low.</ListItem>}
        </List>
        {count > 0 && <Link to={`${basename}/stock_alerts`}>All low-stock alerts</Link>}
      </CardContent>
    </Card>
  );
}

export default function Dashboard() {
  const { data, error } = useDashboardFigures();
  const basename = useBasename();
  const { data: recent } = useGetList<Row<'products'>>('products', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const quarter = { xs: 12, sm: 6, md: 3 } as const;
  const half = { xs: 12, md: 6 } as const;
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Title title="Dashboard" />
      <Grid size={12}>
        <Typography variant="h5" component="h1">
          Dashboard
        </Typography>
      </Grid>
      <UndeliveredMails />
      <PendingReviews />
      {error && (
        <Grid size={12}>
          <Alert severity="error">Could not load the dashboard: {error}</Alert>
        </Grid>
      )}
      {!data && !error && (
        <Grid size={12}>
          <Skeleton variant="rectangular" height={96} />
        </Grid>
      )}
      {data && (
        <>
          <TodayFigures figures={data} />
          <Grid size={quarter}>
            <Figure label="Total Orders" value={data.total_orders} />
          </Grid>
          <Grid size={quarter}>
            <Figure label="Revenue" value={formatINR(data.revenue)} />
          </Grid>
          <Grid size={quarter}>
            <Figure label="Average Order Value" value={formatINR(data.average_order_value)} />
          </Grid>
          <Grid size={quarter}>
            <Figure label="Pending Orders" value={data.pending_orders} />
          </Grid>
          <Grid size={12}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2">
                  Sales, last 30 days
                </Typography>
                <SalesChart days={data.sales_last_30_days} />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={half}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2">
                  Latest Orders
                </Typography>
                <List dense>
                  {data.recent_orders.map((o) => (
                    <ListItem key={o.id} secondaryAction={<StatusChip status={o.status} />}>
                      <ListItemText
                        primary={<Link to={`${basename}/orders/${o.id}/show`}>{o.order_number}</Link>}
                        secondary={`${o.customer} · ${formatINR(o.total)}`}
                      />
                    </ListItem>
                  ))}
                  {data.recent_orders.length === 0 && <ListItem>No orders yet.</ListItem>}
                </List>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={half}>
            <LowStock figures={data} />
          </Grid>
        </>
      )}
      <Grid size={12}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              Recent Products
            </Typography>
            <List dense>
              {(recent ?? []).map((p) => (
                <ListItem key={p.id}>
                  <ListItemText
                    primary={<Link to={`${basename}/products/edit/${p.id}`}>{p.name}</Link>}
                    secondary={`${priceLabel(p)} · ${p.stock_quantity} in stock`}
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
