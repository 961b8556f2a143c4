import { createClient } from '@supabase/supabase-js';
import type { Database } from 'shared/types/database';
import { env } from '@/lib/env';
import { firstDataFetch } from '@/lib/first-data-fetch';

/**
 * The one Supabase client of the storefront, typed by the generated `Database` (a column a migration
 * renames or drops fails `pnpm typecheck`): sessions persist and refresh across tabs.
 * postgrest-js's own retries are off (`db.retry`): TanStack Query owns retrying (lib/query-client.ts),
 * and two stacked policies would keep a shopper waiting ~16 s before an error when offline.
 * Its fetch takes the answers index.html asked for before the app arrived (lib/first-data-fetch.ts).
 */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  db: { retry: false },
  global: { fetch: firstDataFetch },
});
