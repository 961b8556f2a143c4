/**
 * Where the apps find the Supabase API when no build-time variable says otherwise.
 *
 * These are the well-known values that `supabase start` prints for every local project (and that
 * supabase-local reuses), not secrets: the anon key is public by design and RLS guards every row.
 * Production builds set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY to the hosted project's values.
 */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The store's name as shown in headers, titles and the payment provider's checkout. */
export const STORE_NAME = 'FurniCraft';
