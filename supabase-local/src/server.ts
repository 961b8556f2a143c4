/**
 * Starts supabase-local's two HTTP servers over an already bootstrapped and migrated database:
 * - the API (default http://127.0.0.1:54321, SUPABASE_PORT / SUPABASE_HOST): /rest/v1, /auth/v1,
 *   /storage/v1, /functions/v1 behind the Kong-like gateway (gateway.ts);
 * - the web origin (default http://127.0.0.1:3000, PORT / HOST): the built storefront and admin.
 * The API stays on its own origin, as hosted Supabase's does.
 *
 * Development surfaces (the local OAuth provider page, the mailbox and its SMTP listener on
 * 127.0.0.1:54325, the Razorpay sandbox) exist only with the well-known local keys on loopback (`devSurfaces`); with a JWT secret of its own the
 * server serves only what hosted Supabase serves. Both servers refuse foreign Host names, and the
 * API answers CORS only for the configured site origins (request-guard.ts).
 *
 * The REST schema cache is loaded when the REST app is created (after migrations) and reloaded on
 * `NOTIFY pgrst, 'reload schema'` (or an empty payload), as PostgREST does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exposedSchemas, loadConfig, projectPaths, type SupabaseConfig } from './config.ts';
import type { Db } from './db/types.ts';
import { createGateway, type Route } from './gateway.ts';
import { apiKeys, restJwtSecret, type ApiKeys } from './keys.ts';
import { isLoopbackHost } from './migrations/reset.ts';
import { configuredUrls, createRequestGuard } from './request-guard.ts';
import { createRestApp } from './rest/index.ts';
import type { RestApp, RestConfig } from './rest/types.ts';
import type { Surface, SurfaceContext, SurfaceFactory, Surfaces } from './surface.ts';
import { createWebHandler } from './web.ts';
import { AUTH_OPEN_PATHS, createAuthApp } from './auth/index.ts';
import { functionsSurface } from './functions/index.ts';
import { storageSurface } from './storage/index.ts';
import { razorpaySandboxOptionsFromEnv, razorpaySurface } from './razorpay/index.ts';
import { startSmtpListener, type SmtpListener } from './mail/smtp.ts';

/** Auth (GoTrue-compatible), mounted unless a test supplies its own factory. */
const authSurface: SurfaceFactory = ({ db, config, keys, apiUrl, devSurfaces, localSmtp }) =>
  createAuthApp({
    db,
    config,
    keys,
    externalUrl: () => `${apiUrl()}/auth/v1`,
    localProvider: devSurfaces,
    localSmtp,
  });

export type { Surface, SurfaceContext, SurfaceFactory, Surfaces } from './surface.ts';

export interface ServerOptions {
  db: Db;
  config?: SupabaseConfig;
  keys?: ApiKeys;
  env?: NodeJS.ProcessEnv;
  /** 0 = any free port. Default SUPABASE_PORT, else config.toml's api.port (54321). */
  apiPort?: number;
  apiHost?: string;
  /** false: no web server (tests of the API alone). */
  web?: false | { port?: number; host?: string; storefrontDist?: string; adminDist?: string };
  surfaces?: Surfaces;
  /** REST settings over Supabase's (tests, conformance). */
  rest?: Partial<RestConfig>;
  /**
   * The local SMTP listener's port (0 = any free port). Default SUPABASE_SMTP_PORT, else config.toml's
   * [local_smtp]/[inbucket] smtp_port (54325). It runs only with the development surfaces on and
   * [local_smtp] enabled; always on 127.0.0.1.
   */
  smtpPort?: number;
}

export interface RunningServer {
  apiUrl: string;
  webUrl?: string;
  keys: ApiKeys;
  /** the development-only surfaces are on, and why (or why not), for the start-up banner */
  devSurfaces: boolean;
  devSurfacesReason: string;
  /** the origins whose pages may call the API (CORS) */
  allowedOrigins: string[];
  restApp: RestApp;
  /** the local SMTP listener (the mailbox's way in), null when not running */
  smtp: SmtpListener | null;
  stop(): Promise<void>;
}

export class UnsafeHostError extends Error {}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const config = options.config ?? loadConfig();
  const keys = options.keys ?? apiKeys(env);
  const apiHost = options.apiHost ?? env.SUPABASE_HOST ?? '127.0.0.1';
  const apiPort = options.apiPort ?? numberEnv(env.SUPABASE_PORT) ?? config.api.port;
  const web = options.web === false ? undefined : (options.web ?? {});
  const webHost = web?.host ?? env.HOST ?? '127.0.0.1';
  const webPort = web?.port ?? numberEnv(env.PORT) ?? 3000;
  const hosts = [apiHost, ...(web ? [webHost] : [])];
  refuseUnsafeHosts(keys, hosts);
  const dev = devSurfacesDecision(keys, hosts);

  const restApp = await createRestApp(options.db, {
    dbSchemas: exposedSchemas(config),
    dbAnonRole: 'anon',
    jwtSecret: restJwtSecret(keys),
    dbExtraSearchPath: config.api.extraSearchPath,
    dbMaxRows: config.api.maxRows,
    ...options.rest,
  });
  const unlisten = await options.db.listen('pgrst', reloadOnNotify(restApp));

  // the mailbox's SMTP listener first: Auth is built knowing where to send
  let smtp: SmtpListener | null = null;
  if (dev.on && config.localSmtp.enabled) {
    try {
      smtp = await startSmtpListener(options.db, {
        port: options.smtpPort ?? numberEnv(env.SUPABASE_SMTP_PORT) ?? config.localSmtp.smtpPort,
        host: '127.0.0.1',
      });
    } catch (e) {
      await unlisten().catch(() => {});
      await restApp.close();
      throw e;
    }
  }
  const localSmtp = smtp && {
    host: smtp.host,
    port: smtp.port,
    adminEmail: config.localSmtp.adminEmail,
    senderName: config.localSmtp.senderName,
  };

  let apiUrl = '';
  let webUrl: string | undefined;
  const ctx: SurfaceContext = {
    db: options.db,
    config,
    keys,
    apiUrl: () => apiUrl,
    webUrl: () => webUrl,
    devSurfaces: dev.on,
    localSmtp,
  };
  // the configured site URLs, the web origin we serve and the API's own (known once listening)
  const guard = createRequestGuard(() => [...configuredUrls(config), webUrl, apiUrl]);
  const mounted: Surface[] = [];
  const mount = async (factory?: SurfaceFactory) => {
    if (!factory) return null;
    const s = await factory(ctx);
    mounted.push(s);
    return s.handle;
  };
  const surfaces = options.surfaces ?? {};
  const routes: Route[] = [
    {
      prefix: '/rest/v1',
      handler: (req, res, t) => restApp.handle(req, res, t),
      requireKey: true,
      gatewayPreflight: true,
    },
    // Links opened from an email or a provider's redirect carry no key (Kong's auth-v1-open routes).
    {
      prefix: '/auth/v1',
      handler: await mount(surfaces.auth ?? authSurface),
      requireKey: true,
      open: AUTH_OPEN_PATHS,
      gatewayPreflight: true,
      devOnly: AUTH_DEV_PATHS,
    },
    {
      prefix: '/storage/v1',
      handler: await mount(surfaces.storage ?? storageSurface({ env })),
      requireKey: false,
      gatewayPreflight: true,
    },
    {
      prefix: '/functions/v1',
      handler: await mount(surfaces.functions ?? functionsSurface({ env })),
      requireKey: false,
      gatewayPreflight: false,
      // the edge runtime's error shape; the worker would otherwise stream any size to Deno
      maxBody: {
        bytes: FUNCTION_MAX_BODY,
        tooLarge: () => ({
          status: 413,
          body: { code: 'PAYLOAD_TOO_LARGE', message: `Request body larger than ${FUNCTION_MAX_BODY} bytes` },
        }),
      },
    },
    // Razorpay's own API and checkout script, played locally (razorpay/index.ts).
    {
      prefix: '/razorpay',
      // its webhook URL (RAZORPAY_WEBHOOK_URL) is configuration, as on Razorpay's dashboard
      handler: await mount(
        surfaces.razorpay ?? razorpaySurface(undefined, undefined, razorpaySandboxOptionsFromEnv(env)),
      ),
      requireKey: false,
      gatewayPreflight: true,
      devOnly: /.*/,
      // Razorpay's error shape; the sandbox reads whole bodies into memory
      maxBody: {
        bytes: RAZORPAY_MAX_BODY,
        tooLarge: () => ({
          status: 413,
          body: {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: `The request body is larger than ${RAZORPAY_MAX_BODY} bytes.`,
              source: 'NA',
              step: 'NA',
              reason: 'input_validation_failed',
              metadata: {},
            },
          },
        }),
      },
    },
  ];

  const servers: Server[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all(servers.map(closeServer));
      await unlisten().catch(() => {});
      for (const s of mounted) await s.close?.().catch(() => {});
      await smtp?.stop(); // after Auth, whose kept-open SMTP connection it would otherwise wait for
      await restApp.close();
    })());

  try {
    const api = createServer(createGateway(routes, { keys, guard, devSurfaces: dev.on }));
    servers.push(api);
    apiUrl = urlOf(await listen(api, apiPort, apiHost));
    if (web) {
      const paths = projectPaths();
      const site = createServer(
        createWebHandler({
          storefrontDist: web.storefrontDist ?? paths.storefrontDist,
          adminDist: web.adminDist ?? paths.adminDist,
          sitemapUrl: `${apiUrl}/functions/v1/sitemap`,
          siteUrl: () => webUrl ?? apiUrl,
          apiUrl: () => apiUrl,
          guard,
          devSurfaces: dev.on,
        }),
      );
      servers.push(site);
      webUrl = urlOf(await listen(site, webPort, webHost));
    }
  } catch (e) {
    await stop(); // a port in use: release what started, then report
    throw e;
  }
  return {
    apiUrl,
    webUrl,
    keys,
    devSurfaces: dev.on,
    devSurfacesReason: dev.reason,
    allowedOrigins: guard.origins(),
    restApp,
    smtp,
    stop,
  };
}

/** Paths of Auth that exist only for development: the local provider's page and the mailbox. */
export const AUTH_DEV_PATHS = /^\/(local-provider(\/avatar\.svg)?|mailbox(\/messages(\.json)?|\/[^/]+)?)\/?$/;

/** Bodies sent to an Edge Function (hosted Supabase documents none; a worker has 256 MB). */
const FUNCTION_MAX_BODY = 10 * 1024 * 1024;
/** Bodies sent to the Razorpay sandbox (its requests are small JSON documents). */
const RAZORPAY_MAX_BODY = 100 * 1024;

/**
 * The mailbox, the local provider and the Razorpay sandbox stand in for third parties on a laptop.
 * With the secret everybody knows they are no worse than the keys themselves; anywhere else they
 * would be a backdoor (read anyone's reset link, sign in as anyone), so they need both.
 */
function devSurfacesDecision(keys: ApiKeys, hosts: string[]): { on: boolean; reason: string } {
  if (!keys.wellKnownSecret) {
    return {
      on: false,
      reason: 'off: SUPABASE_JWT_SECRET is set (a secret of your own means a real deployment)',
    };
  }
  const foreign = hosts.filter((h) => !isLoopbackHost(h));
  if (foreign.length)
    return { on: false, reason: `off: listening on ${foreign.join(', ')}, beyond loopback` };
  return { on: true, reason: 'on: the well-known local keys, listening on loopback only' };
}

/** Never serve beyond loopback with the secret everybody knows (anyone could mint service_role). */
function refuseUnsafeHosts(keys: ApiKeys, hosts: string[]): void {
  const unsafe = hosts
    .filter((h) => !isLoopbackHost(h))
    .map((h) => (h.trim() ? h : `'${h}' (every interface)`));
  if (keys.wellKnownSecret && unsafe.length) {
    throw new UnsafeHostError(
      `Refusing to listen on ${unsafe.join(', ')}: the JWT secret is the well-known local one, so anyone who can ` +
        `reach this server could sign a service_role key. Listen on 127.0.0.1 (unset HOST/SUPABASE_HOST), or set ` +
        `SUPABASE_JWT_SECRET to a secret of your own (at least 32 characters).`,
    );
  }
}

/** PostgREST reloads on an empty payload or 'reload schema'; bursts collapse into one reload. */
function reloadOnNotify(restApp: RestApp) {
  let pending: NodeJS.Timeout | undefined;
  return (payload: string) => {
    if (payload !== '' && payload !== 'reload schema') return;
    clearTimeout(pending);
    pending = setTimeout(() => {
      restApp.reloadSchema().catch((e: Error) => console.error(`[rest] schema reload failed: ${e.message}`));
    }, 20);
  };
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

function urlOf(a: AddressInfo): string {
  const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}

/** Stop accepting, let requests in flight finish briefly, then cut keep-alive connections. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2000).unref();
  });
}

function numberEnv(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`Invalid port: ${v}`);
  return n;
}
