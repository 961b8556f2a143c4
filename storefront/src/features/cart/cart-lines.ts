/**
 * The cart's lines and the pure rules over them (merge, cap, the persisted cart's migration). The
 * cart holds only what the shopper chose — product, variant and quantity, with the variant's title
 * and SKU as shown when it was added — never prices: lines are priced from the variants when shown,
 * and by place_order when bought.
 */
export interface CartLine {
  /** One line per variant: `v<variant id>`; `p<product id>` for a line still waiting for its variant. */
  key: string;
  productId: number;
  /**
   * The variant; null for a line added from a product card or kept from a cart saved before variants
   * (its product's default variant: mapped to it once the cart is priced, and place_order reads a
   * bare product id the same way).
   */
  variantId: number | null;
  qty: number;
  variantTitle?: string;
  sku?: string;
}

export interface AddToCart {
  productId: number;
  variantId?: number | null;
  variantTitle?: string;
  sku?: string;
  /** The variant's available quantity: a line never goes above it. Undefined when not stock-tracked (made to order). */
  max?: number;
}

/** The variant a product-only line stands for (its product's default), found when the cart is priced. */
export interface DefaultVariant {
  variantId: number;
  variantTitle: string;
  sku: string;
  max?: number;
}

export function lineKey(productId: number, variantId?: number | null): string {
  return variantId == null ? `p${productId}` : `v${variantId}`;
}

export function cap(qty: number, max?: number): number {
  return max !== undefined && max >= 0 ? Math.min(qty, max) : qty;
}

/** Adds one: the same variant raises its line (the merge rule: same variant), up to `max`. */
export function addLine(lines: readonly CartLine[], item: AddToCart): CartLine[] {
  const key = lineKey(item.productId, item.variantId);
  const existing = lines.find((l) => l.key === key);
  if (existing) return lines.map((l) => (l.key === key ? { ...l, qty: cap(l.qty + 1, item.max) } : l));
  if (item.max !== undefined && item.max <= 0) return [...lines];
  const line: CartLine = { key, productId: item.productId, variantId: item.variantId ?? null, qty: 1 };
  if (item.variantTitle !== undefined) line.variantTitle = item.variantTitle;
  if (item.sku !== undefined) line.sku = item.sku;
  return [...lines, line];
}

/** A quantity of 0 or less removes the line (spec §4); otherwise whole units up to `max`. */
export function setLineQty(lines: readonly CartLine[], key: string, qty: number, max?: number): CartLine[] {
  if (qty <= 0) return lines.filter((l) => l.key !== key);
  return lines.map((l) => (l.key === key ? { ...l, qty: cap(Math.floor(qty), max) } : l));
}

/**
 * Product-only lines become lines of their product's default variant, merged into a line of that
 * variant when there is one and capped at its stock. Returns the same array when nothing changes.
 */
export function resolveDefaultVariants(
  lines: readonly CartLine[],
  defaults: ReadonlyMap<number, DefaultVariant>,
): readonly CartLine[] {
  if (!lines.some((l) => l.variantId === null && defaults.has(l.productId))) return lines;
  const out: CartLine[] = [];
  for (const l of lines) {
    const d = l.variantId === null ? defaults.get(l.productId) : undefined;
    const resolved: CartLine = d
      ? {
          key: lineKey(l.productId, d.variantId),
          productId: l.productId,
          variantId: d.variantId,
          qty: l.qty,
          variantTitle: d.variantTitle,
          sku: d.sku,
        }
      : l;
    const same = out.findIndex((o) => o.key === resolved.key);
    if (same === -1) out.push(resolved);
    else out[same] = { ...out[same]!, qty: out[same]!.qty + resolved.qty };
  }
  return out.map((l) => {
    const d = defaults.get(l.productId);
    return d && l.variantId === d.variantId && d.max !== undefined
      ? { ...l, qty: Math.max(1, cap(l.qty, d.max)) }
      : l;
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const optionalText = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * The persisted cart (localStorage) brought to this version. Version 1 (before variants) kept
 * `{ key: 'id|colour|size', productId, qty, color?, size? }`; the colour and size were labels copied
 * from the product, so its lines of one product become one line of that product (quantities added),
 * mapped to the default variant once priced. Anything unreadable is dropped, never thrown on.
 */
export function migrateCart(persisted: unknown, version: number): { lines: CartLine[] } {
  const raw = isRecord(persisted) && Array.isArray(persisted.lines) ? persisted.lines : [];
  let lines: CartLine[] = [];
  for (const r of raw) {
    if (!isRecord(r) || !positiveInt(r.productId) || !positiveInt(r.qty)) continue;
    const variantId = version >= 2 && positiveInt(r.variantId) ? r.variantId : null;
    const line: CartLine = {
      key: lineKey(r.productId, variantId),
      productId: r.productId,
      variantId,
      qty: r.qty,
    };
    const variantTitle = variantId === null ? undefined : optionalText(r.variantTitle);
    const sku = variantId === null ? undefined : optionalText(r.sku);
    if (variantTitle !== undefined) line.variantTitle = variantTitle;
    if (sku !== undefined) line.sku = sku;
    const same = lines.find((l) => l.key === line.key);
    lines = same ? lines.map((l) => (l === same ? { ...l, qty: l.qty + line.qty } : l)) : [...lines, line];
  }
  return { lines };
}

/** Total item count: the sum of quantities (the header badge). */
export function totalQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.qty, 0);
}
