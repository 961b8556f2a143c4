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

/** Bodiless requests that look alike share a plan and its statement. */
function planCacheKey(r: ApiRequest): string | null {
  if (r.body !== null) return null;
  return [
    r.schema,
    r.method,
    r.rawTarget,
    JSON.stringify(r.accept),
    JSON.stringify(r.preferences),
    JSON.stringify(r.range),
  ].join('\u0000');
}

export async function createRestApp(db: Db, config: RestConfig): Promise<RestApp> {
  const jwt = new JwtVerifier(config);
  let cache: Promise<SchemaCache> | null = null;
  const plans = new Map<string, Planned>();
  const queryCache = new Map<string, QueryParams>();
  const schemaCache = () => (cache ??= SchemaCache.load(db, config.dbSchemas));
  // sync or async: rest/jwt.ts is being moved to jose
  const authenticate = (authorization: string | undefined) => jwt.authenticate(authorization);

  function planned(sc: SchemaCache, request: ApiRequest): Planned {
    const key = planCacheKey(request);
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
      const { plan, stmt } = planned(sc, request);
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
    if (!name) return {};
    const v = headerValue(r, name.toLowerCase());
    return v === undefined ? {} : { [name]: v };
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

/** Server-Timing (server-timing-enabled): the duration of each stage, marked as it ends. */
function serverTiming(enabled: boolean): { mark(name: string): void; header(): Record<string, string> } {
  const started = process.hrtime.bigint();
  const marks: [string, bigint][] = [];
  return {
    mark: (name) => {
      if (enabled) marks.push([name, process.hrtime.bigint()]);
    },
    header(): Record<string, string> {
      if (!enabled) return {};
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
