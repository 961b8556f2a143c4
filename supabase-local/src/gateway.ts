/**
 * The API gateway: what Supabase's Kong does in front of the services, so that the apps and the
 * Supabase clients see the same HTTP surface as under `supabase start`.
 *
 * - Host: a Host that is not a loopback name or a configured one is refused (421) before any
 *   service sees the request (DNS rebinding; request-guard.ts).
 * - CORS for the store's own origins only (request-guard.ts): an allowed Origin is reflected with
 *   `Vary: Origin`; any other origin gets no Access-Control-Allow-* header at all, even where a
 *   service (a function answering `*`) sets its own, and its preflights are refused with 403 (a
 *   browser would fail them anyway; 403 says why in the network panel and never reaches the
 *   service). Preflights are answered here, except under /functions/v1 for allowed origins, where
 *   (as on hosted Supabase) the function answers its own OPTIONS.
 * - X-Forwarded-For / X-Real-IP are set from the socket's address, overwriting what the client
 *   sent (as Kong and Cloudflare do), so services and the database (`request.headers`) can tell
 *   clients apart and nobody can claim another's address; a client's CF-Connecting-IP (which only
 *   Cloudflare sets on hosted Supabase) is dropped for the same reason.
 * - Development-only paths (a route's `devOnly`) answer 404, as an unknown route, unless the server
 *   runs with the well-known local keys on loopback (server.ts decides).
 * - Body limits for services that do not enforce their own (a route's `maxBody`): a declared
 *   Content-Length over the limit is 413, and a body without one (chunked) is 411.
 * - The `apikey` rule: a request to /rest/v1 or /auth/v1 carrying neither `apikey` (header or
 *   query parameter) nor `Authorization` gets 401 "No API key found in request". With only an
 *   apikey, the key becomes the bearer token (that is how the anon key reaches PostgREST). The keys
 *   themselves are not checked here: the service verifies the JWT and answers in its own shape.
 * - The publishable (sb_publishable_…) and secret (sb_secret_…) keys are let in as anon and
 *   service_role: swapped for the JWTs of those roles (mapKeys), as the CLI's Kong does; a user's JWT
 *   in Authorization still wins. An apikey query parameter is removed before the service sees the
 *   URL (Kong's hide_credentials).
 * - A route table mounting each service at its prefix; the handler gets the path after the prefix.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jwtForOpaqueKey, type ApiKeys } from './keys.ts';
import { MISDIRECTED, type RequestGuard } from './request-guard.ts';

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
  /** paths under the prefix that exist only in development (404 unless `devSurfaces`) */
  devOnly?: RegExp;
  /** a body limit the gateway enforces, with the answer in the service's shape */
  maxBody?: { bytes: number; tooLarge: () => { status: number; body: unknown } };
}

export interface GatewayOptions {
  keys: ApiKeys;
  guard: RequestGuard;
  /** the development-only paths are served (well-known keys, loopback only) */
  devSurfaces: boolean;
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

export function createGateway(routes: Route[], options: GatewayOptions) {
  const { keys, guard, devSurfaces } = options;
  return async function gateway(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!guard.hostAllowed(req.headers.host)) {
      return json(res, MISDIRECTED.status, { message: MISDIRECTED.message });
    }
    const url = req.url ?? '/';
    let route = routes.find(
      (r) => url === r.prefix || url.startsWith(r.prefix + '/') || url.startsWith(r.prefix + '?'),
    );
    const target = route ? toTarget(url.slice(route.prefix.length)) : '/';
    if (route?.devOnly && !devSurfaces && route.devOnly.test(target.split('?')[0]!)) route = undefined;
    const isPreflight =
      req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    const origin = req.headers.origin;
    const allowed = guard.originAllowed(origin);

    res.setHeader('Vary', 'Origin');
    if (isPreflight && !allowed) {
      return json(res, 403, { message: `CORS: the origin ${origin ?? '(none)'} may not call this API` });
    }
    if (origin !== undefined && !allowed) stripCors(res);
    if (allowed && !(isPreflight && route && !route.gatewayPreflight)) {
      res.setHeader('Access-Control-Allow-Origin', origin!);
      res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
    if (isPreflight && (!route || route.gatewayPreflight)) {
      res.writeHead(200, {
        'Access-Control-Allow-Methods': ALLOW_METHODS,
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? ALLOW_HEADERS,
        'Access-Control-Max-Age': '600',
        'Content-Length': '0',
      });
      res.end();
      return;
    }
    if (!route) return json(res, 404, { message: 'no Route matched with those values' });

    const address = clientAddress(req);
    req.headers['x-forwarded-for'] = address;
    req.headers['x-real-ip'] = address;
    // Only Cloudflare (in front of hosted Supabase) sets this one, overwriting what a client sent;
    // there is no Cloudflare here, so nobody may claim it.
    delete req.headers['cf-connecting-ip'];
    if (route.maxBody) {
      const refused = bodyRefusal(req, route.maxBody);
      if (refused) {
        res.setHeader('Connection', 'close'); // the unread body is not drained
        return json(res, refused.status, refused.body);
      }
    }

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
 * The Authorization the services get, as the CLI's Kong sets it (its request-transformer) and as
 * the hosted gateway does for the new keys:
 * - a bearer token that is not an `sb_` key (a user's JWT, a legacy key) goes through as is: a
 *   signed-in user wins over the apikey;
 * - otherwise (none, or `Bearer sb_…`, which supabase-js sends when it has no session) the apikey
 *   decides: the publishable key becomes the anon JWT, the secret key the service_role JWT, and any
 *   other apikey (a legacy JWT key) becomes the bearer itself;
 * - `Bearer sb_…` without an apikey: the key it carries is read as the apikey.
 * The apikey header itself is swapped too, for services that read it.
 */
function mapKeys(req: IncomingMessage, apikey: string | undefined, keys: ApiKeys): void {
  const auth = req.headers.authorization;
  const opaqueBearer = auth !== undefined && /^bearer sb_/i.test(auth);
  const key = apikey ?? (opaqueBearer ? auth.slice(7).trim() : undefined);
  if ((!auth || opaqueBearer) && key) {
    req.headers.authorization = `Bearer ${jwtForOpaqueKey(key, keys) ?? key}`;
  }
  if (apikey && typeof req.headers.apikey === 'string') {
    req.headers.apikey = jwtForOpaqueKey(apikey, keys) ?? apikey;
  }
}

/** The peer's address (`::ffff:127.0.0.1` → `127.0.0.1`). */
function clientAddress(req: IncomingMessage): string {
  const a = req.socket.remoteAddress ?? '';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}

function bodyRefusal(
  req: IncomingMessage,
  limit: NonNullable<Route['maxBody']>,
): { status: number; body: unknown } | undefined {
  const declared = req.headers['content-length'];
  if (declared !== undefined) return Number(declared) > limit.bytes ? limit.tooLarge() : undefined;
  if (req.headers['transfer-encoding'] === undefined) return undefined; // no body
  return {
    status: 411,
    body: { message: 'A request body needs a Content-Length here (no chunked uploads).' },
  };
}

/**
 * For an origin that may not read our answers: whatever CORS headers the service writes (a
 * function answering its own `Access-Control-Allow-Origin: *`) are dropped before they are sent.
 */
function stripCors(res: ServerResponse): void {
  const writeHead = res.writeHead;
  const drop = (name: string) => /^access-control-/i.test(name);
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    for (const name of this.getHeaderNames()) if (drop(name)) this.removeHeader(name);
    const headers = rest.find((r) => r !== null && typeof r === 'object');
    if (Array.isArray(headers)) {
      // raw [name, value, name, value…] or [[name, value]…]
      for (let i = headers.length - 1; i >= 0; i--) {
        const entry: unknown = headers[i];
        if (Array.isArray(entry) ? drop(String(entry[0])) : i % 2 === 0 && drop(String(entry))) {
          headers.splice(i, Array.isArray(entry) ? 1 : 2);
        }
      }
    } else if (headers) {
      const record = headers as Record<string, unknown>;
      for (const name of Object.keys(record)) if (drop(name)) delete record[name];
    }
    return Reflect.apply(writeHead, this, [status, ...rest]) as ServerResponse;
  } as ServerResponse['writeHead'];
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
