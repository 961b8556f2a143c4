/**
 * The HTTP edge of Auth: a request as the handlers see it, the answer they return, and JSON bodies
 * decoded the way GoTrue's Go structs decode them (unknown fields ignored, `null` leaves the zero
 * value, a wrong type is a 400 bad_json naming the field), with GoTrue's 1 MB body limit (read by
 * the one body reader, ../http/body.ts, a refusal worded as GoTrue's 413 request_entity_too_large).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody as readRequestBody } from '../http/body.ts';
import { badRequest, HttpError } from './errors.ts';
import type { Reply } from './reply.ts';

export type { Reply } from './reply.ts';

export interface AuthRequest {
  method: string;
  /** path after /auth/v1, e.g. '/admin/users/…' */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** the client's address (the rate limits' key) */
  ip: string;
  /** named segments of the matched route (`:id`) */
  params: Record<string, string>;
  /** this service's public base URL, e.g. http://127.0.0.1:54321/auth/v1 (links in mail and redirects) */
  baseUrl: string;
  body(): Promise<Buffer>;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  status,
  body,
  headers,
});
export const redirect = (location: string, status = 302): Reply => ({
  status,
  headers: { Location: location },
});
export const html = (page: string, status = 200): Reply => ({
  status,
  text: page,
  contentType: 'text/html; charset=utf-8',
  headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
});

export const MAX_BODY = 1 << 20;

/** The body, read once on first use with the one body reader (../http/body.ts), at most MAX_BODY bytes. */
export function readBody(req: IncomingMessage): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  return () =>
    (cached ??= readRequestBody(req, { limit: MAX_BODY }).catch((e: unknown) => {
      throw e instanceof BodyTooLargeError ? tooLarge() : e;
    }));
}

const tooLarge = () =>
  new HttpError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY} bytes)`);

type FieldType = 'string' | 'string?' | 'object?' | 'boolean' | 'boolean?';
export type Spec = Record<string, FieldType>;
type Value<T extends FieldType> = T extends 'string'
  ? string
  : T extends 'string?'
    ? string | undefined
    : T extends 'object?'
      ? Record<string, unknown> | undefined
      : T extends 'boolean'
        ? boolean
        : boolean | undefined;
export type Params<S extends Spec> = { [K in keyof S]: Value<S[K]> };

const GO_TYPE: Record<FieldType, string> = {
  string: 'string',
  'string?': '*string',
  'object?': 'map[string]interface {}',
  boolean: 'bool',
  'boolean?': '*bool',
};

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v; // string, number, object
}

/**
 * The request body decoded into `spec`'s fields. `struct` names the Go struct for error messages
 * (GoTrue's own wording: "json: cannot unmarshal number into Go struct field SignupParams.email of type string").
 */
export async function readParams<S extends Spec>(
  req: AuthRequest,
  struct: string,
  spec: S,
  defaults: Partial<Params<S>> = {},
): Promise<Params<S>> {
  const text = (await req.body()).toString('utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const why =
      text.trim() === '' ? 'unexpected end of JSON input' : `invalid JSON (${(e as Error).message})`;
    throw badRequest('bad_json', `Could not parse request body as JSON: ${why}`);
  }
  if (raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${jsonKind(raw)} into Go value of type api.${struct}`,
    );
  }
  const body = (raw ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(spec)) {
    // encoding/json matches field names case-insensitively when there is no exact match
    const key = field in body ? field : Object.keys(body).find((k) => k.toLowerCase() === field);
    const v = key === undefined ? undefined : body[key];
    const fallback = (defaults as Record<string, unknown>)[field];
    if (v === undefined || v === null) {
      out[field] = fallback ?? (type === 'string' ? '' : type === 'boolean' ? false : undefined);
      continue;
    }
    const ok =
      type === 'string' || type === 'string?'
        ? typeof v === 'string'
        : type === 'object?'
          ? typeof v === 'object' && !Array.isArray(v)
          : typeof v === 'boolean';
    if (!ok) {
      throw badRequest(
        'bad_json',
        `Could not parse request body as JSON: json: cannot unmarshal ${jsonKind(v)} into Go struct field ${struct}.${field} of type ${GO_TYPE[type]}`,
      );
    }
    out[field] = v;
  }
  return out as Params<S>;
}

/** Writes a Reply (JSON unless it carries text). */
export function send(res: ServerResponse, r: Reply): void {
  const headers: Record<string, string | number> = { ...r.headers };
  let payload: string | undefined;
  if (r.text !== undefined) {
    payload = r.text;
    headers['Content-Type'] = r.contentType ?? 'text/plain; charset=utf-8';
  } else if (r.body !== undefined) {
    payload = JSON.stringify(r.body);
    headers['Content-Type'] = 'application/json';
  }
  if (payload !== undefined) headers['Content-Length'] = Buffer.byteLength(payload);
  res.writeHead(r.status, headers);
  res.end(payload);
}

/** The client's address without the IPv4-mapped prefix. */
export function clientIp(req: IncomingMessage): string {
  const a = req.socket.remoteAddress ?? '';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}
