/**
 * The benchmark's server process (a child of bench/run.ts, so the load generator has its own event
 * loop). Modes:
 *   rest  — supabase-local's REST engine on node:http, over PostgreSQL (BENCH_DATABASE_URL) or an
 *           in-memory PGlite loaded with chinook.sql (BENCH_DB=pglite)
 *   bare  — the ceiling: node:http + node-postgres replaying the engine's recorded transaction
 *           (BENCH_REPLAY = JSON file of ReplaySpec[]) with no parsing, JWT or planning, in the
 *           engine's round trips (a trip of several statements with one Sync: src/db/pg-batch.ts)
 *           and with its prepared statements; variants that measure what the engine could gain:
 *             BENCH_PIPELINE=1  the whole transaction in one round trip
 *             BENCH_PREPARED=1  every statement with parameters named (server-side prepared)
 * BENCH_REST_CONFIG (JSON) replaces the REST engine's configuration (bench:catalog passes the store's,
 * as `serve` reads it from config.toml). Tells the parent its port over IPC; exits (writing --cpu-prof profiles) on the 'stop' message.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sendBatch } from '../src/db/pg-batch.ts';
import { groupByTrip, type ReplaySpec } from './capture.ts';
import { openPgliteDb, openPostgresDb, POOL_SIZE, REST_CONFIG } from './setup.ts';

const t0 = performance.now();
const mode = process.env['BENCH_MODE'] ?? 'rest';
const stages: Record<string, number> = {};
const mark = (name: string) => (stages[name] = Math.round(performance.now() - t0));

async function restServer(): Promise<{ server: http.Server; close: () => Promise<void> }> {
  const { createRestApp } = await import('../src/rest/index.ts');
  mark('imports');
  const db =
    process.env['BENCH_DB'] === 'pglite'
      ? await openPgliteDb()
      : await openPostgresDb(process.env['BENCH_DATABASE_URL']!);
  mark('db');
  const config = process.env['BENCH_REST_CONFIG']
    ? (JSON.parse(process.env['BENCH_REST_CONFIG']) as typeof REST_CONFIG)
    : REST_CONFIG;
  const app = await createRestApp(db, config);
  const server = http.createServer((req, res) => {
    app.handle(req, res, req.url ?? '/').catch((e: unknown) => {
      console.error('[bench server] handle rejected', e);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  return {
    server,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

function bareServer(): { server: http.Server; close: () => Promise<void> } {
  const specs = JSON.parse(readFileSync(process.env['BENCH_REPLAY']!, 'utf8')) as ReplaySpec[];
  const pipeline = process.env['BENCH_PIPELINE'] === '1';
  const prepared = process.env['BENCH_PREPARED'] === '1';
  const pool = new pg.Pool({ connectionString: process.env['BENCH_DATABASE_URL']!, max: POOL_SIZE });
  const valuesFor = (s: ReplaySpec['statements'][number], id: string, req: http.IncomingMessage) => {
    if (!s.idSlots.length && s.headersSlot === null) return s.values;
    const values = s.values.slice();
    for (const i of s.idSlots) values[i] = id;
    if (s.headersSlot !== null) values[s.headersSlot] = JSON.stringify(req.headers);
    return values;
  };
  const bodyOf = (r: { rows: unknown[] }) => {
    const row = r.rows[0] as Record<string, unknown> | undefined;
    return row && 'body' in row ? String(row['body']) : null;
  };
  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const spec = specs.find((s) => url.startsWith(s.prefix));
    if (!spec) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const id = url.slice(url.lastIndexOf('eq.') + 3);
    const client = await pool.connect();
    let body = '';
    try {
      for (const trip of pipeline ? [spec.statements] : groupByTrip(spec.statements)) {
        const statements = trip.map((s) => {
          const values = valuesFor(s, id, req);
          return { text: s.text, values, prepare: s.prepare || (prepared && values.length > 0) };
        });
        const results =
          statements.length === 1 && !statements[0]!.prepare
            ? [await client.query(statements[0]!)]
            : await sendBatch(client, statements, pg.types);
        for (const r of results) body = bodyOf(r) ?? body;
      }
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
      res.statusCode = 500;
      res.end(String(e));
      return;
    }
    client.release();
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  }
  const server = http.createServer((req, res) => void serve(req, res));
  return { server, close: () => pool.end() };
}

async function main(): Promise<void> {
  const { server, close } = mode === 'bare' ? bareServer() : await restServer();
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(Number(process.env['BENCH_PORT'] ?? 0), '127.0.0.1', r));
  mark('listening');
  const port = (server.address() as AddressInfo).port;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await close().catch(() => {});
    process.exit(0); // a normal exit: --cpu-prof writes its profile
  };
  process.on('message', (m) => {
    if (m === 'stop') void stop();
  });
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  process.send?.({ type: 'listening', port, stages });
}

main().catch((e: unknown) => {
  console.error('[bench server] failed to start', e);
  process.exit(1);
});
