import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The Supabase client, loaded on first use: supabase-js (about 56 KB gzip) stays out of the entry
 * chunk, so the first paint does not wait for it. Every fetcher awaits this instead of importing
 * lib/supabase.ts directly.
 */
let client: Promise<SupabaseClient> | undefined;
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@/lib/supabase').then((m) => m.supabase);
  return client;
}
