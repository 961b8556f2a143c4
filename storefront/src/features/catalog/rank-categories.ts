/**
 * Which categories match what the shopper typed, best first: a name that starts with the query, then
 * one containing it, then one within a small typo of it ("sofaa" → Sofas, "chiar" → Chairs). Products
 * are matched by the database (search_products); the few categories are matched here.
 */
export function rankCategories<T extends { name: string }>(query: string, categories: T[], limit = 3): T[] {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  const scored: { item: T; score: number }[] = [];
  for (const item of categories) {
    const name = item.name.toLowerCase();
    let score: number | null = null;
    if (name.startsWith(q)) score = 0;
    else if (name.includes(q)) score = 1;
    else {
      const words = name.split(/\s+/);
      const allowed = q.length <= 3 ? 0 : q.length <= 5 ? 1 : 2;
      const best = Math.min(
        ...words.map((w) => Math.min(editDistance(q, w), editDistance(q, w.slice(0, q.length)))),
      );
      if (best <= allowed) score = 2 + best;
    }
    if (score !== null) scored.push({ item, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.item.name.localeCompare(b.item.name))
    .slice(0, limit)
    .map((s) => s.item);
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps: "chiar" is 1 from "chair"). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
