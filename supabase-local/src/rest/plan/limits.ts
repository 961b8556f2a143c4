/**
 * Embedding limits, checked on the parsed select before planning (so before any SQL): each level of
 * `a(b(c(…)))` multiplies the rows the database visits, and a request nested deep enough stalls it
 * (on PGlite, the whole Node process). Not in PostgREST; supabase-local's defaults let every request
 * the store's apps make through (their deepest select embeds one level).
 */
import { err } from '../errors.ts';
import type { SelectItem } from '../parse/types.ts';
import type { RestConfig } from '../types.ts';

export const DEFAULT_MAX_EMBED_DEPTH = 4;
export const DEFAULT_MAX_EMBEDS = 16;

interface Shape {
  depth: number;
  /** names along the deepest embedding, outermost first */
  path: string[];
  count: number;
}

function shape(select: SelectItem[]): Shape {
  let best: Shape = { depth: 0, path: [], count: 0 };
  let count = 0;
  for (const item of select) {
    if (item.kind !== 'embed') continue;
    const inner = shape(item.select);
    count += 1 + inner.count;
    if (inner.depth + 1 > best.depth)
      best = { depth: inner.depth + 1, path: [item.alias ?? item.name, ...inner.path], count: 0 };
  }
  return { ...best, count };
}

/** Throws PostgREST-shaped 400s (code 54001) naming the limit when `select` embeds too deep or too many. */
export function checkEmbedLimits(root: string, select: SelectItem[], config: RestConfig): void {
  const maxDepth = config.maxEmbedDepth === undefined ? DEFAULT_MAX_EMBED_DEPTH : config.maxEmbedDepth;
  const maxCount = config.maxEmbeds === undefined ? DEFAULT_MAX_EMBEDS : config.maxEmbeds;
  if (maxDepth === null && maxCount === null) return;
  const s = shape(select);
  if (maxDepth !== null && s.depth > maxDepth) {
    const shown = s.path.length > 8 ? [...s.path.slice(0, 6), '…', s.path[s.path.length - 1]!] : s.path;
    throw err.embedDepth(s.depth, maxDepth, [root, ...shown].join(' → '));
  }
  if (maxCount !== null && s.count > maxCount) throw err.embedCount(s.count, maxCount);
}
