import { Card, CardContent, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useBasename } from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import type { DashboardFigures } from '@/lib/database';

/** '+3 on yesterday', '−₹1,200 on yesterday', 'Same as yesterday'. */
export function versusYesterday(today: number, yesterday: number, format: (n: number) => string = String) {
  const d = today - yesterday;
  if (d === 0) return 'Same as yesterday';
  return `${d > 0 ? '+' : '−'}${format(Math.abs(d))} on yesterday`;
}

function FigureCard({
  id,
  label,
  value,
  detail,
  to,
}: {
  id: string;
  label: string;
  value: string | number;
  detail: ReactNode;
  to?: string;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} variant="body2" color="text.secondary" component="h2">
          {to ? <Link to={to}>{label}</Link> : label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * What a manager asks first: today's orders and revenue against yesterday (IST days, cancelled
 * orders left out), the orders that can be shipped now and the returns waiting for staff.
 */
export function TodayFigures({ figures }: { figures: DashboardFigures }) {
  const basename = useBasename();
  const { today, yesterday } = figures;
  const size = { xs: 12, sm: 6, md: 3 } as const;
  return (
    <>
      <Grid size={size}>
        <FigureCard
          id="fig-orders-today"
          label="Orders today"
          value={today.orders}
          detail={`Yesterday ${yesterday.orders} · ${versusYesterday(today.orders, yesterday.orders)}`}
        />
      </Grid>
      <Grid size={size}>
        <FigureCard
          id="fig-revenue-today"
          label="Revenue today"
          value={formatINR(today.revenue)}
          detail={`Yesterday ${formatINR(yesterday.revenue)} · ${versusYesterday(today.revenue, yesterday.revenue, formatINR)}`}
        />
      </Grid>
      <Grid size={size}>
        <FigureCard
          id="fig-to-ship"
          label="Waiting to ship"
          value={figures.awaiting_shipment}
          detail="Paid or cash on delivery, not shipped yet"
          to={`${basename}/orders`}
        />
      </Grid>
      <Grid size={size}>
        <FigureCard
          id="fig-returns"
          label="Returns waiting"
          value={figures.returns_open}
          detail={`${figures.returns_requested} waiting for a decision`}
          to={`${basename}/returns`}
        />
      </Grid>
    </>
  );
}
