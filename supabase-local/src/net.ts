/**
 * The worker of supabase-local's pg_net stand-in (bootstrap/sql/007_net_vault.sql). `net.http_post`
 * and friends only queue a request in `net.http_request_queue`; this takes what the queue holds —
 * committed requests only, as pg_net's background worker sees them — sends each one, and records the
 * answer (or the error, or the timeout) in `net._http_response`, as pg_net does.
 *
 * Supabase's local stack gives the database its own API as http://api.supabase.internal:8000 (and
 * http://kong:8000); requests to those hosts go to this server's gateway (`apiUrl`). Any other URL
 * is fetched as written.
 *
 * Where the real pg_net is installed (a PostgreSQL server that has it), pg_net sends the requests and
 * this does nothing; where there is no `net.http_request_queue` at all, neither.
 */
import type { Db } from './db/types.ts';

/** The hosts the Supabase CLI gives the database for its own API gateway. */
export const LOCAL_API_HOSTS = ['api.supabase.internal:8000', 'kong:8000'];

export interface NetResponse {
  id: string;
  status_code: number | null;
  timed_out: boolean;
  error_msg: string | null;
}

export interface NetWorkerOptions {
  /** This server's API (`http://127.0.0.1:54321`): where api.supabase.internal:8000 goes. */
  apiUrl?: string;
  /** how often the queue is read (default 500 ms) */
  tickMs?: number;
  /** how many requests one pass takes (pg_net's `pg_net.batch_size`, default 200) */
  batchSize?: number;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

export interface NetWorker {
  /** One pass: sends what is queued now, returns the responses recorded. */
  tick(): Promise<NetResponse[]>;
  /** Passes every `tickMs` until the returned function is called. */
  start(): () => void;
}

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string> | null;
  body: Uint8Array | null;
  timeout_milliseconds: number;
}

/** The URL a queued request really goes to: the local API hosts become `apiUrl`. */
export function targetUrl(url: string, apiUrl: string | undefined): string {
  if (!apiUrl) return url;
  const u = new URL(url);
  if (u.protocol !== 'http:' || !LOCAL_API_HOSTS.includes(u.host)) return url;
  const api = new URL(apiUrl);
  u.protocol = api.protocol;
  u.host = api.host;
  return u.toString();
}

export function createNetWorker(db: Db, options: NetWorkerOptions = {}): NetWorker {
  const log = options.log ?? ((line: string) => console.log(line));
  const doFetch = options.fetch ?? fetch;
  const batchSize = options.batchSize ?? 200;

  // Whether this database has the stand-in (not the real pg_net) is asked once, not on every pass:
  // the bootstrap and the migrations ran before the worker started.
  let standIn: Promise<boolean> | undefined;
  const isStandIn = (): Promise<boolean> =>
    (standIn ??= db
      .query<{ standIn: boolean }>(
        `select to_regclass('net.http_request_queue') is not null
            and not exists (select from pg_catalog.pg_extension where extname = 'pg_net') as "standIn"`,
      )
      .then(({ rows }) => rows[0]?.standIn ?? false)
      .catch((e: unknown) => {
        standIn = undefined; // asked again on the next pass
        throw e;
      }));

  const send = async (req: QueuedRequest): Promise<NetResponse> => {
    const signal = AbortSignal.timeout(Math.max(1, req.timeout_milliseconds));
    let response: Omit<NetResponse, 'id'> & {
      content_type?: string | null;
      headers?: object;
      content?: string;
    };
    try {
      const res = await doFetch(targetUrl(req.url, options.apiUrl), {
        method: req.method,
        headers: req.headers ?? {},
        body: req.method === 'GET' || !req.body ? undefined : Buffer.from(req.body),
        signal,
        redirect: 'manual',
      });
      const content = await res.text();
      response = {
        status_code: res.status,
        content_type: res.headers.get('content-type'),
        headers: Object.fromEntries(res.headers),
        content,
        timed_out: false,
        error_msg: null,
      };
    } catch (e) {
      const timedOut = signal.aborted;
      response = {
        status_code: null,
        timed_out: timedOut,
        error_msg: timedOut
          ? `Timeout of ${req.timeout_milliseconds} ms reached`
          : ((e as Error & { cause?: Error }).cause?.message ?? (e as Error).message),
      };
    }
    await db.query(
      `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        req.id,
        response.status_code,
        response.content_type ?? null,
        response.headers ? JSON.stringify(response.headers) : null,
        response.content ?? null,
        response.timed_out,
        response.error_msg,
      ],
    );
    if (response.error_msg)
      log(`[net] request ${req.id} ${req.method} ${req.url} failed: ${response.error_msg}`);
    return {
      id: req.id,
      status_code: response.status_code,
      timed_out: response.timed_out,
      error_msg: response.error_msg,
    };
  };

  const tick = async (): Promise<NetResponse[]> => {
    if (!(await isStandIn())) return [];
    // Taken off the queue as pg_net's worker does: a request is sent once, whatever its answer.
    const { rows } = await db.query<QueuedRequest>(
      `delete from net.http_request_queue
        where id in (select id from net.http_request_queue order by id limit $1 for update skip locked)
        returning id::text, method, url, headers, body, timeout_milliseconds`,
      [batchSize],
    );
    return Promise.all(rows.map(send));
  };

  const start = () => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void tick()
        .catch((e: Error) => log(`[net] could not read net.http_request_queue: ${e.message}`))
        .finally(() => (busy = false));
    }, options.tickMs ?? 500);
    timer.unref();
    return () => clearInterval(timer);
  };

  return { tick, start };
}
