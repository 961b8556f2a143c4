import type { ReactNode } from 'react';
import type { BrowsePage, Facet } from '@/features/catalog/api/browse-products';
import { toggleValue, withRating, type BrowseState } from '@/features/catalog/browse-params';
import {
  checkboxClass,
  Count,
  fieldsetClass,
  legendClass,
  optionClass,
} from '@/features/catalog/components/filters/filter-styles';
import { PriceFilter } from '@/features/catalog/components/filters/price-filter';

export interface FilterGroupsProps {
  /** The first page's answer: facets and counts for the current selection. */
  page: Pick<BrowsePage, 'facets' | 'price' | 'rating' | 'in_stock'>;
  state: BrowseState;
  onChange: (next: BrowseState) => void;
  /** Groups the page adds before the attributes (the all-products page's category). */
  before?: ReactNode;
}

/**
 * The filter groups, each a fieldset with its legend and native checkboxes (keyboard and screen
 * readers as they are). Only the groups the database returned for this listing appear (seating only
 * on categories that have it); a selected value stays even at 0.
 */
export function FilterGroups({ page, state, onChange, before }: FilterGroupsProps) {
  return (
    <div className="flex flex-col gap-4">
      {before}
      {page.facets.map((facet) => (
        <FacetGroup key={facet.code} facet={facet} state={state} onChange={onChange} />
      ))}
      <PriceFilter price={page.price} state={state} onChange={onChange} />
      {page.rating && (
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Customer rating</legend>
          <label className={optionClass}>
            <input
              type="checkbox"
              className={checkboxClass}
              checked={state.minRating === 4}
              onChange={(e) => onChange(withRating(state, e.target.checked ? 4 : undefined))}
            />
            4★ & up <Count n={page.rating.count} />
          </label>
        </fieldset>
      )}
      {page.in_stock && (
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Availability</legend>
          <label className={optionClass}>
            <input
              type="checkbox"
              className={checkboxClass}
              checked={state.inStock}
              onChange={(e) => onChange({ ...state, inStock: e.target.checked })}
            />
            In stock <Count n={page.in_stock.count} />
          </label>
        </fieldset>
      )}
    </div>
  );
}

function FacetGroup({
  facet,
  state,
  onChange,
}: {
  facet: Facet;
  state: BrowseState;
  onChange: (next: BrowseState) => void;
}) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{facet.name}</legend>
      <ul>
        {facet.values.map((v) => (
          <li key={v.slug}>
            <label className={optionClass}>
              <input
                type="checkbox"
                className={checkboxClass}
                // The URL's selection, not the answer's: it shows at once, while the counts load.
                checked={state.filters[facet.code]?.includes(v.slug) ?? false}
                onChange={() => onChange(toggleValue(state, facet.code, v.slug))}
              />
              {v.swatch_color && (
                <span
                  aria-hidden="true"
                  className="size-4 shrink-0 rounded-full ring-1 ring-stone-400"
                  style={{ backgroundColor: v.swatch_color }}
                />
              )}
              {v.value} <Count n={v.count} />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
