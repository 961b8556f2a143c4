import { Typography } from '@mui/material';
import { formatINR } from 'shared/pricing/format';
import type { DashboardFigures } from '@/lib/database';

/** One day of admin_dashboard()'s sales_last_30_days. */
export type DaySales = DashboardFigures['sales_last_30_days'][number];

// UTC on purpose: the date is already the IST calendar day; only its name is wanted.
const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '2026-10-26' (an IST calendar day) → '26 Oct', as Indian readers write it. */
export function dayLabel(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return date;
  return dayMonth.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/**
 * The revenue axis: 0 and up to four more round steps (1, 2, 2.5 or 5 × a power of ten) whose last
 * is at least the best day. Nothing to scale (no sales) gives [0].
 */
export function axisTicks(max: number): number[] {
  if (!(max > 0)) return [0];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** Bar geometry for the 30-day chart: one bar per day, scaled to `top` (the best day by default). */
export function chartBars(days: DaySales[], width: number, height: number, top?: number) {
  const max = top ?? Math.max(0, ...days.map((d) => d.revenue));
  const slot = days.length > 0 ? width / days.length : 0;
  return days.map((d, i) => {
    const h = max > 0 ? (d.revenue / max) * height : 0;
    return { x: i * slot + slot * 0.15, width: slot * 0.7, y: height - h, height: h, day: d };
  });
}

/** Which days get a date under the axis: every `every`-th from the newest, so today is labelled. */
export function labelledDays(count: number, every = 7): number[] {
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

const LEFT = 84; // room for '₹10,00,000'
const W = 600;
const H = 170;
const TOP = 10;
const INK = '#44403c';

/** Sales of the last 30 days as plain SVG bars (no chart library in the bundle), or why there are none. */
export function SalesChart({ days }: { days: DaySales[] }) {
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  if (total === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 3 }}>
        No sales in the last 30 days yet. Orders will show here by day once customers buy.
      </Typography>
    );
  const ticks = axisTicks(Math.max(...days.map((d) => d.revenue)));
  const top = ticks[ticks.length - 1]!;
  const plotW = W - LEFT;
  const y = (v: number) => TOP + H - (v / top) * H;
  const bars = chartBars(days, plotW, H, top);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${W} ${TOP + H + 24}`}
        width="100%"
        role="img"
        aria-label={`Sales over the last 30 days, ${dayLabel(days[0]!.date)} to ${dayLabel(days[days.length - 1]!.date)}: ${formatINR(total)} in total`}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={LEFT} y1={y(t)} x2={W} y2={y(t)} stroke={t === 0 ? '#a8a29e' : '#e7e5e4'} />
            <text x={LEFT - 6} y={y(t) + 4} fontSize={12} fill={INK} textAnchor="end">
              {formatINR(t)}
            </text>
          </g>
        ))}
        {bars.map((b) => (
          <rect
            key={b.day.date}
            x={LEFT + b.x}
            y={TOP + b.y}
            width={b.width}
            height={b.height}
            fill="#92400e"
          >
            <title>{`${dayLabel(b.day.date)}: ${formatINR(b.day.revenue)} (${b.day.orders} orders)`}</title>
          </rect>
        ))}
        {labelledDays(days.length).map((i) => {
          const b = bars[i]!;
          return (
            <text
              key={b.day.date}
              x={LEFT + b.x + b.width / 2}
              y={TOP + H + 18}
              fontSize={12}
              fill={INK}
              textAnchor="middle"
            >
              {dayLabel(b.day.date)}
            </text>
          );
        })}
      </svg>
    </figure>
  );
}
