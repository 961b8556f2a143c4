import { createClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database';
import { env } from '@/lib/env';
import { linkErrorIn } from '@/lib/auth-link';

/**
 * The error of a failed password-reset link this page was opened with, read before the client
 * below handles (and clears) the URL: /admin/set-password tells it apart from a working link.
 */
export const linkErrorAtLoad = typeof window === 'undefined' ? null : linkErrorIn(window.location.href);

/**
 * The admin's own Supabase client, typed by the generated `Database` (lib/database.ts): a column a
 * migration renames fails the typecheck. Its session is stored under a different key from the
 * storefront's, so signing in to the console does not sign a shopper in on the same origin.
 */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseKey, {
  auth: { persistSession: true, autoRefreshToken: true, storageKey: 'furnicraft-admin-auth' },
});
