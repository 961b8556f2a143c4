/**
 * Malformed and hostile input against supabase-local's REST layer over HTTP: a deterministic (seeded)
 * fuzz of query strings, headers and bodies (the named hostile cases are in rest-hostile.test.ts).
 * Every answer must be below 500 — a 4xx in PostgREST's error shape ({code, details, hint, message}, JSON) or a 2xx — the server must
 * answer every request and stay up, and the data must be intact afterwards (the read-only tables keep
 * their rows and checksums, the canary table still exists). Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 *
 * FUZZ_SEED and FUZZ_COUNT override the seed and the number of random requests.
 */
import { expect, it } from 'vitest';
import {
  FUZZ_SQL,
  deepJson,
  enc,
  expectStillIntact,
  fuzzKeys,
  recordState,
  runAll,
  type FuzzRequest,
  type Keys,
} from './support/rest-fuzz-target.ts';
import { useRestHarness } from './support/rest-harness.ts';
import {
  TABLES,
  RPCS,
  COLUMNS,
  CASTS,
  OPS,
  HOSTILE,
  PLAIN,
  ACCEPTS,
  CONTENT_TYPES,
  PREFER_TOKENS,
  RANGES,
  PROFILES,
  METHODS,
} from './support/rest-fuzz-vocabulary.ts';
import { forEachDbKind } from '../src/testing/test-db.ts';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261122);
const COUNT = Number(process.env['FUZZ_COUNT'] ?? 3000);

// ---------------------------------------------------------------------------------------------------
// deterministic randomness

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  times<T>(lo: number, hi: number, f: () => T): T[] {
    return Array.from({ length: this.int(lo, hi) }, f);
  }
}

// ---------------------------------------------------------------------------------------------------
// request generation

/** Percent-encodes what may not appear raw in a request line (llhttp accepts 0x21-0x7e only). */
function wirePath(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    out += c < 0x21 || c > 0x7e ? enc(ch) : ch;
  }
  return out;
}

/** Header values may carry HTAB, visible ASCII and 0x80-0xff only. */
function wireHeader(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    out += c === 9 || (c >= 0x20 && c <= 0x7e) || (c >= 0x80 && c <= 0xff) ? ch : enc(ch);
  }
  return out;
}

function maybeEncode(r: Rng, s: string): string {
  const mode = r.int(0, 9);
  if (mode < 6) return enc(s);
  if (mode < 8) return s; // raw (wirePath escapes only what may not appear raw)
  return s.replace(/[&#]/g, (c) => enc(c)); // half-encoded
}

/**
 * Half of the requests are well-formed (real columns, real operators, no junk parameters) with hostile
 * values, so they reach the database as parameters; the other half is free-form.
 */
let sane = false;
const SANE_COLUMNS = [
  'id',
  'name',
  'price',
  'qty',
  'active',
  'tags',
  'data',
  'created',
  'uid',
  'search',
  '"weird col"',
  'data->a',
  'data->>b',
  'data->c->0',
];
const SANE_OPS = [
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
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'not.eq',
  'not.in',
  'eq(any)',
  'like(all)',
  'fts(english)',
];

function op(r: Rng): string {
  return r.pick(sane ? SANE_OPS : OPS);
}

function value(r: Rng): string {
  return r.chance(0.3) ? r.pick(HOSTILE) : r.pick(PLAIN);
}

function column(r: Rng): string {
  if (sane) return r.pick(SANE_COLUMNS);
  if (r.chance(0.05)) return r.pick(HOSTILE);
  let c = r.pick(COLUMNS);
  if (r.chance(0.1)) c = `${r.pick(['children', 'items', 'nope'])}.${c}`;
  return c;
}

function selectItem(r: Rng, depth: number): string {
  const kind = sane ? r.pick([0, 1, 3, 4, 5, 11]) : r.int(0, 11);
  switch (kind) {
    case 0:
    case 1:
    case 2:
      return column(r);
    case 3:
      return `${r.pick(['a', 'x_y', 'Δ', '"al ias"', ...(sane ? [] : [''])])}:${column(r)}`;
    case 4:
      return `${column(r)}::${r.pick(sane ? CASTS.slice(0, 7) : CASTS)}`;
    case 5:
    case 6: {
      const rel = sane
        ? 'children'
        : r.pick(['children', 'items', 'canary', 'fuzz_writes', 'nope', 'items_view']);
      const hint = r.chance(0.3)
        ? r.pick(
            sane
              ? ['!inner', '!left', '!children_item_id_fkey']
              : ['!inner', '!left', '!children_item_id_fkey', '!nope', '!inner!inner', '!'],
          )
        : '';
      const inner =
        depth > 0 ? r.times(1, 3, () => selectItem(r, depth - 1)).join(',') : r.pick(['*', 'id', '']);
      const alias = r.chance(0.3) ? `${r.pick(['c', 'kids', 'p'])}:` : '';
      return `${alias}${rel}${hint}(${inner})`;
    }
    case 7:
      return `...${r.pick(['items', 'children', 'nope'])}(${depth > 0 ? selectItem(r, depth - 1) : '*'})`;
    case 8:
      return `${r.pick(['id', 'price', 'qty', 'nope', ''])}.${r.pick(['count', 'sum', 'avg', 'max', 'min', 'nope', 'count(', 'count)'])}()`;
    case 9:
      return 'count()';
    case 10:
      return r.pick(HOSTILE);
    default:
      return sane
        ? `data->${r.pick(['a', 'b', 'c', '>b'])}`
        : `${column(r)}->${r.pick(['a', "'a'", '0', '-1', '>b', 'a->>b'])}`;
  }
}

/** Deep or wide embeddings (the caps: 4 levels, 16 resources): a chain, a fan, or a tree of both. */
function hostileEmbedding(r: Rng): string {
  const rel = (level: number) => (level % 2 === 0 ? 'children' : 'items');
  switch (r.int(0, 2)) {
    case 0: {
      let s = 'id';
      for (let level = r.int(2, 40); level >= 1; level--) s = `id,${rel(level - 1)}(${s})`;
      return s;
    }
    case 1:
      return `id,${Array.from({ length: r.int(8, 40) }, (_, i) => `e${i}:children(id)`).join(',')}`;
    default: {
      const tree = (level: number, depth: number): string =>
        depth === 0
          ? 'id'
          : `id,${Array.from({ length: r.int(1, 4) }, (_, i) => `${rel(level)}${i}:${rel(level)}(${tree(level + 1, depth - 1)})`).join(',')}`;
      return tree(0, r.int(2, 5));
    }
  }
}

function logicTree(r: Rng, depth: number): string {
  const conds = r.times(1, 4, () => {
    if (depth > 0 && r.chance(0.35))
      return `${r.pick(sane ? ['and', 'or', 'not.and', 'not.or'] : ['and', 'or', 'not.and', 'not.or', 'nope'])}${logicTree(r, depth - 1)}`;
    const v = value(r);
    return `${column(r)}.${op(r)}.${sane ? `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"` : v.replace(/[,()]/g, (c) => (r.chance(0.5) ? c : `"${c}"`))}`;
  });
  const open = sane || r.chance(0.95) ? '(' : '';
  const close = sane || r.chance(0.95) ? ')' : '';
  return `${open}${conds.join(sane || r.chance(0.97) ? ',' : ';')}${close}`;
}

function queryString(r: Rng, rpc: boolean): string {
  const params: string[] = [];
  const n = r.int(0, 5);
  for (let i = 0; i < n; i++) {
    switch (sane ? r.pick([0, 1, 2, 3, 4, 5, 6, 7, 9]) : r.int(0, 11)) {
      case 0:
      case 1:
        params.push(
          `select=${maybeEncode(r, r.chance(0.05) ? hostileEmbedding(r) : r.times(1, 4, () => selectItem(r, r.int(0, 3))).join(','))}`,
        );
        break;
      case 2:
      case 3:
      case 4:
        params.push(`${maybeEncode(r, column(r))}=${maybeEncode(r, `${op(r)}.${value(r)}`)}`);
        break;
      case 5:
        params.push(
          `${r.pick(sane ? ['or', 'and', 'not.or'] : ['or', 'and', 'not.or', 'children.or', 'nope.and'])}=${maybeEncode(r, logicTree(r, r.int(0, 4)))}`,
        );
        break;
      case 6:
        params.push(
          `${r.pick(['order', 'children.order', 'nope.order'])}=${maybeEncode(
            r,
            r
              .times(
                1,
                3,
                () =>
                  `${column(r)}${r.pick(sane ? ['', '.asc', '.desc', '.asc.nullsfirst', '.desc.nullslast'] : ['', '.asc', '.desc', '.asc.nullsfirst', '.desc.nullslast', '.nope', '.asc.desc', '.'])}`,
              )
              .join(','),
          )}`,
        );
        break;
      case 7:
        params.push(
          `${r.pick(['limit', 'offset', 'children.limit', 'children.offset'])}=${maybeEncode(r, r.pick(sane ? ['0', '1', '10', '3', '2147483647'] : ['0', '1', '10', '-1', '99999999999999999999', '1e3', 'abc', '', '2147483648', ' 5']))}`,
        );
        break;
      case 8:
        params.push(
          `${r.pick(['columns', 'on_conflict'])}=${maybeEncode(r, r.times(1, 3, () => column(r)).join(','))}`,
        );
        break;
      case 9:
        if (rpc || sane)
          params.push(
            `${maybeEncode(r, r.pick(['x', 'a', 'b', 'min_price', 'payload', 'name', 'n', 'nope', '"y);drop table canary;--"']))}=${maybeEncode(r, value(r))}`,
          );
        else
          params.push(
            r.pick(['&&', '=', '==', 'a==b', '?', '%', 'select', 'select=', 'order=', '&select=*&select=id']),
          );
        break;
      default:
        params.push(`${maybeEncode(r, r.pick(HOSTILE))}=${maybeEncode(r, value(r))}`);
    }
  }
  return params.join('&');
}

function jsonValue(r: Rng, depth: number): unknown {
  switch (r.int(0, 8)) {
    case 0:
      return r.int(-5, 100);
    case 1:
      return r.pick(HOSTILE);
    case 2:
      return null;
    case 3:
      return r.chance(0.5);
    case 4:
      return r.pick([1e308, -1e308, 1e20, 0.1, -0, 2147483648]);
    case 5:
      return depth > 0 ? r.times(0, 3, () => jsonValue(r, depth - 1)) : [];
    case 6:
      return depth > 0
        ? Object.fromEntries(
            r.times(0, 3, () => [r.pick(['a', 'b', 'name', 'n', 'id']), jsonValue(r, depth - 1)]),
          )
        : {};
    default:
      return r.pick(PLAIN);
  }
}

function body(r: Rng): string | undefined {
  const kind = r.int(0, 13);
  const keys = [
    'id',
    'name',
    'n',
    'data',
    'tags',
    'item_id',
    'price',
    'note',
    'nope',
    'x',
    'a',
    'b',
    'min_price',
    'payload',
    '"weird col"',
    '',
  ];
  const obj = () => Object.fromEntries(r.times(0, 5, () => [r.pick(keys), jsonValue(r, 2)]));
  switch (kind) {
    case 0:
    case 1:
    case 2:
      return JSON.stringify(obj());
    case 3:
      return JSON.stringify(r.times(0, 4, obj));
    case 4:
      return JSON.stringify({
        name: `fuzz ${r.int(0, 1e6)}`,
        n: r.int(0, 9),
        data: jsonValue(r, 3),
        tags: r.chance(0.5) ? ['a', 'b'] : r.pick(HOSTILE),
      });
    case 5:
      return r.pick([
        '{',
        '{"name": ',
        '}{',
        '[1,2',
        '"unterminated',
        'nul\u0000l',
        '{"a":1,}',
        "{'a':1}",
        '[{"a":1},{"b":2}]',
        '[1,2]',
        '42',
        '"text"',
        'null',
        'true',
        '',
        ' ',
        '\u00ff\u00fe',
      ]);
    case 6:
      return deepJson(r.int(10, 2000), '[', ']');
    case 7:
      // (deeper JSON is in the named cases: past a few thousand levels it is a known 5xx)
      return `{"name":"deep","data":${deepJson(r.int(10, 2000), '{"a":', '}')}}`;
    case 8:
      return `id,name\n${r.pick(['1,a', '"x,y', '1,2,3', 'NULL,NULL', '', '\u0000,x'])}\n`;
    case 9:
      return `${r.pick(['name', 'x', 'n', '%zz', ''])}=${enc(value(r))}&${r.pick(['n', 'a', 'b'])}=${r.pick(['1', 'x', '%'])}`;
    case 10:
      return JSON.stringify({ name: 'x'.repeat(r.int(100, 50_000)), n: 1 });
    case 11:
      return JSON.stringify({ [r.pick(HOSTILE)]: 1 });
    default:
      return undefined;
  }
}

function authorization(r: Rng, keys: Keys): Record<string, string> {
  // mostly valid credentials, so most requests get past the JWT to the parser, planner and database
  if (r.chance(0.8)) {
    const valid: Record<string, string>[] = [
      {},
      { apikey: keys.anon },
      { apikey: keys.anon },
      { apikey: keys.anon, Authorization: `Bearer ${keys.user}` },
      { Authorization: `Bearer ${keys.service}` },
    ];
    return r.pick(valid);
  }
  switch (r.int(0, 16)) {
    case 0:
      return {};
    case 1:
    case 2:
      return { apikey: keys.anon };
    case 3:
      return { apikey: keys.anon, Authorization: `Bearer ${keys.user}` };
    case 4:
      return { Authorization: `Bearer ${keys.service}` };
    case 5:
      return { Authorization: `Bearer ${keys.anon}` };
    case 6:
      return {
        Authorization: r.pick([
          'Bearer',
          'Bearer ',
          'Basic dXNlcjpwYXNz',
          'bearer x',
          'Bearer a.b',
          'Bearer a.b.c',
          'Bearer ...',
          'Bearer a.b.c.d',
          '',
        ]),
      };
    case 7:
      return { Authorization: `Bearer ${keys.wrongSecret}` };
    case 8:
      return { Authorization: `Bearer ${keys.expired}` };
    case 9:
      return { Authorization: `Bearer ${keys.algNone}` };
    case 10:
      return { Authorization: `Bearer ${keys.unknownRole}` };
    case 11:
      return { Authorization: `Bearer ${keys.numericRole}` };
    case 12:
      return { Authorization: `Bearer ${keys.user.slice(0, -r.int(1, 20))}` };
    case 13:
      return { Authorization: `Bearer ${keys.user}${r.pick(['x', '.', '=', '%00'])}` };
    case 14:
      return { apikey: r.pick(['', 'garbage', keys.wrongSecret, keys.anon.toUpperCase()]) };
    case 15:
      return {
        Authorization: `Bearer ${Buffer.from(r.pick(HOSTILE)).toString('base64url')}.${Buffer.from('{}').toString('base64url')}.x`,
      };
    default:
      return { Authorization: `Bearer ${keys.nbfFuture}` };
  }
}

function preferHeader(r: Rng): string | string[] {
  const tokens = r.times(1, 4, () => r.pick(PREFER_TOKENS));
  return r.chance(0.2) ? tokens : tokens.join(r.pick([', ', ',', ';', ' ']));
}

function randomRequest(r: Rng, keys: Keys): FuzzRequest {
  const totalWeight = METHODS.reduce((s, [, w]) => s + w, 0);
  let pickW = r.float() * totalWeight;
  let method = 'GET';
  for (const [m, w] of METHODS) {
    if ((pickW -= w) < 0) {
      method = m;
      break;
    }
  }
  sane = r.chance(0.5);
  const rpc = r.chance(0.25);
  let target: string;
  if (rpc) target = `/rpc/${maybeEncode(r, r.pick(sane ? RPCS.slice(0, 6) : RPCS))}`;
  else if (sane) target = `/${r.pick(['items', 'items', 'children', 'fuzz_writes', 'items_view', 'canary'])}`;
  else if (r.chance(0.06))
    target = r.pick([
      '/',
      '',
      '/rpc',
      '/rpc/',
      '/items/1',
      '/a/b/c',
      '//items',
      '/%69tems',
      '/items%00',
      '/%2e%2e/items',
      '/items%2Fchildren',
      '/\u00e9',
      '/%',
    ]);
  else target = `/${maybeEncode(r, r.pick(TABLES))}`;
  const qs = queryString(r, rpc);
  const headers: Record<string, string | string[]> = { ...authorization(r, keys) };
  if (r.chance(0.35)) headers['Prefer'] = preferHeader(r);
  if (r.chance(sane ? 0.05 : 0.2)) headers['Accept'] = r.pick(ACCEPTS);
  if (r.chance(0.12)) headers['Range'] = r.pick(RANGES);
  if (!sane && r.chance(0.05)) headers[r.pick(['Accept-Profile', 'Content-Profile'])] = r.pick(PROFILES);
  if (r.chance(0.05)) headers['X-Fuzz'] = r.pick(HOSTILE);
  if (r.chance(0.03)) headers['Cookie'] = `a=${r.pick(HOSTILE)}; ;=;b`;
  let b: string | undefined;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
    b = body(r);
    headers['Content-Type'] = sane || r.chance(0.75) ? 'application/json' : r.pick(CONTENT_TYPES);
  } else if (r.chance(0.03)) {
    b = body(r); // a body on GET is ignored
  }
  for (const k of Object.keys(headers)) {
    const v = headers[k]!;
    headers[k] = Array.isArray(v) ? v.map(wireHeader) : wireHeader(v);
  }
  return {
    method,
    path: wirePath(qs ? `${target}?${qs}` : target),
    headers,
    ...(b !== undefined ? { body: b } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------

forEachDbKind('REST fuzz', (backend) => {
  const harness = useRestHarness(backend, { sql: FUZZ_SQL });
  let keys: Keys;
  let before: Record<string, unknown>;

  it('records the state of the read-only tables', async () => {
    const h = harness();
    keys = await fuzzKeys(h);
    before = await recordState(h);
  });

  it(`${COUNT} random requests (seed ${SEED}): every answer < 500 in PostgREST error shape`, async () => {
    const h = harness();
    const r = new Rng(SEED);
    const reqs = Array.from({ length: COUNT }, () => randomRequest(r, keys));
    const started = h.requestCount();
    const t0 = Date.now();
    const { failures, refused, histogram } = await runAll(h, reqs, 6);
    const ms = Date.now() - t0;
    const top = Object.entries(histogram)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    process.stderr.write(
      `[rest-fuzz] ${backend}: ${COUNT} requests (seed ${SEED}) in ${ms} ms, ${failures.length} failures, ${refused} not sendable\n[rest-fuzz] answers: ${top}\n`,
    );
    expect(refused).toBeLessThan(COUNT * 0.01);
    expect(h.requestCount() - started).toBe(COUNT - refused);
    expect(failures.slice(0, 25)).toEqual([]);
  }, 180_000);

  it('afterwards: the server still answers and the data is intact', async () => {
    await expectStillIntact(harness(), before);
  });
});
