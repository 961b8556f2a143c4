/**
 * supabase-local's Auth: the GoTrue endpoints @supabase/auth-js calls, mounted at /auth/v1 behind
 * the gateway, over the same auth.* tables GoTrue writes (so triggers on auth.users behave as in
 * production), with settings from supabase/config.toml.
 *
 * Beyond GoTrue: /mailbox (the mail Auth sends, kept locally) and /local-provider (the stand-in for
 * Google and GitHub sign-in pages).
 *
 * Handlers are `(req, ctx) => Promise<Reply>` and throw typed errors; handleError (errors.ts) is
 * the one place those become answers, in the shape the request's X-Supabase-Api-Version asks for.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SupabaseConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { SurfaceHandler } from '../gateway.ts';
import type { ApiKeys } from '../keys.ts';
import type { AuthContext, Handler } from './context.ts';
import { handleError, requestApiVersion } from './errors.ts';
import { clientIp, readBody, send, type AuthRequest, type Reply } from './http.ts';
import { createMailer } from './mail.ts';
import { authSettings, type AuthSettings } from './options.ts';
import { createLimiter, type RateLimits } from './rate-limit.ts';
import { createUser, deleteUser, getUserAdmin, listUsers, updateUserAdmin } from './routes/admin.ts';
import { authorize, callback } from './routes/authorize.ts';
import { localProviderAvatar, localProviderChoose, localProviderPage } from './routes/local-provider.ts';
import { logout } from './routes/logout.ts';
import { mailboxClear, mailboxHtml, mailboxJson, mailboxMessage } from './routes/mailbox.ts';
import { otp } from './routes/otp.ts';
import { reauthenticate } from './routes/reauthenticate.ts';
import { recover } from './routes/recover.ts';
import { resend } from './routes/resend.ts';
import { jwks } from './routes/jwks.ts';
import { health, settings } from './routes/settings.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { invite } from './routes/invite.ts';
import { getUser, updateUserHandler } from './routes/user.ts';
import { verifyGet, verifyPost } from './routes/verify.ts';
import { createTokenService } from './tokens.ts';
import { createAuthJwt } from './jwt.ts';
import { authMailTransport, type LocalSmtp } from '../mail/transport.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ROUTES: [Method, string, Handler][] = [
  ['GET', '/health', health],
  ['GET', '/.well-known/jwks.json', jwks],
  ['GET', '/settings', settings],
  ['POST', '/signup', signup],
  ['POST', '/token', token],
  ['POST', '/logout', logout],
  ['GET', '/reauthenticate', reauthenticate],
  ['GET', '/user', getUser],
  ['PUT', '/user', updateUserHandler],
  ['POST', '/recover', recover],
  ['POST', '/otp', otp],
  ['POST', '/resend', resend],
  ['GET', '/verify', verifyGet],
  ['POST', '/verify', verifyPost],
  ['GET', '/authorize', authorize],
  ['GET', '/callback', callback],
  ['POST', '/callback', callback],
  ['GET', '/local-provider', localProviderPage],
  ['POST', '/local-provider', localProviderChoose],
  ['GET', '/local-provider/avatar.svg', localProviderAvatar],
  ['GET', '/mailbox', mailboxHtml],
  ['GET', '/mailbox/messages.json', mailboxJson],
  ['DELETE', '/mailbox/messages', mailboxClear],
  ['GET', '/mailbox/:id', mailboxMessage],
  ['GET', '/admin/users', listUsers],
  ['POST', '/admin/users', createUser],
  ['POST', '/invite', invite],
  ['GET', '/admin/users/:id', getUserAdmin],
  ['PUT', '/admin/users/:id', updateUserAdmin],
  ['DELETE', '/admin/users/:id', deleteUser],
];

/**
 * Paths under /auth/v1 that browsers open without an apikey: email links, the OAuth round trip
 * (Kong's auth-v1-open routes), the JWKS (verifiers fetch it without a key), and supabase-local's
 * mailbox and provider pages.
 */
export const AUTH_OPEN_PATHS =
  /^\/(verify|callback|authorize|\.well-known\/jwks\.json|local-provider(\/avatar\.svg)?|mailbox(\/messages\.json|\/\d+)?)\/?$/;

export interface AuthAppOptions {
  db: Db;
  config: SupabaseConfig;
  keys: ApiKeys;
  /** the clock (tests move it to cross the refresh-token reuse interval, link expiry, rate-limit refill) */
  now?: () => Date;
  /** rate limits over config.toml's (tests) */
  rateLimits?: Partial<RateLimits>;
  /**
   * The public URL of /auth/v1 that mail links, the OAuth redirect_uri and the local provider page
   * are built from (GoTrue's API_EXTERNAL_URL); a function when known only once the server listens.
   * Default: http://127.0.0.1:<api.port>. Never the request's Host or X-Forwarded-Host, which a
   * caller chooses (a reset link pointing at an attacker's host).
   */
  externalUrl?: string | (() => string);
  log?: (message: string) => void;
  /**
   * false: the local provider page is not served (development surfaces off), so /authorize has no
   * provider to send the browser to and answers as GoTrue does for a provider that is not enabled.
   * Default true.
   */
  localProvider?: boolean;
  /**
   * The local SMTP listener Auth sends to when `[auth.email.smtp]` is not configured (as the CLI's
   * GoTrue sends to Inbucket); null/absent: no listener, the mail is kept in the mailbox table.
   */
  localSmtp?: LocalSmtp | null;
}

export interface AuthApp {
  handle: SurfaceHandler;
  settings: AuthSettings;
  close(): Promise<void>;
}

interface CompiledRoute {
  method: Method;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

function compile([method, path, handler]: [Method, string, Handler]): CompiledRoute {
  const names: string[] = [];
  const source = path.replace(/[.]/g, '\\.').replace(/:(\w+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), names, handler };
}

export function createAuthApp(options: AuthAppOptions): AuthApp {
  const now = options.now ?? (() => new Date());
  const settings = authSettings(options.config, options.keys.jwtSecret, options.rateLimits);
  const log = options.log ?? ((m: string) => console.error(`[auth] ${m}`));
  const jwt = createAuthJwt(options.keys);
  const transport = authMailTransport(options.config.auth.email.smtp, options.localSmtp ?? null);
  const ctx: AuthContext = {
    db: options.db,
    settings,
    jwt,
    tokens: createTokenService(options.db, settings, jwt, now),
    mailer: createMailer(settings, now, transport),
    limiter: createLimiter(settings.rateLimits, () => now().getTime()),
    now,
    log,
    localProvider: options.localProvider ?? true,
  };
  const routes = ROUTES.map(compile);
  const fallbackBase = `http://127.0.0.1:${options.config.api.port}/auth/v1`;
  const externalUrl = (): string => {
    const u = typeof options.externalUrl === 'function' ? options.externalUrl() : options.externalUrl;
    return (u || fallbackBase).replace(/\/+$/, '');
  };

  async function dispatch(req: AuthRequest): Promise<Reply> {
    let methodMismatch = false;
    for (const r of routes) {
      const m = r.pattern.exec(req.path);
      if (!m) continue;
      if (r.method !== req.method) {
        methodMismatch = true;
        continue;
      }
      r.names.forEach((n, i) => (req.params[n] = decodeURIComponent(m[i + 1]!)));
      return r.handler(req, ctx);
    }
    // what GoTrue's router (chi) answers
    return methodMismatch ? { status: 405 } : { status: 404, text: '404 page not found\n' };
  }

  const handle: SurfaceHandler = async (req: IncomingMessage, res: ServerResponse, target: string) => {
    const q = target.indexOf('?');
    let path = q < 0 ? target : target.slice(0, q);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const authReq: AuthRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path,
      query: new URLSearchParams(q < 0 ? '' : target.slice(q + 1)),
      headers: req.headers,
      ip: clientIp(req),
      params: {},
      baseUrl: externalUrl(),
      body: readBody(req),
    };
    const version = requestApiVersion(
      typeof req.headers['x-supabase-api-version'] === 'string'
        ? req.headers['x-supabase-api-version']
        : undefined,
    );
    let reply: Reply;
    try {
      reply = await dispatch(authReq);
    } catch (e) {
      reply = handleError(e, version, log);
    }
    send(res, reply);
  };

  return { handle, settings, close: async () => transport.close() };
}
