/**
 * The store's own database (supabase/migrations and supabase/seed.sql, as shipped) behind the full
 * API, for the db-*.test.ts suites: people to play (two customers, a fresh owner, an owner whose
 * sign-in is 9 hours old, one staff member of each other role, a customer who wrote `role: admin`
 * into their own metadata, a visitor),
 * access tokens with the claims GoTrue issues (sub, role, aud, email, app_metadata, user_metadata,
 * amr with the sign-in time, session_id, aal), and supabase-js clients carrying them. Each person
 * has a live auth.sessions row (as a sign-in makes one) that their tokens name: the database's
 * admin check wants the session to still exist.
 */
import { createHash } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { projectPaths, type Queryable } from 'supabase-local';
import { forEachServer, startTestServer, type DbKind, type TestServer } from 'supabase-local/testing';
import { afterAll } from 'vitest';
import type { Database, Json } from '../../../shared/src/types/database.ts';
import { ledgerMismatches, productTotalMismatches } from './variants.ts';

export const STORE_PATHS = projectPaths();

/**
 * One describe block per database kind, each with a server over the store's migrations and seed.
 * Before the database goes away, whatever the suite did to it, the stock ledger must still hold:
 * every variant's stock_quantity equals the sum of its movements (issue 16), and once the ledger's
 * last rows are folded in, every product's total the sum of its active variants (issue 22).
 */
export function forEachStoreServer(
  name: string,
  body: (suite: { kind: DbKind; server: () => TestServer }) => void,
  options: { seed?: boolean } = {},
): void {
  forEachServer(
    name,
    {
      migrationsDir: STORE_PATHS.migrationsDir,
      seedPaths: options.seed === false ? [] : STORE_PATHS.seedPaths,
    },
    (suite) => {
      body(suite);
      // After-hooks run last-registered first: this runs before forEachServer stops the server.
      afterAll(async () => {
        await expectLedgerBalanced(suite.server().db, `${name} [${suite.kind}]`);
      });
    },
  );
}

/** Throws, naming the variants, when some variant's stock is not the sum of its movements. */
export async function expectLedgerBalanced(db: Queryable, where: string): Promise<void> {
  const wrong = await ledgerMismatches(db);
  if (wrong.length > 0)
    throw new Error(
      `${where}: stock_quantity ≠ sum(stock_movements.quantity) for ${wrong.length} variant(s): ${JSON.stringify(wrong.slice(0, 10))}`,
    );
  const totals = await productTotalMismatches(db);
  if (totals.length > 0)
    throw new Error(
      `${where}: products.stock_quantity ≠ its active variants' stock after private.refresh_product_stock() for ${totals.length} product(s): ${JSON.stringify(totals.slice(0, 10))}`,
    );
}

export function startStoreServer(kind: DbKind): Promise<TestServer> {
  return startTestServer(kind, {
    migrationsDir: STORE_PATHS.migrationsDir,
    seedPaths: STORE_PATHS.seedPaths,
  });
}

export interface Person {
  id: string;
  email: string;
  /** staff_members.roles (issue 21): staff are rows there, written by owners or the service role */
  staffRoles?: Array<Database['public']['Enums']['staff_role']>;
  /** seconds since they signed in (the amr time); default one minute */
  signedInAgo?: number;
  /** what the user wrote about themselves at sign-up (user_metadata) */
  userMetadata?: Record<string, unknown>;
}

export const PEOPLE = {
  customerA: {
    id: 'c0000000-0000-4000-8000-00000000000a',
    email: 'asha@example.in',
    userMetadata: { full_name: 'Asha Rao', phone: '+91 98450 12345' },
  },
  customerB: {
    id: 'c0000000-0000-4000-8000-00000000000b',
    email: 'bilal@example.in',
    userMetadata: { full_name: 'Bilal Khan', phone: '9123456780' },
  },
  admin: {
    id: 'a0000000-0000-4000-8000-000000000001',
    email: 'staff@furnicraft.in',
    staffRoles: ['owner'],
    userMetadata: { full_name: 'Store Staff' },
  },
  staleAdmin: {
    id: 'a0000000-0000-4000-8000-000000000002',
    email: 'night-shift@furnicraft.in',
    staffRoles: ['owner'],
    signedInAgo: 9 * 3600,
    userMetadata: { full_name: 'Night Shift' },
  },
  // One of each other staff role (issue 21).
  catalogStaff: {
    id: 'a0000000-0000-4000-8000-000000000003',
    email: 'catalog@furnicraft.in',
    staffRoles: ['catalog'],
    userMetadata: { full_name: 'Catalog Staff' },
  },
  supportStaff: {
    id: 'a0000000-0000-4000-8000-000000000004',
    email: 'support@furnicraft.in',
    staffRoles: ['support'],
    userMetadata: { full_name: 'Support Staff' },
  },
  financeStaff: {
    id: 'a0000000-0000-4000-8000-000000000005',
    email: 'finance@furnicraft.in',
    staffRoles: ['finance'],
    userMetadata: { full_name: 'Finance Staff' },
  },
  viewerStaff: {
    id: 'a0000000-0000-4000-8000-000000000006',
    email: 'viewer@furnicraft.in',
    staffRoles: ['viewer'],
    userMetadata: { full_name: 'Viewer Staff' },
  },
  // Claims admin in every place a user can write, none of which is staff_members.
  pretender: {
    id: 'c0000000-0000-4000-8000-00000000000c',
    email: 'mallory@example.in',
    userMetadata: { full_name: 'Mallory', role: 'admin', app_metadata: { role: 'admin' } },
  },
} satisfies Record<string, Person>;

/** The auth.sessions row a person's tokens name (addPeople makes it, as a sign-in would). */
export function sessionIdOf(p: Person): string {
  const h = createHash('sha256').update(`session:${p.id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Adds the people to auth.users as Auth would (which also makes their profiles), each with the
 * live session their tokens name.
 */
export async function addPeople(db: Queryable, people: Person[] = Object.values(PEOPLE)): Promise<void> {
  for (const p of people) {
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
         $3::jsonb, $4::jsonb, now(), now(), false)
       on conflict (id) do nothing`,
      [
        p.id,
        p.email,
        JSON.stringify({ provider: 'email', providers: ['email'] }),
        JSON.stringify(p.userMetadata ?? {}),
      ],
    );
    await db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal)
       values ($1, $2, now(), now(), 'aal1')
       on conflict (id) do nothing`,
      [sessionIdOf(p), p.id],
    );
    if (p.staffRoles)
      await db.query(
        `insert into public.staff_members (user_id, email, roles) values ($1, $2, $3::public.staff_role[])
         on conflict (user_id) do nothing`,
        [p.id, p.email, `{${p.staffRoles.join(',')}}`],
      );
  }
}

/**
 * An access token with the claims GoTrue puts in one (HS256 with the server's secret), naming the
 * person's session (or `sessionId`).
 */
export function accessToken(s: TestServer, p: Person, sessionId: string = sessionIdOf(p)): string {
  const now = Math.floor(Date.now() / 1000);
  return s.signJwt({
    aud: 'authenticated',
    exp: now + 3600,
    iat: now,
    iss: `${s.url}/auth/v1`,
    sub: p.id,
    email: p.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { email: p.email, email_verified: true, sub: p.id, ...(p.userMetadata ?? {}) },
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now - (p.signedInAgo ?? 60) }],
    session_id: sessionId,
    is_anonymous: false,
  });
}

/** Node 20 has no WebSocket; these tests never open a realtime channel. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in these tests');
  }
}

/**
 * A supabase-js client as the apps make one (typed with shared/src/types/database.ts): the anon
 * key, plus a user's token when signed in.
 */
export function storeClient(s: TestServer, person?: Person): SupabaseClient<Database> {
  return createClient<Database>(s.url, s.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
    ...(person ? { global: { headers: { Authorization: `Bearer ${accessToken(s, person)}` } } } : {}),
  });
}

/** A client with the service role key, as the payment Edge Functions make one (bypasses RLS). */
export function serviceClient(s: TestServer): SupabaseClient<Database> {
  return createClient<Database>(s.url, s.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
}

/** A shipping address as the checkout form sends it. */
export function shippingAddress(overrides: { [key: string]: Json | undefined } = {}): {
  [key: string]: Json | undefined;
} {
  return {
    fullName: 'Asha Rao',
    email: 'asha@example.in',
    phone: '+91 98450 12345',
    address: '14, 3rd Cross, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
    ...overrides,
  };
}

/**
 * Raises the per-minute limits on track_order and preview_promo (store_settings) for suites that
 * call them more often than a shopper would; db-rate-limits.test.ts tests the limits themselves.
 */
export async function liftRateLimits(db: Queryable): Promise<void> {
  await db.query(
    'update public.store_settings set track_order_limit_per_minute = 100000, preview_promo_limit_per_minute = 100000',
  );
}
