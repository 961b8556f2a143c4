/**
 * Whether two saved-query values (filter, sort, perPage, displayedFilters) are the same query: a deep
 * comparison where key order does not matter (a filter read back from the URL may list its keys in
 * another order than the one saved) and an absent key equals an undefined one.
 */
export function sameQuery(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const entries = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined);
  const ea = entries(a);
  const eb = new Map(entries(b));
  return ea.length === eb.size && ea.every(([k, v]) => eb.has(k) && sameQuery(v, eb.get(k)));
}
