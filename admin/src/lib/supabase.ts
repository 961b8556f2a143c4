import { createClient } from '@supabase/supabase-js';
import { env } from '@/lib/env';

/**
 * The admin's own Supabase client. Its session is stored under a different key from the
 * storefront's, so signing in to the console does not sign a shopper in on the same origin.
 */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, storageKey: 'furnicraft-admin-auth' },
});
