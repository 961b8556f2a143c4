/**
 * The JSONPath subset `body_jsonpath` needs: `$`, `.name`, `['name']` / `["name"]`, `[n]` (negative counts
 * from the end), `[*]` / `.*`, `[a,b]` unions of names or indices, and `..name` (recursive descent).
 */
type Segment =
  | { kind: 'child'; names: (string | number)[] }
  | { kind: 'wildcard' }
  | { kind: 'descend'; name: string | '*' };

export class JsonPathError extends Error {}

function parseBracket(inner: string): Segment {
  const s = inner.trim();
  if (s === '*') return { kind: 'wildcard' };
  const parts: (string | number)[] = [];
  const re = /\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+))\s*(,|$)/y;
  let pos = 0;
  while (pos < s.length) {
    re.lastIndex = pos;
    const m = re.exec(s);
    if (!m) throw new JsonPathError(`unsupported bracket expression [${inner}]`);
    if (m[3] !== undefined) parts.push(Number(m[3]));
    else parts.push((m[1] ?? m[2]!).replace(/\\(.)/g, '$1'));
    pos = re.lastIndex;
    if (m[4] === '') break;
  }
  if (parts.length === 0) throw new JsonPathError(`empty bracket expression [${inner}]`);
  return { kind: 'child', names: parts };
}

export function parseJsonPath(path: string): Segment[] {
  if (!path.startsWith('$')) throw new JsonPathError(`JSONPath must start with $: ${path}`);
  const segs: Segment[] = [];
  let i = 1;
  while (i < path.length) {
    if (path.startsWith('..', i)) {
      i += 2;
      const m = /^(\*|[^.[\]]+)/.exec(path.slice(i));
      if (!m) throw new JsonPathError(`bad recursive descent in ${path}`);
      segs.push({ kind: 'descend', name: m[1]! });
      i += m[1]!.length;
    } else if (path[i] === '.') {
      i += 1;
      const m = /^(\*|[^.[\]]+)/.exec(path.slice(i));
      if (!m) throw new JsonPathError(`bad member access in ${path}`);
      segs.push(m[1] === '*' ? { kind: 'wildcard' } : { kind: 'child', names: [m[1]!] });
      i += m[1]!.length;
    } else if (path[i] === '[') {
      let depth = 0;
      let j = i;
      let quote: string | null = null;
      for (; j < path.length; j++) {
        const ch = path[j]!;
        if (quote) {
          if (ch === '\\') j++;
          else if (ch === quote) quote = null;
        } else if (ch === "'" || ch === '"') quote = ch;
        else if (ch === '[') depth++;
        else if (ch === ']' && --depth === 0) break;
      }
      if (j >= path.length) throw new JsonPathError(`unclosed [ in ${path}`);
      const inner = path.slice(i + 1, j);
      if (inner.trim().startsWith('?') || inner.includes(':')) {
        throw new JsonPathError(`filters/slices are not supported: [${inner}]`);
      }
      segs.push(parseBracket(inner));
      i = j + 1;
    } else {
      throw new JsonPathError(`unexpected '${path[i]}' at ${i} in ${path}`);
    }
  }
  return segs;
}

function children(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v !== null && typeof v === 'object') return Object.values(v);
  return [];
}

function member(v: unknown, key: string | number): unknown[] {
  if (Array.isArray(v)) {
    const n = typeof key === 'number' ? key : /^-?\d+$/.test(key) ? Number(key) : NaN;
    if (!Number.isInteger(n)) return [];
    const idx = n < 0 ? v.length + n : n;
    return idx >= 0 && idx < v.length ? [v[idx]] : [];
  }
  if (v !== null && typeof v === 'object' && typeof key === 'string' && Object.hasOwn(v, key)) {
    return [(v as Record<string, unknown>)[key]];
  }
  return [];
}

function descendants(v: unknown): unknown[] {
  const out: unknown[] = [v];
  for (const c of children(v)) out.push(...descendants(c));
  return out;
}

/** Every value the path selects (an empty list when nothing exists there). */
export function queryJsonPath(doc: unknown, path: string): unknown[] {
  let current: unknown[] = [doc];
  for (const seg of parseJsonPath(path)) {
    const next: unknown[] = [];
    for (const v of current) {
      if (seg.kind === 'wildcard') next.push(...children(v));
      else if (seg.kind === 'child') for (const n of seg.names) next.push(...member(v, n));
      else
        for (const d of descendants(v)) {
          if (seg.name === '*') next.push(...children(d));
          else next.push(...member(d, seg.name));
        }
    }
    current = next;
  }
  return current;
}

/** A path that can select at most one value (no wildcard, union or descent). */
export function isDefinite(path: string): boolean {
  return parseJsonPath(path).every((s) => s.kind === 'child' && s.names.length === 1);
}
