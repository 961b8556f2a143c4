import { formatINR } from 'shared/pricing/format';
import { toggleValue, withPrice, withRating, type BrowseState } from '@/features/catalog/browse-params';

/**
 * A price range as the filters name it: "Up to" its top, "& above" its bottom, else "from – to" (each
 * bound included, as browse_products counts and filters).
 */
export function priceRangeLabel(min: number | undefined, max: number | undefined): string {
  if (max === undefined) return `${formatINR(min ?? 0)} & above`;
  if (!min) return `Up to ${formatINR(max)}`;
  return `${formatINR(min)} – ${formatINR(max)}`;
}

export interface FilterChip {
  key: string;
  /** What the chip shows ("Fabric"). */
  label: string;
  /** What the chip's remove button says to a screen reader ("Remove Material: Fabric"). */
  name: string;
  without: (state: BrowseState) => BrowseState;
}

/**
 * The active filters as removable chips, in the URL's order. Value names come from the facets (the
 * database returns every selected value, even at 0); a value it did not return shows its slug.
 */
export function activeChips(
  state: BrowseState,
  facets: { code: string; name: string; values: { slug: string; value: string }[] }[],
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const code of Object.keys(state.filters).sort()) {
    const facet = facets.find((f) => f.code === code);
    for (const slug of state.filters[code] ?? []) {
      const label = facet?.values.find((v) => v.slug === slug)?.value ?? slug;
      chips.push({
        key: `${code}:${slug}`,
        label,
        name: `Remove ${facet?.name ?? code}: ${label}`,
        without: (s) => toggleValue(s, code, slug),
      });
    }
  }
  if (state.priceMin !== undefined || state.priceMax !== undefined) {
    const label = priceRangeLabel(state.priceMin, state.priceMax);
    chips.push({
      key: 'price',
      label,
      name: `Remove Price: ${label}`,
      without: (s) => withPrice(s, undefined, undefined),
    });
  }
  if (state.minRating !== undefined) {
    const label = `${state.minRating}★ & up`;
    chips.push({
      key: 'rating',
      label,
      name: `Remove Rating: ${state.minRating} stars & up`,
      without: (s) => withRating(s, undefined),
    });
  }
  if (state.inStock) {
    chips.push({
      key: 'stock',
      label: 'In stock',
      name: 'Remove In stock',
      without: (s) => ({ ...s, inStock: false }),
    });
  }
  return chips;
}
