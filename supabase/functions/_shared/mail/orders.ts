// The order mails, one per notification_outbox event, rendered from the row's payload (the snapshot
// private.order_mail_payload takes in the event's transaction) as HTML and plain text. Every string a
// customer or staff member typed (names, address, product names, colours, the event's description) is
// escaped; amounts are ₹ with Indian grouping; times are IST. The return mails (returns.ts: the
// words, the pickup slot, where a refund goes) share the layout; they list the return's items instead
// of the order's.
import { absoluteUrl, escapeHtml, istDate, istDateTime, rupees } from './format.ts';
import { BRAND, buttonHtml, layout } from './layout.ts';
import {
  isReturnEvent,
  pickupSlot,
  referenceLabel,
  refundDestinationText,
  refundTiming,
  RETURN_EVENTS,
  returnCopy,
  type RefundDestination,
  type ReturnMailInfo,
  type ReturnMailItem,
} from './returns.ts';

export const ORDER_EVENTS = [
  'order_placed',
  'order_paid',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refund_initiated',
  'refund_processed',
  ...RETURN_EVENTS,
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

type Amount = number | string | null | undefined;

export interface MailItem {
  name?: string | null;
  image?: string | null;
  unit_price?: Amount;
  quantity?: number | null;
  line_total?: Amount;
  selected_color?: string | null;
  selected_size?: string | null;
}

export interface MailAddress {
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  pincode?: string | null;
}

/** notification_outbox.payload, as the migration writes it. */
export interface OrderMailPayload {
  order_number: string;
  placed_at?: string | null;
  items?: MailItem[] | null;
  subtotal?: Amount;
  delivery_fee?: Amount;
  discount?: Amount;
  promo_code?: string | null;
  total?: Amount;
  /** the GST the total includes (null for orders from before GST was recorded) */
  tax_total?: Amount;
  /** the tax invoice's number, once the order is dispatched */
  invoice_number?: string | null;
  shipping_address?: MailAddress | null;
  payment_method?: string | null;
  payment_status?: string | null;
  status?: string | null;
  estimated_delivery_from?: string | null;
  estimated_delivery_to?: string | null;
  event_description?: string | null;
  event_location?: string | null;
  event_at?: string | null;
  released_unpaid?: boolean | null;
  refund_amount?: Amount;
  refund_reason?: string | null;
  /** 'razorpay' | 'upi_payout' | 'bank_payout' | 'manual' */
  refund_rail?: string | null;
  /** the bank's reference (ARN / UTR), once processed */
  refund_reference?: string | null;
  /** a payout's UPI ID or bank account (masked when shown) */
  refund_destination?: RefundDestination | null;
  /** a refund mail: the return it refunds */
  return_number?: string | null;
  /** a return mail: the return (private.return_mail_payload) */
  return?: ReturnMailInfo | null;
}

export const isOrderEvent = (event: string): event is OrderEvent =>
  (ORDER_EVENTS as readonly string[]).includes(event);

type JsonObject = { [key: string]: unknown };
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string | null | undefined => v == null || typeof v === 'string';
const isAmount = (v: unknown): v is Amount => v == null || typeof v === 'number' || typeof v === 'string';
const textFields = (o: JsonObject, names: readonly string[]) => names.every((n) => isText(o[n]));

/**
 * notification_outbox.payload (jsonb) read as the mail's payload: each field checked for the type
 * the migration writes, so a row that does not fit fails the one mail ("Rendering failed") instead
 * of being taken on trust.
 */
export function assertOrderMailPayload(json: unknown): asserts json is OrderMailPayload {
  const bad = (what: string) => new Error(`the payload's ${what} is not what the outbox writes`);
  if (!isObject(json)) throw bad('shape');
  const p = json;
  if (typeof p.order_number !== 'string' || !p.order_number) throw bad('order_number');
  const texts = [
    'placed_at',
    'promo_code',
    'payment_method',
    'payment_status',
    'status',
    'estimated_delivery_from',
    'estimated_delivery_to',
    'event_description',
    'event_location',
    'event_at',
    'refund_reason',
    'invoice_number',
    'refund_rail',
    'refund_reference',
    'return_number',
  ] as const;
  if (!textFields(p, texts)) throw bad('text fields');
  for (const n of ['subtotal', 'delivery_fee', 'discount', 'total', 'tax_total', 'refund_amount'] as const)
    if (!isAmount(p[n])) throw bad(n);
  if (p.released_unpaid != null && typeof p.released_unpaid !== 'boolean') throw bad('released_unpaid');
  const address = p.shipping_address;
  if (address != null) {
    const fields = ['fullName', 'email', 'phone', 'address', 'city', 'state', 'pincode'] as const;
    if (!isObject(address) || !textFields(address, fields)) throw bad('shipping_address');
  }
  const dest = p.refund_destination;
  if (
    dest != null &&
    !(isObject(dest) && textFields(dest, ['vpa', 'account_name', 'account_number', 'ifsc']))
  )
    throw bad('refund_destination');
  const ret = p.return;
  if (ret != null) {
    const fields = [
      'number',
      'status',
      'resolution',
      'pickup_date',
      'pickup_window',
      'rejection_reason',
    ] as const;
    if (!isObject(ret) || !textFields(ret, fields)) throw bad('return');
    const lines = ret.items;
    if (lines != null) {
      const ok =
        Array.isArray(lines) &&
        lines.every(
          (l) =>
            isObject(l) &&
            textFields(l, ['name', 'reason_label']) &&
            (l.quantity == null || typeof l.quantity === 'number'),
        );
      if (!ok) throw bad('return items');
    }
  }
  const items = p.items;
  if (items != null) {
    if (!Array.isArray(items)) throw bad('items');
    for (const item of items) {
      const ok =
        isObject(item) &&
        textFields(item, ['name', 'image', 'selected_color', 'selected_size']) &&
        isAmount(item.unit_price) &&
        isAmount(item.line_total) &&
        (item.quantity == null || typeof item.quantity === 'number');
      if (!ok) throw bad('items');
    }
  }
}

export function readOrderMailPayload(json: unknown): OrderMailPayload {
  assertOrderMailPayload(json);
  return json;
}

/** Where the mail links to and who the customer can reach (function secrets). */
export interface StoreContext {
  /** the storefront's address, e.g. https://furnicraft.in */
  siteUrl: string;
  supportEmail?: string | undefined;
  supportPhone?: string | undefined;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const PAYMENT_METHODS: Record<string, string> = {
  cod: 'Cash on Delivery',
  razorpay: 'Online payment (Razorpay)',
};

function paymentStatusLabel(p: OrderMailPayload): string {
  switch (p.payment_status) {
    case 'paid':
      return 'Paid';
    case 'refunded':
      return 'Refunded';
    case 'partially_refunded':
      return 'Partly refunded';
    case 'pending':
      return p.payment_method === 'cod' ? 'To be paid on delivery' : 'Awaiting payment';
    default:
      return p.payment_status ?? '';
  }
}

/** Who cancelled, as the timeline's description and the release flag say. */
export function cancelledBy(p: OrderMailPayload): 'unpaid' | 'customer' | 'store' {
  if (p.released_unpaid) return 'unpaid';
  if (/at your request/i.test(p.event_description ?? '')) return 'customer';
  return 'store';
}

interface Copy {
  subject: string;
  heading: string;
  /** paragraphs, plain text (escaped when rendered) */
  intro: string[];
  /** show the event's description/location/time */
  event?: boolean;
  /** show the estimated delivery window */
  eta?: boolean;
  /** "label: value" lines under the intro (plain text, escaped when rendered) */
  facts?: [string, string][];
  /** a return mail: the return's items are listed instead of the order's */
  returnItems?: ReturnMailItem[];
}

const SLOT_EVENTS: readonly string[] = ['return_requested', 'return_approved', 'return_pickup_scheduled'];

/** The refund mails' facts: the return, the reason, and the bank's reference once processed. */
function refundFacts(p: OrderMailPayload, processed: boolean): [string, string][] {
  const facts: [string, string][] = [];
  if (p.return_number) facts.push(['Return', p.return_number]);
  if (p.refund_reason) facts.push(['Reason', p.refund_reason]);
  if (processed && p.refund_reference) facts.push([referenceLabel(p.refund_rail), p.refund_reference]);
  return facts;
}

function copyFor(event: OrderEvent, p: OrderMailPayload): Copy {
  const n = p.order_number;
  const name = p.shipping_address?.fullName?.trim() || 'there';
  const total = rupees(p.total);
  const hello = `Hello ${name},`;
  if (isReturnEvent(event)) {
    const r = p.return ?? {};
    if (!r.number) throw new Error("the payload's return has no number");
    const slot = SLOT_EVENTS.includes(event) ? pickupSlot(r.pickup_date, r.pickup_window) : '';
    const facts: [string, string][] = [];
    if (r.number) facts.push(['Return', r.number]);
    if (slot) facts.push(['Pickup', slot]);
    return { ...returnCopy(event, n, hello, r), facts, returnItems: r.items ?? [] };
  }
  switch (event) {
    case 'order_placed':
      return {
        subject: `Order ${n} placed: pay ${total} on delivery`,
        heading: 'Thank you for your order',
        intro: [
          hello,
          `We have received your order ${n}. Please keep ${total} ready: you pay in cash when it is delivered.`,
        ],
        eta: true,
      };
    case 'order_paid':
      return {
        subject: `Payment received: order ${n} is confirmed`,
        heading: 'Your order is confirmed',
        intro: [
          hello,
          `We have received your payment of ${total} for order ${n}. We will let you know when it ships.`,
        ],
        eta: true,
      };
    case 'shipped':
      return {
        subject: `Your order ${n} has shipped`,
        heading: 'Your order is on its way',
        intro: [
          hello,
          `Good news: order ${n} has left our warehouse.`,
          ...(p.invoice_number
            ? [
                `Your tax invoice ${p.invoice_number} is ready: download it from Order History in your profile.`,
              ]
            : []),
        ],
        event: true,
        eta: true,
      };
    case 'out_for_delivery':
      return {
        subject: `Your order ${n} is out for delivery`,
        heading: 'Arriving today',
        intro: [
          hello,
          `Order ${n} is out for delivery. Please keep your phone handy for the delivery team${p.payment_method === 'cod' && p.payment_status !== 'paid' ? ` and ${total} ready in cash` : ''}.`,
        ],
        event: true,
      };
    case 'delivered':
      return {
        subject: `Your order ${n} has been delivered`,
        heading: 'Delivered',
        intro: [hello, `Order ${n} has been delivered. We hope you enjoy your new furniture.`],
        event: true,
      };
    case 'cancelled': {
      const by = cancelledBy(p);
      const paid = ['paid', 'partially_refunded', 'refunded'].includes(p.payment_status ?? '');
      const refund = paid ? ' Your payment will be refunded to the original payment method.' : '';
      if (by === 'unpaid') {
        return {
          subject: `Order ${n} cancelled: payment not received`,
          heading: 'Your order was cancelled',
          intro: [
            hello,
            `We did not receive the payment for order ${n} in time, so the order was cancelled and its items were released. If money left your account, it will be refunded automatically. You are welcome to order again.`,
          ],
        };
      }
      if (by === 'customer') {
        return {
          subject: `Order ${n} cancelled as you asked`,
          heading: 'Your order is cancelled',
          intro: [hello, `As you asked, we have cancelled order ${n}.${refund}`],
        };
      }
      return {
        subject: `Order ${n} has been cancelled`,
        heading: 'We had to cancel your order',
        intro: [
          hello,
          `We are sorry: order ${n} has been cancelled by the store.${refund} Please contact us if you have any questions.`,
        ],
        event: true,
      };
    }
    case 'refund_initiated': {
      const to = refundDestinationText(p.refund_rail, p.refund_destination);
      const timing = refundTiming(p.refund_rail);
      return {
        subject: `Refund of ${rupees(p.refund_amount)} started for order ${n}`,
        heading: 'Your refund has started',
        intro: [
          hello,
          `We have started a refund of ${rupees(p.refund_amount)} for order ${n} ${to}.${timing ? ` ${timing}` : ''}`,
        ],
        facts: refundFacts(p, false),
      };
    }
    case 'refund_processed': {
      const to = refundDestinationText(p.refund_rail, p.refund_destination);
      const card = (p.refund_rail ?? 'razorpay') === 'razorpay';
      return {
        subject: `Refund of ${rupees(p.refund_amount)} processed for order ${n}`,
        heading: 'Your refund is done',
        intro: [
          hello,
          card
            ? `The refund of ${rupees(p.refund_amount)} for order ${n} has been processed ${to}. It can take a few working days to show in your statement${p.refund_reference ? '; your bank can trace it with the reference below' : ''}.`
            : `The refund of ${rupees(p.refund_amount)} for order ${n} has been credited ${to}.${p.refund_reference ? ' The bank’s reference is below.' : ''}`,
        ],
        facts: refundFacts(p, true),
      };
    }
  }
}

export const trackingUrl = (ctx: StoreContext, orderNumber: string, email?: string | null) => {
  const q = new URLSearchParams({ order: orderNumber });
  if (email) q.set('contact', email);
  return absoluteUrl(ctx.siteUrl, `/track-order?${q.toString()}`);
};

const num = (v: Amount) => (typeof v === 'string' ? Number(v) : (v ?? 0));
const variantOf = (i: MailItem) =>
  [i.selected_color && `Colour: ${i.selected_color}`, i.selected_size && `Size: ${i.selected_size}`]
    .filter(Boolean)
    .join(' · ');
const addressLines = (a: MailAddress | null | undefined): string[] =>
  a
    ? [
        a.fullName ?? '',
        a.address ?? '',
        [a.city, a.state].filter(Boolean).join(', ') + (a.pincode ? ` ${a.pincode}` : ''),
        a.phone ? `Phone: ${a.phone}` : '',
      ].filter((l) => l.trim() !== '')
    : [];

const CELL = `padding:8px 0;border-bottom:1px solid ${BRAND.line};vertical-align:top;`;

function itemsHtml(p: OrderMailPayload, ctx: StoreContext): string {
  const rows = (p.items ?? []).map((i) => {
    const img = absoluteUrl(ctx.siteUrl, i.image);
    const variant = variantOf(i);
    return `<tr>
<td width="72" style="${CELL}width:72px;">${img ? `<img src="${escapeHtml(img)}" width="64" height="64" alt="${escapeHtml(i.name)}" style="display:block;width:64px;height:64px;object-fit:cover;border-radius:6px;border:1px solid ${BRAND.line};">` : ''}</td>
<td style="${CELL}padding-left:8px;word-break:break-word;overflow-wrap:anywhere;"><div style="font-weight:bold;">${escapeHtml(i.name)}</div>${variant ? `<div style="font-size:13px;color:${BRAND.muted};">${escapeHtml(variant)}</div>` : ''}<div style="font-size:13px;color:${BRAND.muted};">${escapeHtml(i.quantity ?? 1)} × ${escapeHtml(rupees(i.unit_price))}</div></td>
<td align="right" style="${CELL}white-space:nowrap;padding-left:8px;">${escapeHtml(rupees(i.line_total))}</td>
</tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="table-layout:fixed;margin:8px 0 4px;">${rows.join('\n')}</table>`;
}

function amountRows(p: OrderMailPayload): [string, string][] {
  const rows: [string, string][] = [['Subtotal', rupees(p.subtotal)]];
  rows.push(['Delivery', num(p.delivery_fee) > 0 ? rupees(p.delivery_fee) : 'Free']);
  if (num(p.discount) > 0)
    rows.push([`Discount${p.promo_code ? ` (${p.promo_code})` : ''}`, `−${rupees(p.discount)}`]);
  rows.push(['Total', rupees(p.total)]);
  if (num(p.tax_total) > 0) rows.push(['Includes GST', rupees(p.tax_total)]);
  return rows;
}

function detailsHtml(p: OrderMailPayload): string {
  const pairs: [string, string][] = [];
  if (p.event_description) pairs.push(['Update', p.event_description]);
  if (p.event_location) pairs.push(['Where', p.event_location]);
  if (p.event_at) pairs.push(['When', istDateTime(p.event_at)]);
  return pairs
    .map(([k, v]) => `<p style="margin:4px 0;"><strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}</p>`)
    .join('\n');
}

function etaText(p: OrderMailPayload): string {
  const from = istDate(p.estimated_delivery_from);
  const to = istDate(p.estimated_delivery_to);
  if (from && to && from !== to) return `${from} – ${to}`;
  return from || to;
}

function footerHtml(ctx: StoreContext): string {
  const contact = [
    ctx.supportEmail
      ? `<a href="mailto:${escapeHtml(ctx.supportEmail)}" style="color:${BRAND.accent};">${escapeHtml(ctx.supportEmail)}</a>`
      : '',
    ctx.supportPhone
      ? `<a href="tel:${escapeHtml(ctx.supportPhone.replace(/[^+\d]/g, ''))}" style="color:${BRAND.accent};">${escapeHtml(ctx.supportPhone)}</a>`
      : '',
  ].filter(Boolean);
  return `<p style="margin:0 0 4px;">Questions about your order? ${contact.length ? `Write to ${contact.join(' or call ')}.` : `Visit <a href="${escapeHtml(absoluteUrl(ctx.siteUrl, '/contact'))}" style="color:${BRAND.accent};">our contact page</a>.`}</p>
<p style="margin:0;">${BRAND.name} · <a href="${escapeHtml(ctx.siteUrl)}" style="color:${BRAND.accent};">${escapeHtml(ctx.siteUrl.replace(/^https?:\/\//, ''))}</a></p>`;
}

const returnLine = (i: ReturnMailItem) =>
  `${i.name ?? ''} × ${i.quantity ?? 1}${i.reason_label ? ` (${i.reason_label})` : ''}`;

function returnItemsHtml(items: ReturnMailItem[]): string {
  const rows = items.map(
    (i) =>
      `<tr><td style="${CELL}word-break:break-word;overflow-wrap:anywhere;"><div style="font-weight:bold;">${escapeHtml(i.name)}</div>${i.reason_label ? `<div style="font-size:13px;color:${BRAND.muted};">${escapeHtml(i.reason_label)}</div>` : ''}</td><td align="right" style="${CELL}white-space:nowrap;padding-left:8px;">× ${escapeHtml(i.quantity ?? 1)}</td></tr>`,
  );
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="table-layout:fixed;margin:8px 0 4px;">${rows.join('\n')}</table>`;
}

/** The mail for one outbox row. */
export function renderOrderMail(event: OrderEvent, p: OrderMailPayload, ctx: StoreContext): RenderedMail {
  const copy = copyFor(event, p);
  const address = addressLines(p.shipping_address);
  const track = trackingUrl(ctx, p.order_number, p.shipping_address?.email);
  const eta = copy.eta ? etaText(p) : '';
  const events = copy.event ? detailsHtml(p) : '';
  const facts = copy.facts ?? [];
  const returned = copy.returnItems;
  const payment = `${PAYMENT_METHODS[p.payment_method ?? ''] ?? p.payment_method ?? ''} · ${paymentStatusLabel(p)}`;
  const h2 = 'margin:20px 0 4px;font-size:17px;';
  const addressTitle = returned ? 'Pickup address' : 'Delivery address';

  const orderHtml = `<h2 style="${h2}">Order ${escapeHtml(p.order_number)}${p.placed_at ? ` <span style="font-weight:normal;font-size:13px;color:${BRAND.muted};">placed ${escapeHtml(istDateTime(p.placed_at))}</span>` : ''}</h2>
${itemsHtml(p, ctx)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${amountRows(p)
  .map(
    ([k, v]) =>
      `<tr><td style="padding:3px 0;${k === 'Total' ? 'font-weight:bold;font-size:17px;' : ''}">${escapeHtml(k)}</td><td align="right" style="padding:3px 0;white-space:nowrap;${k === 'Total' ? 'font-weight:bold;font-size:17px;' : ''}">${escapeHtml(v)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:12px 0 4px;"><strong>Payment:</strong> ${escapeHtml(payment)}</p>`;
  const returnHtml = returned?.length
    ? `<h2 style="${h2}">Items in this return <span style="font-weight:normal;font-size:13px;color:${BRAND.muted};">order ${escapeHtml(p.order_number)}</span></h2>\n${returnItemsHtml(returned)}`
    : '';

  const body = `<h1 style="margin:0 0 12px;font-size:22px;color:${BRAND.ink};">${escapeHtml(copy.heading)}</h1>
${copy.intro.map((para) => `<p style="margin:0 0 12px;">${escapeHtml(para)}</p>`).join('\n')}
${events}
${eta ? `<p style="margin:8px 0;"><strong>Expected delivery:</strong> ${escapeHtml(eta)}</p>` : ''}
${facts.map(([k, v]) => `<p style="margin:8px 0;"><strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}</p>`).join('\n')}
${buttonHtml(escapeHtml(track), 'Track your order')}
${returned ? returnHtml : orderHtml}
${address.length ? `<h2 style="${h2}">${addressTitle}</h2>\n<p style="margin:0;">${address.map(escapeHtml).join('<br>')}</p>` : ''}`;

  const html = layout({
    title: copy.subject,
    preheader: copy.intro[1] ?? copy.subject,
    bodyHtml: body,
    footerHtml: footerHtml(ctx),
  });

  const orderText = [
    `Order ${p.order_number}${p.placed_at ? ` (placed ${istDateTime(p.placed_at)})` : ''}`,
    ...(p.items ?? []).map((i) => {
      const variant = variantOf(i);
      return `- ${i.name ?? ''}${variant ? ` (${variant})` : ''}: ${i.quantity ?? 1} × ${rupees(i.unit_price)} = ${rupees(i.line_total)}`;
    }),
    '',
    ...amountRows(p).map(([k, v]) => `${k}: ${v}`),
    `Payment: ${payment}`,
  ];
  const returnText = returned?.length
    ? [`Items in this return (order ${p.order_number}):`, ...returned.map((i) => `- ${returnLine(i)}`)]
    : [];

  const text = [
    BRAND.name,
    '',
    copy.heading,
    '',
    ...copy.intro.flatMap((para) => [para, '']),
    ...(copy.event
      ? [
          p.event_description && `Update: ${p.event_description}`,
          p.event_location && `Where: ${p.event_location}`,
          p.event_at && `When: ${istDateTime(p.event_at)}`,
        ].filter((l): l is string => Boolean(l))
      : []),
    ...(eta ? [`Expected delivery: ${eta}`] : []),
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    `Track your order: ${track}`,
    '',
    ...(returned ? returnText : orderText),
    ...(address.length ? ['', `${addressTitle}:`, ...address] : []),
    '',
    '--',
    `Questions about your order? ${
      [ctx.supportEmail, ctx.supportPhone].filter(Boolean).join(' / ') || absoluteUrl(ctx.siteUrl, '/contact')
    }`,
    `${BRAND.name} · ${ctx.siteUrl}`,
    '',
  ].join('\n');

  return { subject: copy.subject, html, text: text.replace(/\n{3,}/g, '\n\n') };
}
