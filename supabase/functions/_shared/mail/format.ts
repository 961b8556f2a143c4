// What every FurniCraft mail formats the same way: HTML escaping, rupees with Indian grouping, and
// dates in India Standard Time. Plain TypeScript with no Deno or Node API, so the function (Deno),
// the template generator and the tests (Node) all run this one copy.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or a quoted attribute value: every customer-provided string goes through here. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const INR = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,23,456.00: rupees with the Indian lakh/crore grouping (numeric columns arrive as numbers or strings). */
export function rupees(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return INR.format(Number.isFinite(n) ? n : 0);
}

// Assembled from parts, so every ICU version (Node's, Deno's) writes the same text.
const IST_PARTS = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

const parse = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  // a bare date ('2026-11-30') is a calendar day in India, not midnight UTC
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00+05:30`)
      : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

const partsOf = (d: Date) => {
  const p = Object.fromEntries(IST_PARTS.formatToParts(d).map((x) => [x.type, x.value]));
  return {
    weekday: p.weekday ?? '',
    date: `${p.day} ${p.month} ${p.year}`,
    day: `${p.day} ${p.month}`,
    time: `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`,
  };
};

/** "24 Nov 2026, 9:30 pm IST" for a moment (a timestamptz). */
export function istDateTime(value: string | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return '';
  const p = partsOf(d);
  return `${p.date}, ${p.time} IST`;
}

/** "Mon, 30 Nov 2026" for a calendar day in India. */
export function istDate(value: string | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return '';
  const p = partsOf(d);
  return `${p.weekday}, ${p.date}`;
}

/** "Fri, 4 Dec" for a calendar day in India in the next few weeks (a pickup slot's day). */
export function istDay(value: string | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return '';
  const p = partsOf(d);
  return `${p.weekday}, ${p.day}`;
}

/** An absolute URL: `path` as is when it is already absolute, else joined to `base`. */
export function absoluteUrl(base: string, path: string | null | undefined): string {
  if (!path) return '';
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
