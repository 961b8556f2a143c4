import { supabaseAuthProvider, supabaseDataProvider } from 'ra-supabase';
import type { AuthProvider, DataProvider, GetListParams } from 'react-admin';
import { env } from '@/lib/env';
import { isSessionExpired, roleOf } from '@/lib/session';
import { supabase } from '@/lib/supabase';

const baseDataProvider = supabaseDataProvider({
  instanceUrl: env.supabaseUrl,
  apiKey: env.supabaseAnonKey,
  supabaseClient: supabase,
});

/** Which column the list search box (`q`) looks in, per resource: a case-insensitive substring. */
const searchColumns: Record<string, string> = {
  products: 'name',
  orders: 'order_number',
  categories: 'name',
  promo_codes: 'code',
  contact_messages: 'email',
  profiles: 'full_name',
};

/** `q` becomes PostgREST's `col=ilike.*first*second*` through ra-data-postgrest's `col@ilike`. */
export function mapSearch(resource: string, params: GetListParams): GetListParams {
  const { q, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
  const column = searchColumns[resource];
  if (typeof q !== 'string' || q.trim() === '' || !column) return { ...params, filter };
  // PostgREST's own syntax characters would change the filter's meaning: search on the rest.
  // The words, in order, joined by PostgREST's `*` wildcard into one pattern: ra-data-postgrest
  // would split on spaces into repeated params, which it builds wrongly beyond two words.
  const term = q
    .replace(/[*,.()%:"\\]/g, ' ')
    .trim()
    .split(/\s+/)
    .join('*');
  return term === ''
    ? { ...params, filter }
    : { ...params, filter: { ...filter, [`${column}@ilike`]: term } };
}

/**
 * Computed columns (PostgREST functions of the row) a resource's records carry besides its own:
 * orders carry allowed_transitions, the moves the database lets staff make, which the order
 * actions offer.
 */
const computedColumns: Record<string, string[]> = { orders: ['allowed_transitions'] };

/** Asks for `*` plus the resource's computed columns, unless the caller chose its columns. */
export function withComputedColumns<P extends object>(resource: string, params: P): P {
  const extra = computedColumns[resource];
  const meta = (params as { meta?: Record<string, unknown> }).meta;
  if (!extra || meta?.['columns']) return params;
  return { ...params, meta: { ...meta, columns: ['*', ...extra] } };
}

export const dataProvider: DataProvider = {
  ...baseDataProvider,
  getList: (resource, params) =>
    baseDataProvider.getList(resource, withComputedColumns(resource, mapSearch(resource, params))),
  getOne: (resource, params) => baseDataProvider.getOne(resource, withComputedColumns(resource, params)),
  getMany: (resource, params) => baseDataProvider.getMany(resource, withComputedColumns(resource, params)),
  getManyReference: (resource, params) =>
    baseDataProvider.getManyReference(resource, withComputedColumns(resource, params)),
};

const baseAuthProvider = supabaseAuthProvider(supabase, {
  getPermissions: async (user) => roleOf(user),
  getIdentity: async (user) => ({
    id: user.id,
    fullName: (user.user_metadata as { full_name?: string } | undefined)?.full_name ?? user.email ?? 'Staff',
  }),
});

/**
 * Only a staff session under 8 hours old opens the console; anything else is signed out and sent
 * to /admin/login. These checks only shape the UI: RLS decides what can be read and written.
 */
export async function checkAdminSession(): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const session = data.session;
  if (!session || roleOf(session.user) !== 'admin' || isSessionExpired(session.access_token)) {
    if (session) await supabase.auth.signOut();
    throw new Error('Your admin session has ended. Please sign in again.');
  }
}

export const authProvider: AuthProvider = {
  ...baseAuthProvider,
  checkAuth: async () => {
    await checkAdminSession();
  },
  logout: async () => {
    await supabase.auth.signOut();
    return '/login';
  },
};
