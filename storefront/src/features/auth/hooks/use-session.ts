import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { Database } from 'shared/types/database';
import { create } from 'zustand';
import { getSupabase } from '@/lib/get-supabase';
import { toast } from '@/lib/toast';
import { authLandingIn, EMAIL_CONFIRMED, LINK_INVALID } from '@/features/auth/confirmation-landing';

/**
 * The signed-in session, mirrored from supabase-js: it restores the stored session, refreshes it before
 * expiry and syncs other tabs; onAuthStateChange tells us each change.
 */
interface SessionState {
  session: Session | null;
  /** False until supabase-js has read the stored session once. */
  ready: boolean;
  /** The signed-in account is store staff (staff_access(), the staff_members table): the header's Admin link. */
  isStaff: boolean;
}

export const useSessionStore = create<SessionState>(() => ({ session: null, ready: false, isStaff: false }));

/** The user whose staff status was last asked: a token refresh does not ask again. */
let staffAskedFor: string | null = null;

/** Asks the database whether the session's account is staff (only to show a link: RLS decides). */
function syncStaff(supabase: SupabaseClient<Database>, session: Session | null) {
  const userId = session?.user.id ?? null;
  if (userId === staffAskedFor) return;
  staffAskedFor = userId;
  if (!userId) {
    useSessionStore.setState({ isStaff: false });
    return;
  }
  void supabase.rpc('staff_access').then(({ data, error }) => {
    if (staffAskedFor === userId) useSessionStore.setState({ isStaff: !error && data !== null });
  });
}

let started = false;
export function startSessionSync() {
  if (started) return;
  started = true;
  // before supabase-js reads (and clears) the link's fragment
  const landing = authLandingIn(window.location.hash);
  // a failed recovery link is explained by /reset-password itself, not by the sign-up toast
  const recovering = window.location.pathname === '/reset-password';
  void getSupabase().then(async (supabase) => {
    supabase.auth.onAuthStateChange((_event, session) => {
      useSessionStore.setState({ session, ready: true });
      // not awaited inside the callback: supabase-js holds its auth lock while callbacks run
      setTimeout(() => syncStaff(supabase, session), 0);
    });
    const { data } = await supabase.auth.getSession();
    useSessionStore.setState({ session: data.session, ready: true });
    syncStaff(supabase, data.session);
    if (landing === 'confirmed' && data.session) toast.success(EMAIL_CONFIRMED);
    if (landing === 'link-invalid' && !recovering) toast.error(LINK_INVALID);
  });
}

export const useSession = () => useSessionStore((s) => s.session);
export const useSessionReady = () => useSessionStore((s) => s.ready);
export const useUser = () => useSessionStore((s) => s.session?.user ?? null);

/** Store staff, as the database says (never anything in the token's metadata). */
export const useIsAdmin = () => useSessionStore((s) => s.session !== null && s.isStaff);
