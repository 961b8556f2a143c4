/**
 * The title of a product's only variant when it has no options ('Default', as the database names it):
 * nothing a shopper needs to read next to the product's name.
 */
export const DEFAULT_VARIANT_TITLE = 'Default';

/**
 * A variant's title as the cart, checkout and wishlist show it beside the product's name, or null
 * when there is nothing to add (a default-only product, an empty title, a line without a variant).
 */
export function shownVariantTitle(title: string | null | undefined): string | null {
  const t = title?.trim();
  if (!t || t.toLowerCase() === DEFAULT_VARIANT_TITLE.toLowerCase()) return null;
  return t;
}

/** "Aarav Sofa (Teal velvet / 3-seater)", or the name alone for a default-only product. */
export function nameWithVariant(name: string, variantTitle: string | null | undefined): string {
  const shown = shownVariantTitle(variantTitle);
  return shown ? `${name} (${shown})` : name;
}
