// The "back in stock" mail (issue 16): a shopper asked to be told when an out-of-stock variant
// returns (request_back_in_stock); when its available stock goes from 0 to more, the database writes
// one notification_outbox row per waiting request (event 'back_in_stock', order_id null, recipient the
// account's e-mail) with a snapshot of what this mail shows. Same look and rules as the order mails
// (ADR 009): every string staff typed (product name, variant title, SKU) is escaped in the HTML and
// literal in the text part; the price is ₹ with Indian grouping. The mail promises nothing it cannot
// keep: the stock is not held for the reader, so it says so.
import { nameWithVariant, shownVariantTitle } from '../../../../shared/src/catalog/variant-title.ts';
import { absoluteUrl, escapeHtml, rupees } from './format.ts';
import { BRAND, buttonHtml, layout } from './layout.ts';
import type { RenderedMail, StoreContext } from './orders.ts';

export const BACK_IN_STOCK_EVENT = 'back_in_stock';

/** notification_outbox.payload of a back_in_stock row, as the migration writes it. */
export interface BackInStockPayload {
  product_name: string;
  /** null for a product with only its default variant */
  variant_title: string | null;
  sku: string;
  /** '/product/<slug>?variant=<sku>' */
  url_path: string;
  /** a picture's path (or URL), or null */
  image: string | null;
  price: number | string;
}

type JsonObject = { [key: string]: unknown };
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNullableText = (v: unknown): v is string | null => v === null || typeof v === 'string';

/**
 * The row's payload (jsonb) checked field by field, as readOrderMailPayload does: a row that does not
 * fit fails that one mail ("Rendering failed") instead of being taken on trust.
 */
export function readBackInStockPayload(json: unknown): BackInStockPayload {
  const bad = (what: string) => new Error(`the payload's ${what} is not what the outbox writes`);
  if (!isObject(json)) throw bad('shape');
  const { product_name, variant_title, sku, url_path, image, price } = json;
  if (typeof product_name !== 'string' || !product_name) throw bad('product_name');
  if (variant_title !== undefined && !isNullableText(variant_title)) throw bad('variant_title');
  if (typeof sku !== 'string' || !sku) throw bad('sku');
  // a path on the storefront, never another site: the button's link is built from it
  if (typeof url_path !== 'string' || !/^\/(?!\/)/.test(url_path)) throw bad('url_path');
  if (image !== undefined && !isNullableText(image)) throw bad('image');
  const amount = typeof price === 'string' ? Number(price) : price;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) throw bad('price');
  return {
    product_name,
    variant_title: variant_title ?? null,
    sku,
    url_path,
    image: image ?? null,
    price: amount,
  };
}

function footerHtml(ctx: StoreContext): string {
  const contact = ctx.supportEmail
    ? `<a href="mailto:${escapeHtml(ctx.supportEmail)}" style="color:${BRAND.accent};">${escapeHtml(ctx.supportEmail)}</a>`
    : `<a href="${escapeHtml(absoluteUrl(ctx.siteUrl, '/contact'))}" style="color:${BRAND.accent};">our contact page</a>`;
  return `<p style="margin:0 0 4px;">You asked us to tell you when this item was back in stock; this is the only mail we send about it. Questions? Write to ${contact}.</p>
<p style="margin:0;">${BRAND.name} · <a href="${escapeHtml(ctx.siteUrl)}" style="color:${BRAND.accent};">${escapeHtml(ctx.siteUrl.replace(/^https?:\/\//, ''))}</a></p>`;
}

export function renderBackInStockMail(p: BackInStockPayload, ctx: StoreContext): RenderedMail {
  const item = nameWithVariant(p.product_name, p.variant_title);
  const variant = shownVariantTitle(p.variant_title);
  const subject = `Back in stock: ${item}`;
  const link = absoluteUrl(ctx.siteUrl, p.url_path);
  const img = absoluteUrl(ctx.siteUrl, p.image);
  const price = rupees(p.price);
  const intro = [
    'Good news: the piece you asked about is back in stock.',
    'We cannot hold it for you, and it may sell out again, so if you still want it, order soon.',
  ];

  const body = `<h1 style="margin:0 0 12px;font-size:22px;color:${BRAND.ink};">It’s back in stock</h1>
${intro.map((para) => `<p style="margin:0 0 12px;">${escapeHtml(para)}</p>`).join('\n')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="table-layout:fixed;margin:8px 0;">
<tr>
${img ? `<td width="128" style="width:128px;vertical-align:top;"><img src="${escapeHtml(img)}" width="120" height="120" alt="${escapeHtml(item)}" style="display:block;width:120px;height:120px;object-fit:cover;border-radius:8px;border:1px solid ${BRAND.line};"></td>` : ''}
<td style="vertical-align:top;padding-left:8px;word-break:break-word;overflow-wrap:anywhere;"><div style="font-weight:bold;font-size:17px;">${escapeHtml(p.product_name)}</div>${variant ? `<div style="color:${BRAND.muted};">${escapeHtml(variant)}</div>` : ''}<div style="margin-top:6px;font-weight:bold;">${escapeHtml(price)}</div><div style="font-size:12px;color:${BRAND.muted};">SKU ${escapeHtml(p.sku)}</div></td>
</tr>
</table>
${buttonHtml(escapeHtml(link), 'View it in the store')}`;

  const html = layout({ title: subject, preheader: intro[0]!, bodyHtml: body, footerHtml: footerHtml(ctx) });

  const text = [
    BRAND.name,
    '',
    'It’s back in stock',
    '',
    ...intro.flatMap((para) => [para, '']),
    item,
    `Price: ${price}`,
    `SKU: ${p.sku}`,
    '',
    `View it in the store: ${link}`,
    '',
    '--',
    'You asked us to tell you when this item was back in stock; this is the only mail we send about it.',
    `Questions? ${ctx.supportEmail ?? absoluteUrl(ctx.siteUrl, '/contact')}`,
    `${BRAND.name} · ${ctx.siteUrl}`,
    '',
  ].join('\n');

  return { subject, html, text };
}
