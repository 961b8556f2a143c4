/**
 * PostgREST's query-string grammar (ApiRequest/QueryParams.hs) as a small recursive-descent parser.
 * Errors imitate Parsec's wording ("unexpected X expecting Y", with line and column) because clients
 * and the conformance suite read them.
 */
import { err } from '../errors.ts';
import * as P from './parsec.ts';
import type {
  AggregateName,
  Field,
  Filter,
  FtsOp,
  JsonStep,
  LogicTree,
  OpExpr,
  OrderTerm,
  SelectItem,
  SimpleOp,
} from './types.ts';

class Fail {
  constructor(
    readonly pos: number,
    readonly expecting: string[],
  ) {}
}

/** A cursor over one input string. `offset` shifts reported columns (PostgREST parses "or(...)" etc.). */
class Cursor {
  pos = 0;
  constructor(
    readonly s: string,
    readonly offset = 0,
  ) {}
  peek(n = 0): string {
    return this.s[this.pos + n] ?? '';
  }
  eof(): boolean {
    return this.pos >= this.s.length;
  }
  startsWith(t: string): boolean {
    return this.s.startsWith(t, this.pos);
  }
  fail(...expecting: string[]): never {
    throw new Fail(this.pos, expecting);
  }
  expect(ch: string, label = `"${ch}"`): void {
    if (this.peek() !== ch) this.fail(label);
    this.pos++;
  }
  skipSpaces(): void {
    while (this.peek() === ' ') this.pos++;
  }
}

function toApiError(what: string, input: string, f: Fail, offset: number) {
  const at = input[f.pos - offset];
  // columns count the prefix too
  const unexpected = at === undefined ? 'end of input' : `"${at}"`;
  const exp = f.expecting.filter((e, i, a) => a.indexOf(e) === i);
  let expecting = '';
  if (exp.length === 1) expecting = ` expecting ${exp[0]}`;
  else if (exp.length > 1) expecting = ` expecting ${exp.slice(0, -1).join(', ')} or ${exp[exp.length - 1]}`;
  return err.parse(
    `"failed to parse ${what} (${input})" (line 1, column ${f.pos + 1})`,
    `unexpected ${unexpected}${expecting}`,
  );
}

/** `prefix` is parsed too (PostgREST parses "or(...)") and counts in columns, but is not displayed. */
function run<T>(what: string, input: string, p: (c: Cursor) => T, prefix = ''): T {
  const c = new Cursor(prefix + input);
  try {
    const v = p(c);
    if (!c.eof()) c.fail();
    return v;
  } catch (e) {
    if (e instanceof Fail) throw toApiError(what, input, e, prefix.length);
    throw e;
  }
}

const isNameChar = (ch: string) => ch !== '' && /[\p{L}\p{N}_ $]/u.test(ch);

/** A field name: quoted ("a.b"), or letters, digits, _, space, $ with single dashes not followed by '>'. */
function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quoted(c);
  let out = '';
  for (;;) {
    const ch = c.peek();
    if (isNameChar(ch)) {
      out += ch;
      c.pos++;
    } else if (ch === '-' && out !== '' && c.peek(1) !== '>' && isNameChar(c.peek(1))) {
      out += ch;
      c.pos++;
    } else break;
  }
  if (out === '') c.fail('field name (* or [a..z0..9_$])');
  return out;
}

function quoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  for (;;) {
    const ch = c.peek();
    if (ch === '') c.fail('"\\""');
    c.pos++;
    if (ch === '\\' && c.peek() !== '') {
      out += c.peek();
      c.pos++;
    } else if (ch === '"') return out;
    else out += ch;
  }
}

function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  while (c.startsWith('->')) {
    c.pos += 2;
    let arrow: '->' | '->>' = '->';
    if (c.peek() === '>') {
      arrow = '->>';
      c.pos++;
    }
    if (c.peek() === '-' || /\d/.test(c.peek())) {
      const start = c.pos;
      if (c.peek() === '-') c.pos++;
      if (!/\d/.test(c.peek())) c.fail('digit');
      while (/\d/.test(c.peek())) c.pos++;
      // "1abc" is a key, not an index
      if (isNameChar(c.peek()) && c.peek() !== ' ') {
        c.pos = start;
        steps.push({ arrow, key: fieldName(c), index: false });
      } else steps.push({ arrow, key: c.s.slice(start, c.pos), index: true });
    } else steps.push({ arrow, key: fieldName(c), index: false });
  }
  return steps;
}

function field(c: Cursor): Field {
  const name = fieldName(c);
  return { name, json: jsonPath(c) };
}

function castName(c: Cursor): string {
  let out = '';
  while (/[\p{L}\p{N}_ [\]]/u.test(c.peek()) && c.peek() !== '') {
    out += c.peek();
    c.pos++;
  }
  if (out.trim() === '') c.fail('cast type');
  return out.trim();
}

const AGGREGATES: AggregateName[] = ['count', 'sum', 'avg', 'max', 'min'];

// ---------------------------------------------------------------- select

function selectList(c: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  if (nested && c.peek() === ')') return items;
  for (;;) {
    c.skipSpaces();
    items.push(selectItem(c));
    c.skipSpaces();
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    break;
  }
  return items;
}

function selectItem(c: Cursor): SelectItem {
  if (c.peek() === '*') {
    c.pos++;
    return { kind: 'star' };
  }
  if (c.startsWith('...')) {
    c.pos += 3;
    const e = embedRest(c, undefined, fieldName(c));
    return { ...e, spread: true };
  }
  // alias?
  const start = c.pos;
  let alias: string | undefined;
  const first = fieldName(c);
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = first;
  } else c.pos = start;

  if (c.startsWith('...')) c.fail('field name (* or [a..z0..9_$])');
  const nameStart = c.pos;
  const name = fieldName(c);
  if (c.peek() === '(' && c.peek(1) === ')' && name === 'count') {
    c.pos += 2;
    const item: SelectItem = { kind: 'count' };
    if (alias !== undefined) item.alias = alias;
    if (c.startsWith('::')) {
      c.pos += 2;
      item.cast = castName(c);
    }
    return item;
  }
  if (c.peek() === '(' || c.peek() === '!') return embedRest(c, alias, name);
  c.pos = nameStart;
  const f = field(c);
  const item: SelectItem = { kind: 'column', field: f };
  if (alias !== undefined) item.alias = alias;
  if (c.startsWith('::')) {
    c.pos += 2;
    item.cast = castName(c);
  }
  if (c.peek() === '.') {
    const save = c.pos;
    c.pos++;
    const agg = /^[a-z]+/.exec(c.s.slice(c.pos))?.[0] ?? '';
    if ((AGGREGATES as string[]).includes(agg) && c.s.startsWith('()', c.pos + agg.length)) {
      c.pos += agg.length + 2;
      item.aggregate = agg as AggregateName;
      if (c.startsWith('::')) {
        c.pos += 2;
        item.aggregateCast = castName(c);
      }
    } else c.pos = save;
  }
  return item;
}

function embedRest(c: Cursor, alias: string | undefined, name: string): SelectItem & { kind: 'embed' } {
  let hint: string | undefined;
  let joinType: 'inner' | 'left' | undefined;
  while (c.peek() === '!') {
    c.pos++;
    const h = fieldName(c);
    if (h === 'inner' || h === 'left') joinType = h;
    else hint = h;
  }
  c.expect('(');
  const select = selectList(c, true);
  c.expect(')', '")"');
  const item: SelectItem & { kind: 'embed' } = { kind: 'embed', name, spread: false, select };
  if (alias !== undefined) item.alias = alias;
  if (hint !== undefined) item.hint = hint;
  if (joinType !== undefined) item.joinType = joinType;
  return item;
}

export function parseSelect(s: string): SelectItem[] {
  if (s.trim() === '') return [{ kind: 'star' }];
  return run('select parameter', s, (c) => selectList(c, false));
}

// ---------------------------------------------------------------- filters

const SIMPLE_OPS: SimpleOp[] = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'isdistinct',
];
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS_OPS: FtsOp[] = ['fts', 'plfts', 'phfts', 'wfts'];

/** `in.(a,"b,c")` list items: comma-separated, double quotes protect commas and parens. */
export function parseList(s: string): string[] {
  const body = s.trim();
  if (!body.startsWith('(') || !body.endsWith(')'))
    throw err.parse(`"failed to parse filter (in.${s})"`, null);
  const inner = body.slice(1, -1);
  if (inner.trim() === '') return [];
  const out: string[] = [];
  let cur = '';
  let inQuotes = false;
  let wasQuoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (inQuotes) {
      if (ch === '\\' && i + 1 < inner.length) cur += inner[++i];
      else if (ch === '"') inQuotes = false;
      else cur += ch;
    } else if (ch === '"' && cur.trim() === '' && !wasQuoted) {
      // a quote opens a quoted value only at its start: `a"b` is the text a"b
      inQuotes = true;
      wasQuoted = true;
      cur = '';
    } else if (ch === ',') {
      out.push(wasQuoted ? cur : cur.trim());
      cur = '';
      wasQuoted = false;
    } else if (!wasQuoted) cur += ch;
  }
  out.push(wasQuoted ? cur : cur.trim());
  return out;
}

/**
 * `[not.]op[(mod)].value` → filter expression, or null when the text is not an operator expression
 * (an RPC argument by GET, or an error on a table).
 */
export function parseOpExpr(v: string, inLogicTree = false): { negated: boolean; expr: OpExpr } | null {
  let negated = false;
  let rest = v;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!m) return null;
  const op = m[1]!;
  const mod = m[2];
  let value = rest.slice(m[0].length);
  if (inLogicTree) value = unquoteTreeValue(value);
  if (op === 'in' && mod === undefined) return { negated, expr: { kind: 'in', values: parseList(value) } };
  if (op === 'is' && mod === undefined) {
    const iv = value.toLowerCase();
    if (iv === 'null' || iv === 'not_null' || iv === 'true' || iv === 'false' || iv === 'unknown')
      return { negated, expr: { kind: 'is', value: iv } };
    throw err.parse(
      `"failed to parse filter (${v})" (line 1, column ${4 + (negated ? 4 : 0)})`,
      'unexpected "' + (value[0] ?? '') + '" expecting null or trilean value (unknown, true, false)',
    );
  }
  if ((FTS_OPS as string[]).includes(op)) {
    const e: OpExpr = { kind: 'fts', op: op as FtsOp, value };
    if (mod !== undefined) e.lang = mod;
    return { negated, expr: e };
  }
  if ((SIMPLE_OPS as string[]).includes(op)) {
    if (mod !== undefined) {
      if (!QUANTIFIABLE.has(op) || (mod !== 'any' && mod !== 'all')) return null;
      return { negated, expr: { kind: 'op', op: op as SimpleOp, quant: mod, value } };
    }
    return { negated, expr: { kind: 'op', op: op as SimpleOp, value } };
  }
  return null;
}

function unquoteTreeValue(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  return t;
}

/** A filter key: `path.to.embed.field->json`. */
export function parseFilterKey(key: string): { path: string[]; field: Field } {
  return run('tree path', key, (c) => {
    const names: string[] = [];
    for (;;) {
      const start = c.pos;
      const name = fieldName(c);
      if (c.peek() === '.') {
        c.pos++;
        names.push(name);
        continue;
      }
      c.pos = start;
      const f = field(c);
      return { path: names, field: f };
    }
  });
}

export function parseFilter(key: string, value: string): { path: string[]; filter: Filter } | null {
  const op = parseOpExpr(value);
  if (!op) return null;
  const { path, field: f } = parseFilterKey(key);
  return { path, filter: { field: f, negated: op.negated, expr: op.expr } };
}

// ---------------------------------------------------------------- logic trees

/** `or=(a.eq.1,and(b.gt.2,c.lt.3))`: `op` is the key's operator ('or', 'and', 'not.or'...). */
export function parseLogicTree(opKey: string, value: string): LogicTree {
  const negated = opKey.startsWith('not.');
  const op = (negated ? opKey.slice(4) : opKey) as 'and' | 'or';
  return run(
    'logic tree',
    value,
    (c) => {
      c.pos = op.length + (negated ? 4 : 0);
      return { kind: 'expr', negated, op, children: logicChildren(c) };
    },
    (negated ? 'not.' : '') + op,
  );
}

function logicChildren(c: Cursor): LogicTree[] {
  c.expect('(', '"("');
  const children: LogicTree[] = [];
  for (;;) {
    c.skipSpaces();
    children.push(logicItem(c));
    c.skipSpaces();
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    c.expect(')', '")"');
    return children;
  }
}

function logicItem(c: Cursor): LogicTree {
  let negated = false;
  if (c.startsWith('not.')) {
    negated = true;
    c.pos += 4;
  }
  for (const op of ['and', 'or'] as const) {
    if (c.startsWith(op)) {
      const save = c.pos;
      c.pos += op.length;
      c.skipSpaces();
      if (c.peek() === '(') return { kind: 'expr', negated, op, children: logicChildren(c) };
      c.pos = save;
    }
  }
  if (!(isNameChar(c.peek()) && c.peek() !== ' ') && c.peek() !== '"' && c.peek() !== '*') {
    c.fail('field name (* or [a..z0..9_$])', 'negation operator (not)', 'logic operator (and, or)');
  }
  const f = field(c);
  c.expect('.', '"."');
  // the value runs to the next top-level ',' or ')' (parens and quotes nest)
  const start = c.pos;
  let depth = 0;
  let inQuotes = false;
  for (;;) {
    const ch = c.peek();
    if (ch === '') break;
    if (inQuotes) {
      if (ch === '\\') c.pos++;
      else if (ch === '"') inQuotes = false;
    } else if (ch === '"') inQuotes = true;
    else if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') {
      if (depth === 0 && ch === ')') break;
      depth--;
    } else if (ch === ',' && depth === 0) break;
    c.pos++;
  }
  const raw = c.s.slice(start, c.pos).trim();
  const op = parseOpExpr(raw, true);
  if (!op) {
    c.pos = start;
    c.fail('operator (eq, gt, ...)');
  }
  return { kind: 'filter', filter: { field: f, negated: negated !== op.negated, expr: op.expr } };
}

// ---------------------------------------------------------------- order

// ---------------------------------------------------------------- order
//
// Written as PostgREST writes it (ApiRequest/QueryParams.hs: pOrder, pField, pFieldName, pJsonPath,
// lexeme), on the Parsec imitation in parsec.ts, so that a bad order fails at PostgREST's column
// with its words: `id.descc` → column 8, unexpected 'c' expecting delimiter (.), "," or end of input.

const ws = P.many(P.oneOf(' \t'));
const lexeme = <T>(p: P.Parser<T>): P.Parser<T> => P.left(P.right(ws, p), ws);
const isDash = P.attempt(P.left(P.char('-'), P.notFollowedBy(P.char('>'))));
const sepByDash = (ident: P.Parser<string>): P.Parser<string> =>
  P.map(P.sepBy1(ident, isDash), (parts) => parts.join('-'));
const pQuotedValue = P.map(
  P.left(P.right(P.char('"'), P.many(P.alt(P.noneOf('\\"'), P.right(P.char('\\'), P.anyChar)))), P.char('"')),
  (cs) => cs.join(''),
);
const pIdentifier = P.map(P.many1(P.alt(P.letter, P.digit, P.oneOf('_ $'))), (cs) => cs.join('').trim());
const pFieldName = P.label(P.alt(pQuotedValue, sepByDash(pIdentifier)), 'field name (* or [a..z0..9_$])');
const pJsonKeyName = P.label(
  P.alt(pQuotedValue, sepByDash(P.map(P.many1(P.noneOf('(-:.,>)')), (cs) => cs.join('').trim()))),
  'any non reserved character different from: .,>()',
);
const pJsonEnd = P.alt(
  P.attempt(P.lookAhead(P.string('->'))),
  P.attempt(P.lookAhead(P.string('::'))),
  P.attempt(P.lookAhead(P.string('.'))),
  P.attempt(P.lookAhead(P.string(','))),
  P.attempt(P.eof),
);
const pJIdx = P.left(
  P.bind(P.option('', P.char('-')), (sign) => P.map(P.many1(P.digit), (ds) => sign + ds.join(''))),
  pJsonEnd,
);
const pJsonOperation = P.bind(
  P.alt(
    P.attempt(P.map(P.string('->>'), () => '->>' as const)),
    P.attempt(P.map(P.string('->'), () => '->' as const)),
  ),
  (arrow): P.Parser<JsonStep> =>
    P.alt(
      P.attempt(P.map(pJIdx, (key): JsonStep => ({ arrow, key, index: true }))),
      P.attempt(P.map(pJsonKeyName, (key): JsonStep => ({ arrow, key, index: false }))),
    ),
);
const pField: P.Parser<Field> = lexeme(
  P.bind(pFieldName, (name) =>
    P.map(P.option<JsonStep[]>([], P.many(pJsonOperation)), (json) => ({ name, json })),
  ),
);
const pDelimiter = P.label(P.char('.'), 'delimiter (.)');
const pOrdDir = P.alt(
  P.attempt(
    P.right(
      pDelimiter,
      P.map(P.string('asc'), () => 'asc' as const),
    ),
  ),
  P.attempt(
    P.right(
      pDelimiter,
      P.map(P.string('desc'), () => 'desc' as const),
    ),
  ),
);
const pNulls = P.alt(
  P.attempt(
    P.right(
      pDelimiter,
      P.map(P.string('nullsfirst'), () => 'first' as const),
    ),
  ),
  P.attempt(
    P.right(
      pDelimiter,
      P.map(P.string('nullslast'), () => 'last' as const),
    ),
  ),
);
const pOrderEnd = P.alt(P.attempt(P.map(P.lookAhead(P.char(',')), () => null)), P.attempt(P.eof));
/** `[.asc|.desc][.nullsfirst|.nullslast]` then the end of the term: `optionMaybe pNulls <* pEnd <|> pEnd $> Nothing` */
const pModifiers = P.bind(P.optionMaybe(pOrdDir), (direction) =>
  P.map(
    P.alt(
      P.left(P.optionMaybe(pNulls), pOrderEnd),
      P.map(pOrderEnd, () => null),
    ),
    (nulls) => {
      const t: Omit<OrderTerm, 'field'> = {};
      if (direction) t.direction = direction;
      if (nulls) t.nulls = nulls;
      return t;
    },
  ),
);
const pOrderTerm: P.Parser<OrderTerm> = P.bind(pField, (field) =>
  P.map(pModifiers, (m) => ({ field, ...m })),
);
const pOrderRelationTerm: P.Parser<OrderTerm> = P.bind(pFieldName, (relation) =>
  P.bind(P.between(P.char('('), P.char(')'), pField), (field) =>
    P.map(pModifiers, (m) => ({ relation, field, ...m })),
  ),
);
const pOrder = P.sepBy1(lexeme(P.alt(P.attempt(pOrderRelationTerm), pOrderTerm)), P.char(','));

/** `order=a.desc.nullslast,clients(name).asc,data->>k` (PostgREST's pOrder). */
export function parseOrder(s: string): OrderTerm[] {
  const r = P.runParser(pOrder, s);
  if (r.ok) return r.value;
  // QueryParams.hs pRequestOrder: the source name is "failed to parse order (<value>)"
  throw err.parse(
    `"failed to parse order (${s})" (line 1, column ${r.error.pos + 1})`,
    P.showErrorMessages(r.error),
  );
}

/** `columns=a,b` and `on_conflict=a,b` */
export function parseColumnList(what: string, s: string): string[] {
  return run(what, s, (c) => {
    const cols: string[] = [];
    for (;;) {
      c.skipSpaces();
      cols.push(fieldName(c).trim());
      c.skipSpaces();
      if (c.peek() === ',') {
        c.pos++;
        continue;
      }
      return cols;
    }
  });
}
