/**
 * One HTTP request → one ApiRequest value, as PostgREST's ApiRequest.userApiRequest: the action
 * (read, mutate, call, the root, a preflight), its target, the query string parsed, Prefer, Range,
 * Accept, Content-Type and the body, the headers and cookies the transaction exposes, and the role
 * and claims the JWT gave. Nothing after this stage reads the HTTP request.
 *
 * The checks run in the order the conformance suite observes (profile header, path, JWT, Prefer,
 * Accept, Content-Type, body, Range, query string): a request with two faults gets the first one's
 * error.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { err } from '../errors.ts';
import type { Auth } from '../jwt.ts';
import type { SchemaCache } from '../schema-cache.ts';
import type { RestConfig } from '../types.ts';
import {
  contentType,
  negotiate,
  parsePrefer,
  parseRangeHeader,
  type Accepted,
  type BodyType,
} from './headers.ts';
import { decodeComponent, parseQueryParams } from './query-params.ts';
import type { Preferences, QueryParams, Range } from './types.ts';

/** What parse needs of an HTTP request (a plain value, so unit tests need no socket). */
export interface HttpRequest {
  method: string;
  /** the path after the mount point and the raw query string: `/items?id=eq.5` */
  target: string;
  headers: IncomingHttpHeaders;
  /** reads the whole body (called once, only for methods that carry one) */
  body(): Promise<Buffer>;
}

export interface ParseContext {
  config: RestConfig;
  /** the Authorization header → role and claims (rest/jwt.ts), or an ApiError */
  authenticate(authorization: string | undefined): Auth | Promise<Auth>;
  schemaCache(): Promise<SchemaCache>;
  /** Server-Timing marks */
  mark?(name: string): void;
  /**
   * Parsed query strings by (function?, raw query), reused: parsing the storefront's longest select
   * costs about 50 µs, and the same few queries come again and again. Plans never change them.
   */
  queryCache?: Map<string, QueryParams>;
}

function queryParamsOf(
  rawQuery: string,
  isRpc: boolean,
  cache: Map<string, QueryParams> | undefined,
): QueryParams {
  const key = `${isRpc ? 'rpc' : 'rel'}\u0000${rawQuery}`;
  const hit = cache?.get(key);
  if (hit) return hit;
  const qp = parseQueryParams(rawQuery, isRpc);
  if (cache) {
    if (cache.size >= 1000) cache.clear();
    cache.set(key, qp);
  }
  return qp;
}

export type Target = { kind: 'relation'; name: string } | { kind: 'rpc'; name: string };

/** PostgREST's Action: what the request does to its target. */
export type Action =
  | { kind: 'read'; head: boolean }
  | { kind: 'mutate'; mutation: 'create' | 'update' | 'single-upsert' | 'delete' }
  | { kind: 'call'; invoke: 'read' | 'read-head' | 'post' };

/** A request for the database: the one value plan, execute and respond read. */
export interface ApiRequest {
  kind: 'db';
  method: string;
  action: Action | null;
  target: Target;
  /** the schema chosen by Accept-Profile / Content-Profile (or the first exposed one) */
  schema: string;
  /** the URL path (request.path) and the raw query string */
  path: string;
  rawQuery: string;
  /** the raw target, for the plan cache */
  rawTarget: string;
  queryParams: QueryParams;
  preferences: Preferences;
  /** the Range header (GET only) */
  range: Range | null;
  accept: Accepted;
  contentType: BodyType;
  /** POST, PATCH, PUT: the body as sent */
  body: Buffer | null;
  /** every header, lower-cased names, repeated ones joined with ', ' (request.headers) */
  headers: Record<string, string>;
  cookies: Record<string, string>;
  auth: Auth;
}

/** `OPTIONS`: answered without the database. */
export interface PreflightRequest {
  kind: 'preflight';
}

/** `GET /`: the (minimal) OpenAPI root. */
export interface RootRequest {
  kind: 'root';
}

export type ParsedRequest = ApiRequest | PreflightRequest | RootRequest;

/**
 * A request that failed, with what its answer needs: the schema chosen so far (Content-Profile) and
 * whether it was authenticated (a database's 42501 is 401 without a JWT, 403 with one).
 */
export class RequestError extends Error {
  constructor(
    readonly error: unknown,
    readonly schema: string,
    readonly auth: Auth | null,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/** The body size PostgREST-shaped requests may have (413 PGRST102 past it). */
export const MAX_BODY = 10 * 1024 * 1024;
/** deeper JSON breaks PGlite's jsonb code and serves no real client */
export const MAX_JSON_DEPTH = 1000;

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

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/** Accept-Profile (reads) or Content-Profile (writes) → an exposed schema, or PGRST106. */
export function chooseSchema(method: string, headers: IncomingHttpHeaders, config: RestConfig): string {
  const header =
    method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
      ? headerValue(headers, 'accept-profile')
      : headerValue(headers, 'content-profile');
  if (header === undefined) return config.dbSchemas[0]!;
  const schema = config.dbSchemaAliases?.[header] ?? header;
  if (!config.dbSchemas.includes(schema)) throw err.unacceptableSchema(header, config.dbSchemas);
  return schema;
}

/** `/items` → relation, `/rpc/fn` → function, `/` → the root; anything else is PGRST125. */
export function parseTarget(path: string): Target | null {
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map(decodeComponent);
  if (segments.length === 1) return { kind: 'relation', name: segments[0]! };
  if (segments.length === 2 && segments[0] === 'rpc') return { kind: 'rpc', name: segments[1]! };
  if (segments.length === 0) return null;
  throw err.invalidPath();
}

/** PostgREST's Action for a method on a target (null: a method the target does not serve). */
export function actionOf(method: string, target: Target): Action | null {
  if (target.kind === 'rpc') {
    if (method === 'GET') return { kind: 'call', invoke: 'read' };
    if (method === 'HEAD') return { kind: 'call', invoke: 'read-head' };
    if (method === 'POST') return { kind: 'call', invoke: 'post' };
    return null;
  }
  switch (method) {
    case 'GET':
      return { kind: 'read', head: false };
    case 'HEAD':
      return { kind: 'read', head: true };
    case 'POST':
      return { kind: 'mutate', mutation: 'create' };
    case 'PATCH':
      return { kind: 'mutate', mutation: 'update' };
    case 'PUT':
      return { kind: 'mutate', mutation: 'single-upsert' };
    case 'DELETE':
      return { kind: 'mutate', mutation: 'delete' };
    default:
      return null;
  }
}

export async function parse(http: HttpRequest, ctx: ParseContext): Promise<ParsedRequest> {
  const { config } = ctx;
  const method = http.method.toUpperCase();
  if (method === 'OPTIONS') return { kind: 'preflight' };
  const q = http.target.indexOf('?');
  const path = q < 0 ? http.target : http.target.slice(0, q);
  const rawQuery = q < 0 ? '' : http.target.slice(q + 1);
  let schema = config.dbSchemas[0]!;
  let auth: Auth | null = null;
  try {
    schema = chooseSchema(method, http.headers, config);
    const target = parseTarget(path);
    if (target === null) return { kind: 'root' };
    auth = await ctx.authenticate(headerValue(http.headers, 'authorization'));
    ctx.mark?.('jwt');
    const preferences = parsePrefer(
      ([] as string[]).concat(http.headers['prefer'] ?? []).flatMap((v) => (Array.isArray(v) ? v : [v])),
    );
    const sc = await ctx.schemaCache();
    if (preferences.timezone !== undefined && !sc.timezones.has(preferences.timezone)) {
      preferences.invalid.push(`timezone=${preferences.timezone}`);
      delete preferences.timezone;
    }
    if (preferences.handling === 'strict' && preferences.invalid.length)
      throw err.invalidPreferences(preferences.invalid);
    const accept = negotiate(headerValue(http.headers, 'accept'), config.dbPlanEnabled ?? false);
    const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
    const bodyType = hasBody ? contentType(headerValue(http.headers, 'content-type')) : 'json';
    const body = hasBody ? await http.body() : null;
    if (body && bodyType === 'json' && jsonDepth(body) > MAX_JSON_DEPTH) {
      throw err.invalidBody(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
    const range = method === 'GET' ? parseRangeHeader(headerValue(http.headers, 'range')) : null;
    const queryParams = queryParamsOf(rawQuery, target.kind === 'rpc', ctx.queryCache);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(http.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
    ctx.mark?.('parse');
    return {
      kind: 'db',
      method,
      action: actionOf(method, target),
      target,
      schema,
      path,
      rawQuery,
      rawTarget: http.target,
      queryParams,
      preferences,
      range,
      accept,
      contentType: bodyType,
      body,
      headers,
      cookies: parseCookies(headerValue(http.headers, 'cookie')),
      auth,
    };
  } catch (e) {
    throw new RequestError(e, schema, auth);
  }
}
