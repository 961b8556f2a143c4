/** The filter groups' shared look (the side rail and the phone's sheet show the same groups). */
// The legend floats so it sits inside the fieldset's box, under its top rule, not on it.
export const legendClass = 'float-left mb-2 w-full text-sm font-semibold text-stone-900';
export const fieldsetClass = 'border-t border-stone-200 pt-4 [&>:not(legend)]:clear-left';
export const optionClass = 'flex cursor-pointer items-center gap-2 py-1 text-sm text-stone-800';
export const checkboxClass = 'size-4 shrink-0 accent-amber-800';

/** A value's count beside its name: "Fabric (5)". */
export function Count({ n }: { n: number }) {
  return <span className="text-stone-600">({n})</span>;
}
