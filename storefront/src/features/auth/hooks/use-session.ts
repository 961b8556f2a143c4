import type { Session } from '@supabase/supabase-js';
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
}

export const useSessionStore = create<SessionState>(() => ({ session: null, ready: false }));

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
    });
    const { data } = await supabase.auth.getSession();
    useSessionStore.setState({ session: data.session, ready: true });
    if (landing === 'confirmed' && data.session) toast.success(EMAIL_CONFIRMED);
    if (landing === 'link-invalid' && !recovering) toast.error(LINK_INVALID);
  });
}

export const useSession = () => useSessionStore((s) => s.session);
export const useSessionReady = () => useSessionStore((s) => s.ready);
export const useUser = () => useSessionStore((s) => s.session?.user ?? null);

/** Admin by role, set only by the service role (never user_metadata). */
export const useIsAdmin = () => useSessionStore((s) => s.session?.user.app_metadata?.role === 'admin');
