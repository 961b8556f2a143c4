/** The query string → QueryParams, grouping everything by embed path as PostgREST does. */
import { err } from '../errors.ts';
import {
  parseColumnList,
  parseFilter,
  parseFilterKey,
  parseLogicTree,
  parseOpExpr,
  parseOrder,
  parseSelect,
} from './grammar.ts';
import type { QueryParams } from './types.ts';

/** application/x-www-form-urlencoded decoding: '+' is a space; malformed escapes stay as they are. */
export function decodeComponent(s: string): string {
  const plus = s.includes('+') ? s.replace(/\+/g, ' ') : s;
  if (!plus.includes('%')) return plus;
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus.replace(/(%[0-9a-fA-F]{2})+/g, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
  }
}

export function decodeQuery(raw: string): [string, string][] {
  return decodeQueryItems(raw).map(([k, v]) => [k, v]);
}

/** As decodeQuery, and whether each item had an `=` (`order` is Nothing to PostgREST, `order=` is ""). */
function decodeQueryItems(raw: string): [key: string, value: string, hasValue: boolean][] {
  if (raw === '') return [];
  const out: [string, string, boolean][] = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? '' : part.slice(eq + 1);
    out.push([decodeComponent(k), decodeComponent(v), eq >= 0]);
  }
  return out;
}

const LOGIC_OPS = ['and', 'or', 'not.and', 'not.or'];

function splitReserved(key: string, word: string): string | null {
  if (key === word) return '';
  if (key.endsWith('.' + word)) return key.slice(0, -word.length - 1);
  return null;
}

function parseInteger(what: string, v: string): number {
  if (!/^-?\d+$/.test(v.trim())) {
    throw err.parse(
      `"failed to parse ${what} parameter (${v})" (line 1, column 1)`,
      `unexpected "${v[0] ?? ''}" expecting digit`,
    );
  }
  return Number(v.trim());
}

/** `isRpc`: keys without an operator value become RPC arguments instead of errors. */
export function parseQueryParams(raw: string, isRpc: boolean): QueryParams {
  const qp: QueryParams = {
    select: [{ kind: 'star' }],
    filters: new Map(),
    logic: new Map(),
    order: new Map(),
    ranges: new Map(),
    params: [],
    filterFields: [],
  };
  const push = <T>(m: Map<string, T[]>, k: string, v: T) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();

  for (const [key, value, hasValue] of decodeQueryItems(raw)) {
    if (key === 'select') {
      qp.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      qp.columns = parseColumnList('columns', value);
      continue;
    }
    if (key === 'on_conflict') {
      qp.onConflict = parseColumnList('on_conflict', value);
      continue;
    }
    let path = splitReserved(key, 'order');
    if (path !== null) {
      // QueryParams.hs keeps every order with a value (nonemptyParams drops only a bare `order`), so
      // `order=` is parsed, and fails as PostgREST fails: column 1, expecting a field name
      if (hasValue) qp.order.set(path, parseOrder(value));
      continue;
    }
    path = splitReserved(key, 'limit');
    if (path !== null) {
      limits.set(path, parseInteger('limit', value));
      continue;
    }
    path = splitReserved(key, 'offset');
    if (path !== null) {
      // a negative offset is ignored, as PostgREST does
      offsets.set(path, Math.max(0, parseInteger('offset', value)));
      continue;
    }
    const logicOp = LOGIC_OPS.find((op) => key === op || key.endsWith('.' + op));
    if (logicOp) {
      const p = key === logicOp ? '' : key.slice(0, -logicOp.length - 1);
      // `not.or` must not be read as path "not" + op "or"
      if (!(logicOp === 'or' || logicOp === 'and') || !key.endsWith('not.' + logicOp)) {
        push(qp.logic, p, parseLogicTree(logicOp, value));
        continue;
      }
      const p2 = key === 'not.' + logicOp ? '' : key.slice(0, -('not.' + logicOp).length - 1);
      push(qp.logic, p2, parseLogicTree('not.' + logicOp, value));
      continue;
    }
    const f = parseFilter(key, value);
    if (f) {
      push(qp.filters, f.path.join('.'), f.filter);
      qp.filterFields.push({ path: f.path.join('.'), field: f.filter.field.name });
      continue;
    }
    if (isRpc) {
      qp.params.push([key, value]);
      continue;
    }
    // neither reserved nor an operator expression
    parseFilterKey(key);
    throw err.parse(`"failed to parse filter (${value})" (line 1, column 1)`, parseOpExprHint(value));
  }
  for (const p of new Set([...limits.keys(), ...offsets.keys()])) {
    const r: { offset: number; limit?: number } = { offset: offsets.get(p) ?? 0 };
    const l = limits.get(p);
    if (l !== undefined) r.limit = l;
    qp.ranges.set(p, r);
  }
  return qp;
}

function parseOpExprHint(value: string): string {
  if (parseOpExpr(value) === null) {
    const first = value[0];
    return first === undefined
      ? 'unexpected end of input expecting operator (eq, gt, ...)'
      : `unexpected "${first}" expecting "not" or operator (eq, gt, ...)`;
  }
  return 'unexpected end of input';
}
