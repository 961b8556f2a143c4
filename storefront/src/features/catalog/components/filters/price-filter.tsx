import { useId, useState } from 'react';
import type { BrowsePage } from '@/features/catalog/api/browse-products';
import { withPrice, type BrowseState } from '@/features/catalog/browse-params';
import { priceRangeLabel } from '@/features/catalog/filter-labels';
import {
  checkboxClass,
  Count,
  fieldsetClass,
  legendClass,
  optionClass,
} from '@/features/catalog/components/filters/filter-styles';

const inputClass = 'w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm';

/** A whole number of rupees from an input, or nothing for an empty or invalid one. */
function rupees(text: string): number | undefined {
  const n = Number(text);
  return text.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : Math.round(n);
}

/**
 * Price: quick ranges (radios, each with its count among the products the other groups leave) and
 * min/max inputs in ₹ for any other range.
 */
export function PriceFilter({
  price,
  state,
  onChange,
}: {
  price: BrowsePage['price'];
  state: BrowseState;
  onChange: (next: BrowseState) => void;
}) {
  const name = useId();
  if (!price) return null;
  const { priceMin, priceMax } = state;
  const isBucket = (b: { min: number; max: number | null }) =>
    priceMin === b.min && priceMax === (b.max ?? undefined);
  const buckets = price.buckets.filter((b) => b.count > 0 || isBucket(b));
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Price</legend>
      <ul>
        <li>
          <label className={optionClass}>
            <input
              type="radio"
              name={name}
              className={checkboxClass}
              checked={priceMin === undefined && priceMax === undefined}
              onChange={() => onChange(withPrice(state, undefined, undefined))}
            />
            Any price
          </label>
        </li>
        {buckets.map((b) => (
          <li key={b.min}>
            <label className={optionClass}>
              <input
                type="radio"
                name={name}
                className={checkboxClass}
                checked={isBucket(b)}
                onChange={() => onChange(withPrice(state, b.min, b.max ?? undefined))}
              />
              {priceRangeLabel(b.min, b.max ?? undefined)} <Count n={b.count} />
            </label>
          </li>
        ))}
      </ul>
      <PriceRange key={`${priceMin}-${priceMax}`} state={state} onChange={onChange} />
    </fieldset>
  );
}

function PriceRange({ state, onChange }: { state: BrowseState; onChange: (next: BrowseState) => void }) {
  const [min, setMin] = useState(state.priceMin?.toString() ?? '');
  const [max, setMax] = useState(state.priceMax?.toString() ?? '');
  return (
    <form
      className="mt-3 grid grid-cols-2 gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(withPrice(state, rupees(min), rupees(max)));
      }}
    >
      <label className="flex flex-col gap-1 text-xs font-medium text-stone-700">
        Min price (₹)
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className={inputClass}
          value={min}
          onChange={(e) => setMin(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-stone-700">
        Max price (₹)
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className={inputClass}
          value={max}
          onChange={(e) => setMax(e.target.value)}
        />
      </label>
      <button
        type="submit"
        className="col-span-2 rounded-md border border-amber-800 px-3 py-1.5 text-sm font-medium text-amber-900 hover:bg-amber-50"
      >
        Apply price
      </button>
    </form>
  );
}
