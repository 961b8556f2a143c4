/**
 * The PostgREST-compatible REST engine, in PostgREST's stages: parse (the HTTP request → one
 * ApiRequest value: parse/request.ts) → plan (ApiRequest + schema cache → ActionPlan: plan/action.ts)
 * → sql (ActionPlan → statements: sql/) → execute (one transaction with the JWT's role: execute.ts)
 * → respond (respond.ts). One engine serves the store (/rest/v1) and the conformance suite.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../db/types.ts';
import { BodyTooLargeError, readBody } from '../http/body.ts';
import { ApiError } from './errors.ts';
import { execute } from './execute.ts';
import { JwtVerifier } from './jwt.ts';
import { MAX_BODY, parse, RequestError, type ApiRequest } from './parse/request.ts';
import type { QueryParams } from './parse/types.ts';
import { planRequest } from './plan/action.ts';
import type { ActionPlan } from './plan/types.ts';
import { buildResponse, corsHeaders, respond, respondFailure, respondWithoutDb } from './respond.ts';
import { SchemaCache } from './schema-cache.ts';
import { statementFor, type Statement } from './sql/statement.ts';
import type { RestApp, RestConfig } from './types.ts';

/** The body, or PostgREST's 413 (PGRST102) past MAX_BODY (the one reader: http/body.ts). */
async function readRestBody(req: IncomingMessage): Promise<Buffer> {
  try {
    return await readBody(req, { limit: MAX_BODY });
  } catch (e) {
    if (!(e instanceof BodyTooLargeError)) throw e;
    throw new ApiError(413, 'PGRST102', `Request body larger than ${MAX_BODY / 1024 / 1024} MB`, null, null, {
      Connection: 'close',
    });
  }
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

interface Planned {
  plan: ActionPlan;
  stmt: Statement;
}

/** A request header as sent, repeated ones joined with NUL (which no header value can hold). */
function rawHeader(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return v === undefined ? '' : Array.isArray(v) ? v.join('\u0000') : v;
}

/**
 * Bodiless requests that look alike share a plan and its statement. The key is the request's
 * schema, method and target with the headers its Accept, Prefer and Range values were parsed from
 * (as sent: cheaper than serializing the parsed values, and each of them a function of those).
 */
function planCacheKey(r: ApiRequest, req: IncomingMessage): string | null {
  if (r.body !== null) return null;
  return `${r.schema}\u0000${r.method}\u0000${r.rawTarget}\u0000${rawHeader(req, 'accept')}\u0000${rawHeader(req, 'prefer')}\u0000${r.method === 'GET' ? rawHeader(req, 'range') : ''}`;
}

export async function createRestApp(db: Db, config: RestConfig): Promise<RestApp> {
  const jwt = new JwtVerifier(config);
  let cache: Promise<SchemaCache> | null = null;
  const plans = new Map<string, Planned>();
  const queryCache = new Map<string, QueryParams>();
  const schemaCache = () => (cache ??= SchemaCache.load(db, config.dbSchemas));
  // sync or async: rest/jwt.ts is being moved to jose
  const authenticate = (authorization: string | undefined) => jwt.authenticate(authorization);

  function planned(sc: SchemaCache, request: ApiRequest, req: IncomingMessage): Planned {
    const key = planCacheKey(request, req);
    const hit = key === null ? undefined : plans.get(key);
    if (hit) return hit;
    const plan = planRequest(sc, request, config);
    const entry = { plan, stmt: statementFor(plan) };
    if (key !== null) {
      if (plans.size > 1000) plans.clear();
      plans.set(key, entry);
    }
    return entry;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
    const timing = serverTiming(config.serverTimingEnabled ?? false);
    const cors = corsHeaders(config, headerValue(req, 'origin'));
    const http = { method: req.method ?? 'GET', target, headers: req.headers, body: () => readRestBody(req) };
    let request: ApiRequest | undefined;
    try {
      const parsed = await parse(http, { config, schemaCache, authenticate, mark: timing.mark, queryCache });
      if (parsed.kind !== 'db') return respondWithoutDb(req, res, parsed, config, cors);
      request = parsed;
      const sc = await schemaCache();
      const { plan, stmt } = planned(sc, request, req);
      timing.mark('plan');
      const result = await execute(db, config, plan, stmt, request, sc);
      timing.mark('transaction');
      const extra = {
        cors,
        schema: request.schema,
        config,
        timing: timing.header(),
        trace: traceHeader(req),
      };
      respond(res, ...buildResponse(plan, result, extra));
    } catch (e) {
      const failure =
        e instanceof RequestError
          ? e
          : new RequestError(e, request?.schema ?? config.dbSchemas[0]!, request?.auth ?? null);
      respondFailure(res, failure, config, cors);
    }
  }

  function traceHeader(r: IncomingMessage): Record<string, string> {
    const name = config.serverTraceHeader;
    if (!name) return NO_HEADERS;
    const v = headerValue(r, name.toLowerCase());
    return v === undefined ? NO_HEADERS : { [name]: v };
  }

  return {
    handle,
    async reloadSchema() {
      const next = SchemaCache.load(db, config.dbSchemas);
      await next;
      cache = next;
      plans.clear();
    },
    async close() {
      plans.clear();
    },
  };
}

interface Timing {
  mark(name: string): void;
  header(): Record<string, string>;
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;
/** server-timing-enabled off (the default): nothing to measure, nothing to allocate per request */
const NO_TIMING: Timing = { mark: () => {}, header: () => NO_HEADERS };

/** Server-Timing (server-timing-enabled): the duration of each stage, marked as it ends. */
function serverTiming(enabled: boolean): Timing {
  if (!enabled) return NO_TIMING;
  const started = process.hrtime.bigint();
  const marks: [string, bigint][] = [];
  return {
    mark: (name) => {
      marks.push([name, process.hrtime.bigint()]);
    },
    header(): Record<string, string> {
      let prev = started;
      const parts = marks.map(([name, t]) => {
        const d = Number(t - prev) / 1e6;
        prev = t;
        return `${name};dur=${d.toFixed(1)}`;
      });
      parts.push(`response;dur=${(Number(process.hrtime.bigint() - prev) / 1e6).toFixed(1)}`);
      return { 'Server-Timing': parts.join(', ') };
    },
  };
}
