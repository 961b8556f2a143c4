import { useEffect, useState } from 'react';
import { memoryStore, type Store } from 'react-admin';
import { supabase } from '@/lib/supabase';
import { userStore } from '@/lib/user-store';

/**
 * The signed-in staff member's Store (lib/user-store.ts), or null while the session is read. The
 * console mounts after sign-in (app.tsx), so the user cannot change under it; signed out, a memory
 * Store serves the moment before react-admin sends the browser to /admin/login.
 */
export function useUserStore(): Store | null {
  const [store, setStore] = useState<Store | null>(null);
  useEffect(() => {
    let live = true;
    void supabase.auth.getSession().then(({ data }) => {
      if (!live) return;
      const id = data.session?.user.id;
      setStore(id ? userStore(id) : memoryStore());
    });
    return () => {
      live = false;
    };
  }, []);
  return store;
}
