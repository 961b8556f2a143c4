import {
  defaultSort,
  type BrowseScope,
  type BrowseSort,
  type BrowseState,
} from '@/features/catalog/browse-params';

const LABELS: { value: BrowseSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'popularity', label: 'Popularity' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'newest', label: 'Newest' },
  { value: 'rating', label: 'Top Rated' },
  { value: 'discount', label: 'Discount' },
];

/** Sort by: Relevance only with a search query (the database ignores it otherwise). */
export function SortSelect({
  state,
  scope,
  onChange,
}: {
  state: BrowseState;
  scope: BrowseScope;
  onChange: (next: BrowseState) => void;
}) {
  const options = scope.q ? LABELS : LABELS.filter((s) => s.value !== 'relevance');
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      {/* On a phone the select sits beside the Filters button: the label is for screen readers there. */}
      <span className="max-md:sr-only">Sort by</span>
      <select
        className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm"
        value={state.sort ?? defaultSort(scope)}
        onChange={(e) => {
          const sort = options.find((s) => s.value === e.target.value)?.value;
          onChange({ ...state, sort });
        }}
      >
        {options.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}
