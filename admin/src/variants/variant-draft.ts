/** The fields of a variant the grid edits inline, as the inputs hold them. */
export type VariantDraft = {
  sku: string;
  title: string;
  price: string;
  original_price: string;
  lead_time_days: string;
  made_to_order: boolean;
  is_active: boolean;
};

/** The saved values a draft starts from and is compared with. */
export type VariantValues = {
  sku: string;
  title: string;
  price: number;
  original_price: number | null;
  lead_time_days: number;
  made_to_order: boolean;
  is_active: boolean;
};

export type VariantUpdate = Partial<VariantValues>;

export function toVariantDraft(v: VariantValues): VariantDraft {
  return {
    sku: v.sku,
    title: v.title,
    price: String(v.price),
    original_price: v.original_price === null ? '' : String(v.original_price),
    lead_time_days: String(v.lead_time_days),
    made_to_order: v.made_to_order,
    is_active: v.is_active,
  };
}

/** The database's format for a SKU (product_variants_sku_check). */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;

const money = (s: string): number | null => {
  const t = s.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : Number.NaN;
};

/**
 * The PATCH a row's Save sends (only what changed), or the problems that stop it. The checks are
 * the database's own (SKU format, price > 0, original price ≥ price, lead time 0..365); SKU
 * uniqueness across the store is left to the database, whose refusal the grid shows.
 * An empty title is sent as '' and the database writes the title from the option values.
 */
export function variantUpdate(
  draft: VariantDraft,
  saved: VariantValues,
): { update: VariantUpdate; problems: string[] } {
  const problems: string[] = [];
  const sku = draft.sku.trim();
  const title = draft.title.trim();
  const price = money(draft.price);
  const original = money(draft.original_price);
  const lead = draft.lead_time_days.trim() === '' ? Number.NaN : Number(draft.lead_time_days);
  if (!SKU_PATTERN.test(sku))
    problems.push('SKU: 1 to 40 letters, digits, ".", "_", "/" or "-", starting with a letter or digit.');
  if (title.length > 150) problems.push('Title: at most 150 characters.');
  if (price === null || Number.isNaN(price) || price <= 0) problems.push('Price: more than ₹0.');
  if (Number.isNaN(original ?? 0)) problems.push('Original price: a number, or empty.');
  else if (original !== null && price !== null && price > 0 && original < price)
    problems.push('Original price: at least the price (or empty).');
  if (!Number.isInteger(lead) || lead < 0 || lead > 365) problems.push('Lead time: 0 to 365 days.');
  if (problems.length > 0) return { update: {}, problems };
  const next: VariantValues = {
    sku,
    title,
    price: price ?? 0,
    original_price: original,
    lead_time_days: lead,
    made_to_order: draft.made_to_order,
    is_active: draft.is_active,
  };
  const update: VariantUpdate = {};
  for (const key of Object.keys(next) as (keyof VariantValues)[]) {
    if (next[key] !== saved[key]) Object.assign(update, { [key]: next[key] });
  }
  return { update, problems };
}
