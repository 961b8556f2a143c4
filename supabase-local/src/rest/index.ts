/**
 * The PostgREST-compatible REST engine: parse (URL and headers → AST) → plan (AST + schema cache →
 * ActionPlan) → sql (plan → parameterised statement) → execute (one transaction with the JWT's role)
 * → respond. One engine serves the store (/rest/v1) and the conformance suite.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../db/types.ts';
import { ApiError, err, fromPgError, isPgError } from './errors.ts';
import { execute, type RequestContext } from './execute.ts';
import { JwtVerifier, type Auth } from './jwt.ts';
import { contentType, negotiate, parsePrefer, parseRangeHeader } from './parse/headers.ts';
import { decodeComponent, parseQueryParams } from './parse/query-params.ts';
import { planAction } from './plan/action.ts';
import { checkEmbedLimits } from './plan/limits.ts';
import type { ActionPlan } from './plan/types.ts';
import { buildResponse, corsHeaders, preflight, respond, respondError } from './respond.ts';
import { SchemaCache } from './schema-cache.ts';
import { statementFor, type Statement } from './sql/statement.ts';
import type { RestApp, RestConfig } from './types.ts';

export type { RestApp, RestConfig } from './types.ts';

const MAX_BODY = 10 * 1024 * 1024;
/** deeper JSON breaks PGlite's jsonb code and serves no real client */
const MAX_JSON_DEPTH = 1000;

/** Maximum nesting of [ and { outside strings (a linear scan, no parse). */
export function jsonDepth(buf: Buffer): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      if (tooLarge) return; // drain the rest so the 413 reaches the client
      size += c.length;
      if (size > MAX_BODY) {
        tooLarge = true;
        chunks.length = 0;
        reject(
          new ApiError(413, 'PGRST102', `Request body larger than ${MAX_BODY / 1024 / 1024} MB`, null, null, {
            Connection: 'close',
          }),
        );
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

interface Cached {
  plan: ActionPlan;
  stmt: Statement;
}

export async function createRestApp(db: Db, config: RestConfig): Promise<RestApp> {
  const jwt = new JwtVerifier(config);
  let cache: Promise<SchemaCache> | null = null;
  const plans = new Map<string, Cached>();
  const schemaCache = () => (cache ??= SchemaCache.load(db, config.dbSchemas));
  const aliases = config.dbSchemaAliases ?? {};

  function chooseSchema(req: IncomingMessage, method: string): string {
    const header =
      method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
        ? headerValue(req, 'accept-profile')
        : headerValue(req, 'content-profile');
    if (header === undefined) return config.dbSchemas[0]!;
    const schema = aliases[header] ?? header;
    if (!config.dbSchemas.includes(schema)) throw err.unacceptableSchema(header, config.dbSchemas);
    return schema;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
    const started = process.hrtime.bigint();
    const timings: [string, bigint][] = [];
    const mark = (name: string) => timings.push([name, process.hrtime.bigint()]);
    const method = (req.method ?? 'GET').toUpperCase();
    const q = target.indexOf('?');
    const rawPath = q < 0 ? target : target.slice(0, q);
    const rawQuery = q < 0 ? '' : target.slice(q + 1);
    const cors = corsHeaders(config, headerValue(req, 'origin'));
    let auth: Auth | null = null;
    let schema = config.dbSchemas[0]!;
    try {
      if (method === 'OPTIONS') {
        preflight(req, res, config, cors);
        return;
      }
      schema = chooseSchema(req, method);
      const segments = rawPath
        .split('/')
        .filter((s) => s !== '')
        .map(decodeComponent);
      let targetKind: { kind: 'relation'; name: string } | { kind: 'rpc'; name: string };
      if (segments.length === 1) targetKind = { kind: 'relation', name: segments[0]! };
      else if (segments.length === 2 && segments[0] === 'rpc')
        targetKind = { kind: 'rpc', name: segments[1]! };
      else if (segments.length === 0) {
        respond(
          res,
          200,
          { 'Content-Type': 'application/openapi+json; charset=utf-8', ...cors },
          '{"swagger":"2.0","info":{"title":"supabase-local"}}',
        );
        return;
      } else throw err.invalidPath();

      auth = jwt.authenticate(headerValue(req, 'authorization'));
      mark('jwt');
      const prefer = parsePrefer(
        ([] as string[]).concat(req.headers['prefer'] ?? []).flatMap((v) => (Array.isArray(v) ? v : [v])),
      );
      const sc = await schemaCache();
      if (prefer.timezone !== undefined && !sc.timezones.has(prefer.timezone)) {
        prefer.invalid.push(`timezone=${prefer.timezone}`);
        delete prefer.timezone;
      }
      if (prefer.handling === 'strict' && prefer.invalid.length) throw err.invalidPreferences(prefer.invalid);
      const accept = negotiate(headerValue(req, 'accept'), config.dbPlanEnabled ?? false);
      const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
      const bodyType = hasBody ? contentType(headerValue(req, 'content-type')) : 'json';
      const body = hasBody ? await readBody(req) : null;
      if (body && bodyType === 'json' && jsonDepth(body) > MAX_JSON_DEPTH) {
        throw err.invalidBody(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
      }
      const rangeHeader = method === 'GET' ? parseRangeHeader(headerValue(req, 'range')) : null;
      mark('parse');

      const cacheKey = hasBody
        ? null
        : `${schema}\u0000${method}\u0000${target}\u0000${JSON.stringify(accept)}\u0000${JSON.stringify(prefer)}\u0000${headerValue(req, 'range') ?? ''}`;
      let entry = cacheKey ? plans.get(cacheKey) : undefined;
      if (!entry) {
        const qp = parseQueryParams(rawQuery, targetKind.kind === 'rpc');
        checkEmbedLimits(targetKind.name, qp.select, config);
        const plan = planAction(sc, {
          method,
          schema,
          target: targetKind,
          qp,
          rawQuery,
          prefer,
          accept,
          bodyType,
          body,
          rangeHeader,
          maxRows: config.dbMaxRows ?? null,
          aggregatesEnabled: config.dbAggregatesEnabled ?? false,
        });
        entry = { plan, stmt: statementFor(plan) };
        if (cacheKey) {
          if (plans.size > 1000) plans.clear();
          plans.set(cacheKey, entry);
        }
      }
      mark('plan');
      const txEnd = config.dbTxEnd ?? 'commit';
      const allowOverride = txEnd.endsWith('allow-override');
      const rollback = allowOverride && prefer.tx ? prefer.tx === 'rollback' : txEnd.startsWith('rollback');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
      }
      const ctx: RequestContext = {
        method,
        path: rawPath,
        headers,
        cookies: parseCookies(headerValue(req, 'cookie')),
      };
      const result = await execute(
        db,
        config,
        entry.plan,
        entry.stmt,
        auth,
        ctx,
        rollback,
        sc.roleSettings.get(auth.role),
        config.planCostLimit === false ? undefined : sc.costLimits.get(auth.role),
      );
      mark('transaction');
      respond(
        res,
        ...buildResponse(entry.plan, result, {
          cors,
          schema,
          config,
          allowOverride,
          timing: timingHeader(started, timings),
          trace: traceHeader(req),
        }),
      );
    } catch (e) {
      const apiErr =
        e instanceof ApiError
          ? e
          : isPgError(e)
            ? fromPgError(e, auth?.authenticated ?? false)
            : new ApiError(500, 'PGRST000', e instanceof Error ? e.message : String(e));
      if (!(e instanceof ApiError) && !isPgError(e)) console.error('[rest] unexpected error', e);
      const extra: Record<string, string> = { ...cors };
      if (config.dbSchemas.length > 1 && !(apiErr.code === 'PGRST106')) extra['Content-Profile'] = schema;
      respondError(res, apiErr, extra, config);
    }

    function traceHeader(r: IncomingMessage): Record<string, string> {
      const name = config.serverTraceHeader;
      if (!name) return {};
      const v = headerValue(r, name.toLowerCase());
      return v === undefined ? {} : { [name]: v };
    }
  }

  function timingHeader(started: bigint, timings: [string, bigint][]): Record<string, string> {
    if (!config.serverTimingEnabled) return {};
    let prev = started;
    const parts = timings.map(([name, t]) => {
      const d = Number(t - prev) / 1e6;
      prev = t;
      return `${name};dur=${d.toFixed(1)}`;
    });
    parts.push(`response;dur=${(Number(process.hrtime.bigint() - prev) / 1e6).toFixed(1)}`);
    return { 'Server-Timing': parts.join(', ') };
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
