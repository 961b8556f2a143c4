import { ATTRIBUTE_CODE, RESERVED_LISTING_PARAMS } from 'shared/catalog/attribute-code';

/**
 * What the database checks on attributes and their values (attributes_code_check,
 * attribute_values_*_check), checked as staff type so the form says it first.
 */

/** The code is the storefront URL's parameter (?material=sheesham-wood). */
export function attributeCodeError(value: unknown): string | undefined {
  const code = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (code === '') return 'Give a code, e.g. material';
  if (!ATTRIBUTE_CODE.test(code))
    return 'A letter, then letters, digits or _ (up to 30), e.g. seating_capacity';
  if (RESERVED_LISTING_PARAMS.includes(code)) return `“${code}” is one of the listing’s own parameters`;
  return undefined;
}

/** A name or a value: not blank, at most 60 characters. */
export function labelError(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return 'Required';
  if (text.length > 60) return 'At most 60 characters';
  return undefined;
}

/** An optional URL slug: lower-case words and digits joined by hyphens (blank: made from the value). */
export function slugError(value: unknown): string | undefined {
  const slug = typeof value === 'string' ? value.trim() : '';
  if (slug === '') return undefined;
  if (slug.length > 60 || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
    return 'Lower-case letters and digits joined by hyphens, e.g. sheesham-wood';
  return undefined;
}

/** An optional swatch colour as #rrggbb. */
export function swatchError(value: unknown): string | undefined {
  const color = typeof value === 'string' ? value.trim() : '';
  if (color === '') return undefined;
  return /^#[0-9a-fA-F]{6}$/.test(color) ? undefined : 'A colour as #rrggbb, e.g. #8b5a2b';
}

export type ValueDraft = { value: string; slug: string; position: string; swatch_color: string };

/** The row to insert or update from the value form (blank slug: the database makes it). */
export function toValueRow(draft: ValueDraft) {
  const position = Number.parseInt(draft.position, 10);
  return {
    value: draft.value.trim(),
    slug: draft.slug.trim(),
    position: Number.isFinite(position) ? position : 0,
    swatch_color: draft.swatch_color.trim() === '' ? null : draft.swatch_color.trim(),
  };
}

/** The first problem of a value draft, per field (empty when it can be sent). */
export function valueDraftErrors(draft: ValueDraft): Partial<Record<keyof ValueDraft, string>> {
  const out: Partial<Record<keyof ValueDraft, string>> = {};
  const value = labelError(draft.value);
  const slug = slugError(draft.slug);
  const swatch = swatchError(draft.swatch_color);
  if (value) out.value = value;
  if (slug) out.slug = slug;
  if (swatch) out.swatch_color = swatch;
  if (draft.position.trim() !== '' && !/^-?\d+$/.test(draft.position.trim())) out.position = 'A whole number';
  return out;
}

/** The product page's Filters: which values are ticked after one is toggled. */
export function toggleValue(ids: readonly number[], id: number, on: boolean): number[] {
  const rest = ids.filter((x) => x !== id);
  return on ? [...rest, id].sort((a, b) => a - b) : rest;
}

/** Whether the ticked values differ from the saved ones (order does not matter). */
export function sameValues(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}
