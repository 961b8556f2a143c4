/**
 * Auth test servers: the full supabase-local API (test-server.ts) with Auth built from a given
 * config.toml (as parsed TOML), a clock the test can move, and chosen rate limits; plus auth-js
 * clients and the local mailbox as tests use them.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createAuthApp } from '../auth/index.ts';
import type { RateLimits } from '../auth/rate-limit.ts';
import { fromToml } from '../config.ts';
import type { StoredMail } from '../mail/mailbox.ts';
import { forEachServer, type TestServer, type TestServerOptions } from './test-server.ts';
import type { DbKind } from './test-db.ts';

/** A clock tests move forward (refresh-token reuse interval, expiries, rate-limit refill). */
export class TestClock {
  offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export interface AuthServerOptions extends Omit<TestServerOptions, 'config' | 'surfaces'> {
  /** config.toml's [auth] table as TOML would parse it (the store's settings are the base) */
  auth?: Record<string, unknown>;
  rateLimits?: Partial<RateLimits>;
}

/** The store's supabase/config.toml [auth] settings that matter to these tests. */
const STORE_AUTH = {
  site_url: 'http://127.0.0.1:3000',
  additional_redirect_urls: ['http://localhost:3000', 'https://store.example.com/**'],
  jwt_expiry: 3600,
  enable_refresh_token_rotation: true,
  refresh_token_reuse_interval: 10,
  enable_signup: true,
  minimum_password_length: 8,
  email: {
    enable_signup: true,
    enable_confirmations: false,
    double_confirm_changes: true,
    max_frequency: '1s',
  },
  external: { google: { enabled: true }, github: { enabled: true } },
};

function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b)
        ? merge(b as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

export interface AuthSuite {
  kind: DbKind;
  server(): TestServer;
  clock: TestClock;
}

/** One describe block per database kind, each with its own server and clock. */
export function forEachAuthServer(
  name: string,
  options: AuthServerOptions,
  body: (suite: AuthSuite) => void,
): void {
  const clock = new TestClock();
  const config = fromToml({ auth: merge(STORE_AUTH, options.auth ?? {}) });
  forEachServer(
    name,
    {
      ...options,
      config,
      surfaces: {
        auth: ({ db, keys, apiUrl, localSmtp }) =>
          createAuthApp({
            db,
            config,
            keys,
            localSmtp,
            now: clock.now,
            rateLimits: options.rateLimits,
            externalUrl: () => `${apiUrl()}/auth/v1`,
            log: () => {},
          }),
      },
    },
    ({ kind, server }) => body({ kind, server, clock }),
  );
}

/** Node 20 has no WebSocket; Auth tests never open a realtime channel. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in Auth tests');
  }
}

/** In-memory storage, so a client keeps its session (and PKCE verifier) like a browser tab. */
export function memoryStorage(): {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
} {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

export function authClient(
  s: TestServer,
  options: { flowType?: 'implicit' | 'pkce'; key?: string } = {},
): SupabaseClient {
  return createClient(s.url, options.key ?? s.anonKey, {
    auth: {
      persistSession: true,
      storage: memoryStorage(),
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
    },
    realtime: { transport: NoWebSocket as never },
  });
}

export function adminClient(s: TestServer): SupabaseClient {
  return createClient(s.url, s.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
}

/** Mail to `to`, newest first (GET /auth/v1/mailbox/messages.json, no key needed). */
export async function mailTo(s: TestServer, to: string): Promise<StoredMail[]> {
  const r = await fetch(`${s.url}/auth/v1/mailbox/messages.json?to=${encodeURIComponent(to)}`);
  if (!r.ok) throw new Error(`mailbox: ${r.status}`);
  return ((await r.json()) as { messages: StoredMail[] }).messages;
}

/** The latest message to `to` of a kind (fails the test when there is none). */
export async function latestMail(s: TestServer, to: string, kind?: StoredMail['kind']): Promise<StoredMail> {
  const m = (await mailTo(s, to)).find((x) => !kind || x.kind === kind);
  if (!m) throw new Error(`no ${kind ?? ''} mail to ${to}`);
  return m;
}

/** Follows a link as a browser would, without running scripts: each hop's status and Location. */
export async function followRedirects(
  url: string,
  options: { max?: number; stopAt?: (u: URL) => boolean; init?: RequestInit } = {},
): Promise<{ url: string; status: number; hops: string[]; response: Response }> {
  const hops: string[] = [];
  let current = url;
  let init: RequestInit | undefined = options.init;
  for (let i = 0; i < (options.max ?? 10); i++) {
    const response = await fetch(current, { ...init, redirect: 'manual' });
    init = undefined;
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location)
      return { url: current, status: response.status, hops, response };
    const next = new URL(location, current);
    hops.push(next.toString());
    await response.arrayBuffer();
    if (options.stopAt?.(next)) return { url: next.toString(), status: response.status, hops, response };
    current = next.toString();
  }
  throw new Error(`too many redirects from ${url}`);
}

/** The fragment (or query) parameters of a redirect target. */
export function fragmentParams(url: string): URLSearchParams {
  return new URLSearchParams(new URL(url).hash.slice(1));
}

let seq = 0;
/** A fresh address per test (the suites share one database per kind). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}${(seq++).toString(36)}@example.com`;
}

/**
 * A browser's way to the local provider page: signInWithOAuth, then /authorize's redirect; the page's
 * provider and state.
 */
export async function openLocalProviderPage(
  s: TestServer,
  provider: 'google' | 'github',
  redirectTo = STORE_AUTH.site_url,
): Promise<{ provider: string; state: string }> {
  const { data } = await authClient(s).auth.signInWithOAuth({
    provider,
    options: { redirectTo, skipBrowserRedirect: true },
  });
  const toPage = await fetch(data.url!, { redirect: 'manual' });
  const pageUrl = new URL(toPage.headers.get('location')!, data.url!);
  if (pageUrl.pathname !== '/auth/v1/local-provider')
    throw new Error(`/authorize sent the browser to ${pageUrl.href}, not to the local provider page`);
  return { provider: pageUrl.searchParams.get('provider')!, state: pageUrl.searchParams.get('state')! };
}

/** Picks `email` on the local provider page: the raw answer (a redirect to /callback, or the page again). */
export function chooseOnLocalProvider(
  s: TestServer,
  page: { provider: string; state: string },
  email: string,
): Promise<Response> {
  return fetch(`${s.url}/auth/v1/local-provider`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...page, email, name: 'Someone' }),
  });
}

/** The providers of a user's identities (auth.identities), sorted. */
export async function identitiesOf(s: TestServer, userId: string): Promise<string[]> {
  const { rows } = await s.db.query<{ provider: string }>(
    'select provider from auth.identities where user_id = $1 order by provider',
    [userId],
  );
  return rows.map((r) => r.provider);
}
