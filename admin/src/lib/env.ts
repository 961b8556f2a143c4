import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from 'shared/config';

/**
 * The API this build talks to, fixed at build time (Vite inlines import.meta.env). Without the
 * variables a build talks to the local API of `pnpm start` / `supabase start`. Only the public anon
 * key may be put here: staff rights come from their own JWT's app_metadata.role, checked by RLS.
 */
export const env = {
  supabaseUrl: import.meta.env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL,
  supabaseAnonKey: import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_SUPABASE_ANON_KEY,
} as const;
