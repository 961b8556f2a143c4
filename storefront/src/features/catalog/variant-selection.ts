/**
 * Which variant the product page shows, and which option values it offers: pure functions over the
 * product's variants as the page's one request returns them (anon sees active variants only; the
 * `is_active` check is for staff sessions, which see every variant).
 *
 * A variant's options are its `option_values` (one value per option of the product, enforced by the
 * database); a selection is option id → value id.
 */
export interface VariantOptionRef {
  option_id: number;
  value_id: number;
}

interface SelectableVariant {
  id: number;
  sku: string;
  is_default: boolean;
  is_active: boolean;
  option_values: readonly VariantOptionRef[];
}

export type Selection = ReadonlyMap<number, number>;

const live = <V extends SelectableVariant>(variants: readonly V[]) => variants.filter((v) => v.is_active);

/** The product's default variant: the one marked so, else the first live one. */
export function defaultVariant<V extends SelectableVariant>(variants: readonly V[]): V | undefined {
  const active = live(variants);
  return active.find((v) => v.is_default) ?? active[0];
}

/** A live variant by SKU, ignoring letter case (SKUs are unique regardless of case). */
export function findVariantBySku<V extends SelectableVariant>(
  variants: readonly V[],
  sku: string | null | undefined,
): V | undefined {
  const wanted = sku?.trim().toLowerCase();
  if (!wanted) return undefined;
  return live(variants).find((v) => v.sku.toLowerCase() === wanted);
}

/**
 * The variant a URL asks for (`?variant=SKU`): that SKU when it is live, otherwise the default —
 * a shared link to a variant that was deactivated still opens the product. `fellBack` says the URL
 * named a SKU that is not there (the page then drops it from the address).
 */
export function variantFromUrl<V extends SelectableVariant>(
  variants: readonly V[],
  sku: string | null | undefined,
): { variant: V | undefined; fellBack: boolean } {
  const found = findVariantBySku(variants, sku);
  if (found) return { variant: found, fellBack: false };
  return { variant: defaultVariant(variants), fellBack: Boolean(sku) };
}

export function selectionOf(variant: SelectableVariant): Selection {
  return new Map(variant.option_values.map((o) => [o.option_id, o.value_id]));
}

/** The live variant that has exactly these values for every option in the selection. */
export function variantFor<V extends SelectableVariant>(
  variants: readonly V[],
  selection: Selection,
): V | undefined {
  return live(variants).find((v) => {
    const own = selectionOf(v);
    for (const [optionId, valueId] of selection) if (own.get(optionId) !== valueId) return false;
    return true;
  });
}

/**
 * The variant the shopper gets by picking `valueId` for `optionId`, keeping the other choices; none
 * when that combination does not exist among the live variants (the picker disables that value).
 */
export function pick<V extends SelectableVariant>(
  variants: readonly V[],
  current: Selection,
  optionId: number,
  valueId: number,
): V | undefined {
  const next = new Map(current);
  next.set(optionId, valueId);
  return variantFor(variants, next);
}

/** Whether a value can be picked with the other current choices (an existing live combination). */
export function isValueAvailable(
  variants: readonly SelectableVariant[],
  current: Selection,
  optionId: number,
  valueId: number,
): boolean {
  return pick(variants, current, optionId, valueId) !== undefined;
}
