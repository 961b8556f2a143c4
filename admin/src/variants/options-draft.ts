import type { Tables } from 'shared/types/database';

/**
 * The options editor's state and what admin_set_product_options takes: the whole set of a product's
 * options, ids keeping rows (a missing id removes the option or value, and its variants).
 */
export interface ValueDraft {
  id?: number;
  value: string;
  /** '#rrggbb' or '' for none. */
  swatch_color: string;
}
export interface OptionDraft {
  id?: number;
  name: string;
  values: ValueDraft[];
}

/** admin_set_product_options' `options` argument. */
export type OptionsPayloadItem = {
  id?: number;
  name: string;
  values: { id?: number; value: string; swatch_color: string | null }[];
};

/** Option rows as the database returns them (product_options with their values embedded). */
export type OptionRows = Pick<Tables<'product_options'>, 'id' | 'name' | 'position'> & {
  values: Pick<Tables<'product_option_values'>, 'id' | 'value' | 'swatch_color' | 'position'>[];
};

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

export function toDraft(rows: OptionRows[]): OptionDraft[] {
  return [...rows].sort(byPosition).map((o) => ({
    id: o.id,
    name: o.name,
    values: [...o.values]
      .sort(byPosition)
      .map((v) => ({ id: v.id, value: v.value, swatch_color: v.swatch_color ?? '' })),
  }));
}

const SWATCH = /^#[0-9a-f]{6}$/i;

/**
 * The database's rules for options, checked before the call so staff see every problem at once:
 * names ≤ 40 characters and unique per product ignoring case, values ≤ 60 and unique per option
 * ignoring case, swatches '#rrggbb'. Blank values are dropped, not reported (an empty row left in
 * the editor).
 */
export function optionsProblems(draft: OptionDraft[]): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  draft.forEach((o, i) => {
    const name = o.name.trim();
    const label = name || `Option ${i + 1}`;
    if (name === '') problems.push(`Option ${i + 1} needs a name.`);
    else if (name.length > 40) problems.push(`${label}: a name is at most 40 characters.`);
    else if (names.has(name.toLowerCase())) problems.push(`Two options are called "${name}".`);
    names.add(name.toLowerCase());
    const values = new Set<string>();
    const filled = o.values.filter((v) => v.value.trim() !== '');
    if (filled.length === 0) problems.push(`${label} needs at least one value.`);
    for (const v of filled) {
      const value = v.value.trim();
      if (value.length > 60)
        problems.push(`${label}: "${value.slice(0, 20)}…" is longer than 60 characters.`);
      if (values.has(value.toLowerCase())) problems.push(`${label} has "${value}" twice.`);
      values.add(value.toLowerCase());
      if (v.swatch_color !== '' && !SWATCH.test(v.swatch_color))
        problems.push(`${label} / ${value}: a swatch colour is #rrggbb.`);
    }
  });
  return problems;
}

export function toOptionsPayload(draft: OptionDraft[]): OptionsPayloadItem[] {
  return draft.map((o) => ({
    ...(o.id === undefined ? {} : { id: o.id }),
    name: o.name.trim(),
    values: o.values
      .filter((v) => v.value.trim() !== '')
      .map((v) => ({
        ...(v.id === undefined ? {} : { id: v.id }),
        value: v.value.trim(),
        swatch_color: v.swatch_color === '' ? null : v.swatch_color.toLowerCase(),
      })),
  }));
}

/** How many variants the options make: one per combination of values (1 with no options). */
export function combinationCount(draft: OptionDraft[]): number {
  return draft.reduce((n, o) => n * o.values.filter((v) => v.value.trim() !== '').length, 1);
}

/**
 * Combinations of the saved options that no variant has yet (what "Generate combinations" would
 * create), from each variant's option values.
 */
export function missingCombinations(
  options: OptionRows[],
  variants: { option_values: { option_id: number; value_id: number }[] }[],
): number {
  if (options.length === 0) return 0;
  const key = (pairs: { option_id: number; value_id: number }[]) =>
    [...pairs]
      .sort((a, b) => a.option_id - b.option_id)
      .map((p) => `${p.option_id}:${p.value_id}`)
      .join('|');
  const have = new Set(variants.map((v) => key(v.option_values)));
  let combos: { option_id: number; value_id: number }[][] = [[]];
  for (const o of options) {
    combos = combos.flatMap((c) => o.values.map((v) => [...c, { option_id: o.id, value_id: v.id }]));
  }
  return combos.filter((c) => !have.has(key(c))).length;
}
