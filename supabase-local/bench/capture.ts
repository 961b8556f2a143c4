/**
 * The SQL the engine runs for a request, recorded from the engine itself: the REST app runs over a
 * Db that logs every statement of a request's transaction and the round trip it went in (a read:
 * set_config…; main, one round trip; a write: BEGIN; set_config…; main, then COMMIT). Two
 * requests with different ids tell which parameters carry the id; the parameter holding the JSON of
 * the request headers is marked too, so the bare-Node ceiling and pgbench can replay the transaction
 * with any id and no parsing, JWT or planning.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BatchStatement, Db, Queryable, TransactionOptions } from '../src/db/types.ts';
import { REST_CONFIG } from './setup.ts';

export interface ReplayStatement {
  text: string;
  values: unknown[];
  /** parameter indexes holding the request's id */
  idSlots: number[];
  /** parameter index holding JSON.stringify(request headers), or null */
  headersSlot: number | null;
  /** the round trip (0, 1, …) it goes in: statements of one trip go together, with one Sync */
  trip: number;
  /** a named prepared statement in the engine */
  prepare: boolean;
}

export interface ReplaySpec {
  shape: string;
  /** path prefix the bare server routes on, e.g. '/artist' */
  prefix: string;
  /** ids are random in 1..idMax */
  idMax: number;
  statements: ReplayStatement[];
  /** the headers the capture request sent (for pgbench's constant request.headers) */
  sampleHeaders: string;
}

interface Logged {
  text: string;
  values: unknown[];
  trip: number;
  prepare: boolean;
}

/** Logs each statement with its round trip, as src/db/postgres.ts sends them. */
function recordingDb(db: Db, log: Logged[]): Db {
  const trip = (statements: BatchStatement[]) => {
    const n = log.length ? log[log.length - 1]!.trip + 1 : 0;
    for (const s of statements) log.push({ text: s.text, values: s.values, trip: n, prepare: !!s.prepare });
  };
  const BEGIN = { text: 'BEGIN', values: [] };
  const rec = (q: Queryable, begun: { yes: boolean }): Queryable => ({
    query: (text, values) => {
      trip([...(begun.yes ? [] : [BEGIN]), { text, values: values ?? [] }]);
      begun.yes = true;
      return q.query(text, values);
    },
    batch: (statements) => {
      trip([...(begun.yes ? [] : [BEGIN]), ...statements]);
      begun.yes = true;
      return q.batch(statements);
    },
  });
  return {
    kind: db.kind,
    query: (text, values) => db.query(text, values), // schema cache reads: not part of a request
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
      const begun = { yes: false };
      const out = await db.transaction(async (tx) => fn(rec(tx, begun)), options);
      if (begun.yes) trip([{ text: options?.rollback ? 'ROLLBACK' : 'COMMIT', values: [] }]);
      return out;
    },
    async batch(statements, options) {
      trip(options?.rollback ? [BEGIN, ...statements, { text: 'ROLLBACK', values: [] }] : statements);
      return db.batch(statements, options);
    },
    exec: (s) => db.exec(s),
    listen: (c, f) => db.listen(c, f),
    close: () => db.close(),
  };
}

const CAPTURES: { shape: string; prefix: string; idMax: number; path: (id: number) => string }[] = [
  { shape: 'GETSingle', prefix: '/artist', idMax: 275, path: (id) => `/artist?select=*&artist_id=eq.${id}` },
  {
    shape: 'GETSingleEmbed',
    prefix: '/album',
    idMax: 347,
    path: (id) => `/album?select=*,track(*,genre(*))&artist_id=eq.${id}`,
  },
];

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function captureSpecs(db: Db): Promise<ReplaySpec[]> {
  const { createRestApp } = await import('../src/rest/index.ts');
  const log: Logged[] = [];
  const app = await createRestApp(recordingDb(db, log), REST_CONFIG);
  let lastHeaders = '';
  const server = http.createServer((req, res) => {
    lastHeaders = JSON.stringify(req.headers);
    void app.handle(req, res, req.url ?? '/');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const specs: ReplaySpec[] = [];
  try {
    for (const c of CAPTURES) {
      const runs: Logged[][] = [];
      for (const id of [17, 42]) {
        await get(port, c.path(id)); // first request of a shape loads caches; record the second
        log.length = 0;
        const r = await get(port, c.path(id));
        if (r.status !== 200) throw new Error(`capture ${c.shape}: HTTP ${r.status} ${r.body.slice(0, 300)}`);
        runs.push(log.splice(0));
      }
      const [a, b] = runs as [Logged[], Logged[]];
      if (a.length !== b.length || a.some((s, i) => s.text !== b[i]!.text)) {
        throw new Error(`capture ${c.shape}: the two requests ran different statements`);
      }
      const statements = a.map((s, i): ReplayStatement => {
        const other = b[i]!;
        const idSlots: number[] = [];
        let headersSlot: number | null = null;
        s.values.forEach((v, k) => {
          if (JSON.stringify(v) !== JSON.stringify(other.values[k])) {
            if (String(v) !== '17' || String(other.values[k]) !== '42') {
              throw new Error(
                `capture ${c.shape}: parameter $${k + 1} differs between requests but is not the id (${String(v)} / ${String(other.values[k])})`,
              );
            }
            idSlots.push(k);
          } else if (typeof v === 'string' && v.startsWith('{') && /"host":/.test(v)) {
            headersSlot = k;
          }
        });
        return { text: s.text, values: s.values, idSlots, headersSlot, trip: s.trip, prepare: s.prepare };
      });
      specs.push({
        shape: c.shape,
        prefix: c.prefix,
        idMax: c.idMax,
        statements,
        sampleHeaders: lastHeaders,
      });
    }
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
    await app.close();
  }
  return specs;
}

/** A SQL literal for pgbench (standard_conforming_strings is on). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return `'${s.replace(/'/g, "''")}'`;
}

/** Replace $n outside quoted literals/identifiers. */
function inline(text: string, render: (index: number) => string): string {
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (m, n: string | undefined) =>
    n === undefined ? m : render(Number(n) - 1),
  );
}

/**
 * The same transaction as a pgbench custom script; ids from `\set rid random(1, idMax)`. A round trip
 * of several statements is a \startpipeline … \endpipeline (one Sync, as the engine sends it; needs
 * -M extended or prepared). `pipelined`: the whole transaction in one pipeline.
 */
export function pgbenchScript(spec: ReplaySpec, pipelined = false): string {
  const lines = [
    `-- ${spec.shape}: the statements supabase-local's REST engine runs, recorded from the engine`,
    `\\set rid random(1, ${spec.idMax})`,
  ];
  const trips = pipelined ? [spec.statements] : groupByTrip(spec.statements);
  for (const trip of trips) {
    if (trip.length > 1) lines.push('\\startpipeline');
    for (const s of trip) {
      const text = inline(s.text, (i) => {
        if (s.idSlots.includes(i)) return ':rid';
        if (i === s.headersSlot) return literal(spec.sampleHeaders);
        return literal(s.values[i]);
      });
      lines.push(text.replace(/\s*;?\s*$/, '') + ';');
    }
    if (trip.length > 1) lines.push('\\endpipeline');
  }
  return lines.join('\n') + '\n';
}

/** The statements of each round trip, in order. */
export function groupByTrip(statements: ReplayStatement[]): ReplayStatement[][] {
  const trips: ReplayStatement[][] = [];
  for (const s of statements) {
    const last = trips[trips.length - 1];
    if (last && last[0]!.trip === s.trip) last.push(s);
    else trips.push([s]);
  }
  return trips;
}

/** Whether a script needs the extended protocol (pgbench refuses pipelines with -M simple). */
export function hasPipeline(script: string): boolean {
  return script.includes('\\startpipeline');
}
