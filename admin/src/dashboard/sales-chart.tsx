import { formatINR } from 'shared/pricing/format';
import type { DashboardFigures } from '@/lib/database';

/** One day of admin_dashboard()'s sales_last_30_days. */
export type DaySales = DashboardFigures['sales_last_30_days'][number];

/** Bar geometry for the 30-day chart: one bar per day, scaled to the best day. */
export function chartBars(days: DaySales[], width: number, height: number) {
  const max = Math.max(0, ...days.map((d) => d.revenue));
  const slot = days.length > 0 ? width / days.length : 0;
  return days.map((d, i) => {
    const h = max > 0 ? (d.revenue / max) * height : 0;
    return { x: i * slot + slot * 0.15, width: slot * 0.7, y: height - h, height: h, day: d };
  });
}

const W = 600;
const H = 160;

/** Sales of the last 30 days as plain SVG bars (no chart library in the bundle). */
export function SalesChart({ days }: { days: DaySales[] }) {
  const bars = chartBars(days, W, H);
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${W} ${H + 20}`}
        width="100%"
        role="img"
        aria-label={`Sales over the last 30 days: ${formatINR(total)} in total`}
      >
        <line x1={0} y1={H} x2={W} y2={H} stroke="#a8a29e" />
        {bars.map((b) => (
          <rect key={b.day.date} x={b.x} y={b.y} width={b.width} height={b.height} fill="#92400e">
            <title>{`${b.day.date}: ${formatINR(b.day.revenue)} (${b.day.orders} orders)`}</title>
          </rect>
        ))}
        {days.length > 0 && (
          <>
            <text x={0} y={H + 15} fontSize={11} fill="#44403c">
              {days[0]!.date}
            </text>
            <text x={W} y={H + 15} fontSize={11} fill="#44403c" textAnchor="end">
              {days[days.length - 1]!.date}
            </text>
          </>
        )}
      </svg>
    </figure>
  );
}
