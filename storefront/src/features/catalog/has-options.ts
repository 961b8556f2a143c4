/**
 * Whether a card's product has options to choose: two or more active variants (the list reads at most
 * two, `live_variants`). Its card then links to the product page instead of adding the default
 * variant, which may be sold out while another is in stock. Same-priced variants count too: price_max
 * cannot tell them apart from a single variant.
 */
export function hasOptions(p: { live_variants: readonly unknown[] }): boolean {
  return p.live_variants.length > 1;
}
