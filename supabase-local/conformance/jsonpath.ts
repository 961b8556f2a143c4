/**
 * The JSONPath subset `body_jsonpath` needs: `$`, `.name`, `['name']` / `["name"]`, `[n]` (negative counts
 * from the end), `[*]` / `.*`, `[a,b]` unions of names or indices, `[start:end]` slices, `..name`
 * (recursive descent) and filters `[?(<expr>)]` where <expr> compares `@`, `@.a.b` or `@['a']` with a
 * literal (==, !=, <, <=, >, >=), tests existence (`@.a`), and combines with && / ||.
 */
type Segment =
  | { kind: 'child'; names: (string | number)[] }
  | { kind: 'wildcard' }
  | { kind: 'slice'; start: number | null; end: number | null }
  | { kind: 'filter'; expr: string }
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
      const filter = /^\s*\?\s*\((.*)\)\s*$/s.exec(inner);
      const slice = /^\s*(-?\d+)?\s*:\s*(-?\d+)?\s*$/.exec(inner);
      if (filter) {
        segs.push({ kind: 'filter', expr: filter[1]! });
        filterMatches(null, filter[1]!); // syntax check now
      } else if (slice) {
        segs.push({
          kind: 'slice',
          start: slice[1] === undefined ? null : Number(slice[1]),
          end: slice[2] === undefined ? null : Number(slice[2]),
        });
      } else segs.push(parseBracket(inner));
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
  return evalSegments(doc, parseJsonPath(path));
}

function evalSegments(doc: unknown, segs: Segment[]): unknown[] {
  let current: unknown[] = [doc];
  for (const seg of segs) {
    const next: unknown[] = [];
    for (const v of current) {
      if (seg.kind === 'wildcard') next.push(...children(v));
      else if (seg.kind === 'slice') {
        if (!Array.isArray(v)) continue;
        const norm = (n: number | null, dflt: number) =>
          n === null ? dflt : n < 0 ? Math.max(0, v.length + n) : Math.min(n, v.length);
        next.push(...v.slice(norm(seg.start, 0), norm(seg.end, v.length)));
      } else if (seg.kind === 'filter') next.push(...children(v).filter((x) => filterMatches(x, seg.expr)));
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

type Token = { t: 'path'; segs: Segment[] } | { t: 'lit'; v: unknown } | { t: 'op'; v: string };

function tokenize(expr: string): Token[] {
  const out: Token[] = [];
  const re =
    /\s*(?:(@(?:\.[A-Za-z_$][\w$-]*|\[(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+)\])*)|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|(true|false|null)\b|(==|!=|<=|>=|<|>|&&|\|\||\(|\)))/y;
  let pos = 0;
  while (pos < expr.length) {
    if (/^\s*$/.test(expr.slice(pos))) break;
    re.lastIndex = pos;
    const m = re.exec(expr);
    if (!m) throw new JsonPathError(`unsupported filter expression ?(${expr})`);
    pos = re.lastIndex;
    if (m[1] !== undefined) out.push({ t: 'path', segs: parseJsonPath(`$${m[1].slice(1)}`) });
    else if (m[2] !== undefined) out.push({ t: 'lit', v: m[2].slice(1, -1).replace(/\\(.)/g, '$1') });
    else if (m[3] !== undefined) out.push({ t: 'lit', v: Number(m[3]) });
    else if (m[4] !== undefined) out.push({ t: 'lit', v: JSON.parse(m[4]) });
    else out.push({ t: 'op', v: m[5]! });
  }
  return out;
}

function compare(a: unknown, op: string, b: unknown): boolean {
  const eq = JSON.stringify(a) === JSON.stringify(b);
  if (op === '==') return eq;
  if (op === '!=') return !eq;
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) return false;
  const x = a as number | string;
  const y = b as number | string;
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

/** Evaluate a filter expression against one candidate (`@`). With `at === null`, only checks syntax. */
function filterMatches(at: unknown, expr: string): boolean {
  const toks = tokenize(expr);
  let i = 0;
  const isOp = (tok: Token | undefined, v: string) => tok?.t === 'op' && tok.v === v;
  const value = (tok: Token): { exists: boolean; v: unknown } => {
    if (tok.t === 'lit') return { exists: true, v: tok.v };
    if (tok.t === 'path') {
      const found = evalSegments(at, tok.segs);
      return { exists: found.length > 0, v: found[0] };
    }
    throw new JsonPathError(`unexpected '${tok.v}' in ?(${expr})`);
  };
  const primary = (): boolean => {
    const tok = toks[i++];
    if (!tok) throw new JsonPathError(`incomplete filter ?(${expr})`);
    if (tok.t === 'op' && tok.v === '(') {
      const r = or();
      if (!isOp(toks[i++], ')')) throw new JsonPathError(`missing ) in ?(${expr})`);
      return r;
    }
    const left = value(tok);
    const op = toks[i];
    if (op?.t === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(op.v)) {
      i++;
      const rightTok = toks[i++];
      if (!rightTok) throw new JsonPathError(`incomplete filter ?(${expr})`);
      const right = value(rightTok);
      return left.exists && right.exists && compare(left.v, op.v, right.v);
    }
    return left.exists && (tok.t === 'path' || Boolean(left.v));
  };
  const and = (): boolean => {
    let r = primary();
    while (isOp(toks[i], '&&')) {
      i++;
      r = primary() && r;
    }
    return r;
  };
  const or = (): boolean => {
    let r = and();
    while (isOp(toks[i], '||')) {
      i++;
      r = and() || r;
    }
    return r;
  };
  const result = or();
  if (i !== toks.length) throw new JsonPathError(`unsupported filter expression ?(${expr})`);
  return result;
}

/** A path that can select at most one value (no wildcard, union, slice, filter or descent). */
export function isDefinite(path: string): boolean {
  return parseJsonPath(path).every((s) => s.kind === 'child' && s.names.length === 1);
}
