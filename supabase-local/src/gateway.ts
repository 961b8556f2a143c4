/**
 * The API gateway: what Supabase's Kong does in front of the services, so that the apps and the
 * Supabase clients see the same HTTP surface as under `supabase start`.
 *
 * - CORS on every answer (any origin); preflights answered here, except under /functions/v1, where
 *   (as on hosted Supabase) the function answers its own OPTIONS.
 * - The `apikey` rule: a request to /rest/v1 or /auth/v1 carrying neither `apikey` (header or
 *   query parameter) nor `Authorization` gets 401 "No API key found in request". With only an
 *   apikey, the key becomes the bearer token (that is how the anon key reaches PostgREST). The keys
 *   themselves are not checked here: the service verifies the JWT and answers in its own shape.
 * - The CLI's sb_publishable_/sb_secret_ keys are swapped for the JWTs they stand for; an apikey
 *   query parameter is removed before the service sees the URL (Kong's hide_credentials).
 * - A route table mounting each service at its prefix; the handler gets the path after the prefix.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveOpaqueKey, type ApiKeys } from './keys.ts';

/** Serves one request; `target` is the path after the route's prefix plus the raw query string. */
export type SurfaceHandler = (req: IncomingMessage, res: ServerResponse, target: string) => Promise<void>;

export interface Route {
  prefix: string;
  /** null: mounted but not served yet (answers 404) */
  handler: SurfaceHandler | null;
  /** the apikey rule applies (Kong's key-auth) */
  requireKey: boolean;
  /** paths under the prefix exempt from the key rule (links opened from an email or a provider) */
  open?: RegExp;
  /** false: OPTIONS preflights go to the handler instead of being answered by the gateway */
  gatewayPreflight: boolean;
}

const EXPOSE_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Content-Profile',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'Preference-Applied',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  'ETag',
  'Content-Length',
].join(', ');

/** What supabase-js, postgrest-js, storage-js, auth-js and ra-data-postgrest send. */
const ALLOW_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'prefer',
  'accept',
  'accept-profile',
  'content-profile',
  'range',
  'range-unit',
  'x-supabase-api-version',
  'x-upsert',
  'cache-control',
  'x-region',
  'x-requested-with',
].join(', ');

const ALLOW_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';

export function createGateway(routes: Route[], keys: ApiKeys) {
  return async function gateway(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const route = routes.find(
      (r) => url === r.prefix || url.startsWith(r.prefix + '/') || url.startsWith(r.prefix + '?'),
    );
    const isPreflight =
      req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;

    if (!(isPreflight && route && !route.gatewayPreflight)) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
    if (isPreflight && (!route || route.gatewayPreflight)) {
      res.writeHead(200, {
        'Access-Control-Allow-Methods': ALLOW_METHODS,
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? ALLOW_HEADERS,
        'Content-Length': '0',
      });
      res.end();
      return;
    }
    if (!route) return json(res, 404, { message: 'no Route matched with those values' });

    const target = toTarget(url.slice(route.prefix.length));
    const apikey = headerOrQuery(req, target, 'apikey');
    const path = target.split('?')[0]!;
    if (route.requireKey && !(route.open?.test(path) ?? false) && !apikey && !req.headers.authorization) {
      return json(res, 401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    mapKeys(req, apikey, keys);
    const forwarded = withoutQueryParam(target, 'apikey'); // Kong's hide_credentials

    if (!route.handler) {
      return json(res, 404, {
        code: 'PGRST125',
        message: `${route.prefix} is not served by this version of supabase-local yet`,
        details: null,
        hint: null,
      });
    }
    try {
      await route.handler(req, res, forwarded);
    } catch (e) {
      console.error(`[api] ${req.method} ${url}:`, e);
      if (!res.headersSent) json(res, 500, { message: 'Internal server error' });
      else res.destroy();
    }
  };
}

/** '' → '/', '?a=1' → '/?a=1', '/items?x' stays. */
function toTarget(rest: string): string {
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** Drops `name=…` from the query string, leaving every other parameter byte for byte. */
function withoutQueryParam(target: string, name: string): string {
  const q = target.indexOf('?');
  if (q < 0) return target;
  const kept = target
    .slice(q + 1)
    .split('&')
    .filter((p) => p.split('=')[0] !== name);
  return kept.length ? `${target.slice(0, q)}?${kept.join('&')}` : target.slice(0, q);
}

function headerOrQuery(req: IncomingMessage, target: string, name: string): string | undefined {
  const h = req.headers[name];
  if (typeof h === 'string' && h) return h;
  const q = target.indexOf('?');
  if (q < 0) return undefined;
  return new URLSearchParams(target.slice(q + 1)).get(name) ?? undefined;
}

/**
 * No Authorization: the apikey is the bearer. An Authorization of `Bearer sb_…` (the CLI's opaque
 * keys) is replaced by the JWT it stands for, as the CLI's Kong template does.
 */
function mapKeys(req: IncomingMessage, apikey: string | undefined, keys: ApiKeys): void {
  const auth = req.headers.authorization;
  if (auth && /^bearer sb_/i.test(auth)) {
    req.headers.authorization = `Bearer ${resolveOpaqueKey(auth.slice(7).trim(), keys)}`;
  } else if (!auth && apikey) {
    req.headers.authorization = `Bearer ${resolveOpaqueKey(apikey, keys)}`;
  }
  if (apikey && typeof req.headers.apikey === 'string') req.headers.apikey = resolveOpaqueKey(apikey, keys);
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
