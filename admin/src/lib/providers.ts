import { supabaseAuthProvider, supabaseDataProvider } from 'ra-supabase';
import { env } from '@/lib/env';
import { supabase } from '@/lib/supabase';

export const dataProvider = supabaseDataProvider({
  instanceUrl: env.supabaseUrl,
  apiKey: env.supabaseAnonKey,
  supabaseClient: supabase,
});

/**
 * Permissions are the JWT's app_metadata.role ('admin' for staff), which only the service role can
 * set; user_metadata is the user's own to edit and is never trusted. These checks only shape the UI:
 * RLS decides what the console can read and write.
 */
export const authProvider = supabaseAuthProvider(supabase, {
  getPermissions: async (user) => (user.app_metadata as { role?: string } | undefined)?.role,
  getIdentity: async (user) => ({
    id: user.id,
    fullName: (user.user_metadata as { full_name?: string } | undefined)?.full_name ?? user.email ?? 'Staff',
  }),
});
