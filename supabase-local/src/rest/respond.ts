/** Statuses and headers PostgREST answers with: Content-Range, Content-Type, Location, Preference-Applied, CORS. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, fromPgError, isPgError } from './errors.ts';
import { txEnd, type ResultRow } from './execute.ts';
import type { ParsedRequest, RequestError } from './parse/request.ts';
import type { ActionPlan } from './plan/types.ts';
import type { RestConfig } from './types.ts';

const EXPOSED =
  'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit';

export function corsHeaders(config: RestConfig, origin: string | undefined): Record<string, string> {
  if (origin === undefined) return {};
  const list = (config.serverCorsAllowedOrigins ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (list.length === 0)
    return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED };
  if (!list.includes(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': EXPOSED,
  };
}

export function preflight(
  req: IncomingMessage,
  res: ServerResponse,
  _config: RestConfig,
  cors: Record<string, string>,
): void {
  const headers: Record<string, string> = { ...cors };
  if (req.headers['access-control-request-method'] !== undefined && cors['Access-Control-Allow-Origin']) {
    delete headers['Access-Control-Expose-Headers'];
    headers['Access-Control-Allow-Methods'] = 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD';
    const reqHeaders = req.headers['access-control-request-headers'];
    headers['Access-Control-Allow-Headers'] =
      typeof reqHeaders === 'string' && reqHeaders !== '' ? reqHeaders : 'Authorization';
    headers['Access-Control-Max-Age'] = '86400';
  } else {
    headers['Allow'] = 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE';
  }
  respond(res, 200, headers, '');
}

/**
 * Header names that setHeader would merge (the same name in two cases, or a Content-Length of the
 * caller's): those few answers go header by header, as setHeader keeps the last of each name.
 */
function needsMerge(headers: Record<string, string>): boolean {
  const keys = Object.keys(headers);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!.toLowerCase();
    if (k === 'content-length') return true;
    for (let j = 0; j < i; j++) if (keys[j]!.toLowerCase() === k) return true;
  }
  return false;
}

/**
 * The status, the headers and the body: in one writeHead + end when the header names are distinct
 * (node:http validates them as setHeader would), else header by header.
 */
export function respond(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
  statusText?: string,
): void {
  const noBody = status === 204 || status === 304;
  if (needsMerge(headers)) {
    res.statusCode = status;
    if (statusText) res.statusMessage = statusText;
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    if (noBody) {
      res.end();
      return;
    }
    const buf = Buffer.from(body, 'utf8');
    res.setHeader('Content-Length', String(buf.length));
    res.end(buf);
    return;
  }
  // callers hand over a headers object of the answer's own
  if (!noBody) headers['Content-Length'] = String(Buffer.byteLength(body, 'utf8'));
  if (statusText) res.writeHead(status, statusText, headers);
  else res.writeHead(status, headers);
  if (noBody) res.end();
  else res.end(body, 'utf8');
}

export function errorBody(e: ApiError, config: RestConfig): string {
  if (config.clientErrorVerbosity === 'minimal') return JSON.stringify({ code: e.code, message: e.message });
  return JSON.stringify(e.body());
}

export function respondError(
  res: ServerResponse,
  e: ApiError,
  extra: Record<string, string>,
  config: RestConfig,
): void {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Proxy-Status': `PostgREST; error=${e.code}`,
    ...extra,
    ...e.headers,
  };
  respond(res, e.status, headers, errorBody(e, config), e.statusText);
}

function contentRange(lower: number, count: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return count === 0 ? `*/${t}` : `${lower}-${lower + count - 1}/${t}`;
}

function contentTypeOf(plan: ActionPlan): string {
  const p = plan.accept.plan;
  if (p) return `application/vnd.pgrst.plan+${p.format}; for="${p.for}"; charset=utf-8`;
  if (plan.accept.type === 'text/csv') return 'text/csv; charset=utf-8';
  if (plan.accept.type === 'application/vnd.pgrst.object+json')
    return 'application/vnd.pgrst.object+json; charset=utf-8';
  return 'application/json; charset=utf-8';
}

function locationHeader(plan: ActionPlan, result: ResultRow): string | null {
  if (plan.kind !== 'insert' || !result.location) return null;
  const rows = JSON.parse(result.location) as unknown[][] | null;
  const first = rows?.[0];
  if (!first) return null;
  const pk = plan.rel.pk;
  const qs = pk
    .map((c, i) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(first[i]))}`)
    .join('&');
  return `/${encodeURIComponent(plan.rel.name)}?${qs}`;
}

interface ResponseOptions {
  cors: Record<string, string>;
  schema: string;
  config: RestConfig;
  timing: Record<string, string>;
  trace: Record<string, string>;
}

/** A successful result → [status, headers, body]. */
export function buildResponse(
  plan: ActionPlan,
  result: ResultRow,
  o: ResponseOptions,
): [status: number, headers: Record<string, string>, body: string] {
  const headers: Record<string, string> = { ...o.cors, ...o.timing, ...o.trace };
  const prefer = plan.prefer;
  const applied: string[] = [];
  let status = 200;
  let body = result.body;
  let withBody = true;

  if (plan.accept.plan) {
    return [200, { ...headers, 'Content-Type': contentTypeOf(plan) }, result.body];
  }
  if (plan.kind === 'read' || plan.kind === 'call') {
    const lower = plan.kind === 'read' ? plan.read.range.offset : (plan.read?.range.offset ?? 0);
    headers['Content-Range'] = contentRange(lower, result.pageTotal, result.total);
    headers['Content-Type'] = contentTypeOf(plan);
    if (result.total !== null) {
      const upper = lower + result.pageTotal - 1;
      if (lower > result.total && !(lower === 0 && result.total === 0)) status = 416;
      else if (upper + 1 - lower < result.total) status = 206;
      if (status === 416) {
        body = JSON.stringify({
          code: 'PGRST103',
          details: `An offset of ${lower} was requested, but there are only ${result.total} rows.`,
          hint: null,
          message: 'Requested range not satisfiable',
        });
        headers['Content-Type'] = 'application/json; charset=utf-8';
        headers['Content-Range'] = `*/${result.total}`;
        return [status, headers, body];
      }
    }
    if (plan.kind === 'call' && plan.fn.routine.returnType === 'void' && !plan.fn.routine.retset) {
      status = 204;
      withBody = false;
      delete headers['Content-Type'];
    }
    if (plan.head) withBody = false;
  } else {
    const ret = prefer.return ?? 'minimal';
    if (plan.resolution) applied.push(`resolution=${plan.resolution}`);
    if (prefer.missing && (plan.kind === 'insert' || plan.kind === 'update'))
      applied.push(`missing=${prefer.missing}`);
    if (prefer.return) applied.push(`return=${ret}`);
    headers['Content-Range'] =
      plan.kind === 'update' ? contentRange(0, result.pageTotal, result.total) : `*/${result.total ?? '*'}`;
    if (plan.kind === 'insert') {
      status = plan.resolution && result.inserted === 0 ? 200 : 201;
      const loc = ret === 'headers-only' ? locationHeader(plan, result) : null;
      if (loc) headers['Location'] = loc;
    } else {
      status = ret === 'representation' ? 200 : 204;
    }
    withBody = ret === 'representation';
  }
  if (prefer.count) applied.push(`count=${prefer.count}`);
  if (prefer.tx && txEnd(o.config, prefer).allowOverride) applied.push(`tx=${prefer.tx}`);
  if (prefer.handling) applied.push(`handling=${prefer.handling}`);
  if (prefer.timezone) applied.push(`timezone=${prefer.timezone}`);
  if (prefer.maxAffected !== undefined && prefer.handling === 'strict')
    applied.push(`max-affected=${prefer.maxAffected}`);
  if (applied.length) headers['Preference-Applied'] = applied.join(', ');
  if (o.config.dbSchemas.length > 1) headers['Content-Profile'] = o.schema;

  // response.headers / response.status set by SQL
  if (result.responseHeaders) {
    try {
      const list = JSON.parse(result.responseHeaders) as Record<string, string>[];
      for (const h of list) for (const [k, v] of Object.entries(h)) headers[k] = String(v);
    } catch {
      /* PostgREST answers PGRST111; ignore malformed headers here */
    }
  }
  if (result.responseStatus && /^\d{3}$/.test(result.responseStatus)) status = Number(result.responseStatus);
  if (withBody && !('Content-Type' in headers)) headers['Content-Type'] = contentTypeOf(plan);
  return [status, headers, withBody ? body : ''];
}

/** The answers that need no database: a preflight (OPTIONS) and the root's OpenAPI stub. */
export function respondWithoutDb(
  req: IncomingMessage,
  res: ServerResponse,
  request: Exclude<ParsedRequest, { kind: 'db' }>,
  config: RestConfig,
  cors: Record<string, string>,
): void {
  if (request.kind === 'preflight') return preflight(req, res, config, cors);
  respond(
    res,
    200,
    { 'Content-Type': 'application/openapi+json; charset=utf-8', ...cors },
    '{"swagger":"2.0","info":{"title":"supabase-local"}}',
  );
}

/** A failed request → PostgREST's error answer (a database error mapped with pgErrorStatus). */
export function respondFailure(
  res: ServerResponse,
  failure: RequestError,
  config: RestConfig,
  cors: Record<string, string>,
): void {
  const e = failure.error;
  const apiErr =
    e instanceof ApiError
      ? e
      : isPgError(e)
        ? fromPgError(e, failure.auth?.authenticated ?? false)
        : new ApiError(500, 'PGRST000', e instanceof Error ? e.message : String(e));
  if (!(e instanceof ApiError) && !isPgError(e)) console.error('[rest] unexpected error', e);
  const extra: Record<string, string> = { ...cors };
  if (config.dbSchemas.length > 1 && apiErr.code !== 'PGRST106') extra['Content-Profile'] = failure.schema;
  respondError(res, apiErr, extra, config);
}
