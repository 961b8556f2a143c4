/**
 * Whether a card's product has options to choose: two or more active variants (`products.variant_count`,
 * kept by the database). Its card then links to the product page instead of adding the default
 * variant, which may be sold out while another is in stock. Same-priced variants count too: price_max
 * cannot tell them apart from a single variant.
 */
export function hasOptions(p: { variant_count: number }): boolean {
  return p.variant_count > 1;
}
