// The store's database from the functions: supabase-js typed with the generated Database
// (shared/src/types/database.ts), so a column or RPC the migrations rename fails `deno check`.
//
// Keys, as hosted Supabase hands them to functions (docs: Edge Functions → Environment variables):
// SUPABASE_SECRET_KEYS / SUPABASE_PUBLISHABLE_KEYS (JSON dictionaries of named sb_secret_… /
// sb_publishable_… keys, "default" first), else SUPABASE_SECRET_KEY / SUPABASE_PUBLISHABLE_KEY (one
// key, as self-hosted setups export it), else the legacy JWT keys SUPABASE_SERVICE_ROLE_KEY /
// SUPABASE_ANON_KEY.
//
// The caller is verified here, not by the platform: config.toml sets verify_jwt = false for every
// function (the platform check cannot verify tokens signed with the new asymmetric keys). callerOf()
// verifies the Authorization bearer with auth.getClaims(): an asymmetric token (ES256, RS256) against
// the project's public keys (SUPABASE_JWKS when the runtime gives it, else, or for a key id not in it,
// /auth/v1/.well-known/jwks.json, cached), a legacy HS256 one by asking Auth.
//
// Resolved from the workspace's node_modules when run locally (Deno uses the package.json's
// node_modules; `pnpm install` puts supabase-js there), fetched from npm by `supabase functions
// deploy`. The version is the root package.json's (supabase/tests/functions-deno.test.ts checks):
// bump both together. A version node_modules does not hold stops every function, and Deno 2.9 then
// also writes a "workspaces" field into the root package.json (from pnpm-workspace.yaml): revert it.
import { createClient, type JWK, type SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import type { Database } from '../../../shared/src/types/database.ts';

export type { QueryData } from 'npm:@supabase/supabase-js@2.119.1';
export type { Database, Json, Tables } from '../../../shared/src/types/database.ts';
export type StoreClient = SupabaseClient<Database>;
/** A database function's arguments and result, as the generated types declare them. */
export type Rpc<N extends keyof Database['public']['Functions']> = Database['public']['Functions'][N];

export function env(name: string): string {
  const v = Deno.env.get(name);
  if (!v) throw new Error(`The secret ${name} is not set`);
  return v;
}

/** The named key of a `{"default": "sb_…", …}` dictionary: "default", else the first one. */
function fromDictionary(name: string): string | undefined {
  const raw = Deno.env.get(name);
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${name} is not a JSON dictionary of keys`);
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const keys = Object.entries(parsed).flatMap(([k, v]) => (typeof v === 'string' && v ? [[k, v]] : []));
  return (keys.find(([k]) => k === 'default') ?? keys[0])?.[1];
}

type KeyKind = 'secret' | 'publishable';
const KEY_NAMES: Record<KeyKind, [dictionary: string, single: string, legacy: string]> = {
  secret: ['SUPABASE_SECRET_KEYS', 'SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY'],
  publishable: ['SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_PUBLISHABLE_KEY', 'SUPABASE_ANON_KEY'],
};

/** The project's secret (bypasses RLS) or publishable key, new-style when the runtime has one. */
export function projectKey(kind: KeyKind): string {
  const [dictionary, single, legacy] = KEY_NAMES[kind];
  const key = fromDictionary(dictionary) ?? Deno.env.get(single) ?? Deno.env.get(legacy);
  if (!key) throw new Error(`No ${kind} key: set ${dictionary}, ${single} or ${legacy}`);
  return key;
}

const SERVER_AUTH = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

function client(key: string, accessToken?: string): StoreClient {
  return createClient<Database>(env('SUPABASE_URL'), key, {
    auth: SERVER_AUTH,
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
  });
}

let admin: StoreClient | undefined;
/** The secret key's client: the writes only these functions may make (RLS bypassed). */
export function adminClient(): StoreClient {
  return (admin ??= client(projectKey('secret')));
}

let visitor: StoreClient | undefined;
/** The publishable key's client: what a visitor may read (RLS applies). */
export function publicClient(): StoreClient {
  return (visitor ??= client(projectKey('publishable')));
}

const isJwk = (v: unknown): v is JWK =>
  typeof v === 'object' && v !== null && 'kty' in v && typeof v.kty === 'string';

let publishedKeys: { keys: JWK[] } | undefined;
/** SUPABASE_JWKS (`{"keys": […]}` or `[…]`), the public keys hosted functions are given; else none. */
function runtimeJwks(): { keys: JWK[] } {
  if (publishedKeys) return publishedKeys;
  let parsed: unknown = [];
  try {
    parsed = JSON.parse(Deno.env.get('SUPABASE_JWKS') ?? '[]');
  } catch {
    console.error('SUPABASE_JWKS is not JSON: the keys are fetched from Auth instead');
  }
  const list: unknown =
    typeof parsed === 'object' && parsed !== null && 'keys' in parsed ? parsed.keys : parsed;
  return (publishedKeys = { keys: Array.isArray(list) ? list.filter(isJwk) : [] });
}

/** A verified caller: their user id and a client that reads and calls as them (RLS applies). */
export interface Caller {
  userId: string;
  db: StoreClient;
}

/**
 * The signed-in user who called, verified by the function itself; otherwise the 401 to answer
 * (no bearer token, a token this project did not sign, an expired one, or a key instead of a
 * user's session). `reply` shapes the answer as the function answers everything else.
 */
export async function callerOf(
  req: Request,
  reply: (status: number, body: { error: string }) => Response,
): Promise<Caller | Response> {
  const header = req.headers.get('Authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) return reply(401, { error: 'Missing authorization header.' });
  // A key id not in SUPABASE_JWKS is looked up in Auth's JWKS, cached by publicClient (one per worker).
  const verified = await publicClient()
    .auth.getClaims(token, { jwks: runtimeJwks() })
    .catch(() => null);
  const claims = verified && !verified.error ? verified.data?.claims : undefined;
  if (!claims || typeof claims.sub !== 'string' || !claims.sub || claims.role !== 'authenticated') {
    return reply(401, { error: 'Invalid JWT.' });
  }
  return { userId: claims.sub, db: client(projectKey('publishable'), token) };
}

/** A supabase-js error as an exception (the handler's 500), naming what failed. */
export function failed(what: string, error: { message: string; code?: string }): Error {
  return new Error(`${what} failed: ${error.code ? `${error.code} ` : ''}${error.message}`);
}
