import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from 'shared/config';

/**
 * The API this build talks to, fixed at build time: vite.config.ts resolves the VITE_* variables
 * (a production build refuses to finish without them) and inlines them here. The fallbacks serve
 * only the unit tests, where nothing is inlined; in a build they fold away. Only the publishable
 * key (or the legacy anon key) may be put here: staff rights come from the staff_members table,
 * checked by RLS for the signed-in staff member's own JWT.
 */
export const env = {
  supabaseUrl: import.meta.env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL,
  supabaseKey: import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY || LOCAL_SUPABASE_ANON_KEY,
} as const;
