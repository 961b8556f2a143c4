import { X } from 'lucide-react';
import type { Facet } from '@/features/catalog/api/browse-products';
import { clearFilters, type BrowseState } from '@/features/catalog/browse-params';
import { activeChips } from '@/features/catalog/filter-labels';

/** The active filters as chips, each removable, and Clear all; nothing when no filter is on. */
export function ActiveFilters({
  state,
  facets,
  onChange,
}: {
  state: BrowseState;
  facets: Facet[];
  onChange: (next: BrowseState) => void;
}) {
  const chips = activeChips(state, facets);
  if (chips.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              aria-label={chip.name}
              onClick={() => onChange(chip.without(state))}
              className="inline-flex items-center gap-1 rounded-full border border-amber-800 bg-amber-50 px-3 py-1 text-sm text-amber-900 hover:bg-amber-100"
            >
              {chip.label}
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => onChange(clearFilters(state))}
        className="px-2 py-1 text-sm font-medium text-amber-900 underline hover:text-amber-700"
      >
        Clear all
      </button>
    </div>
  );
}
