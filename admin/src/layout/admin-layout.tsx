import { Button, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, TitlePortal, ToggleThemeButton, useLogout } from 'react-admin';
import { AdminMenu } from '@/layout/admin-menu';
import { preloadPages } from '@/lib/lazy-page';
import { checkAdminSession } from '@/lib/providers';

/** How often an open console re-checks the 8-hour session (it is also checked on each page). */
const SESSION_CHECK_MS = 60_000;
/** When the other pages' chunks are fetched, after the first screen (lib/lazy-page.ts). */
const PRELOAD_AFTER_MS = 1_000;

/**
 * react-admin's app bar as it comes (the theme switch, the loading indicator that doubles as the
 * refresh button), with the store's name and a plain Logout instead of the user menu.
 */
function AdminAppBar() {
  const logout = useLogout();
  return (
    <AppBar
      userMenu={false}
      toolbar={
        <>
          <ToggleThemeButton />
          <LoadingIndicator />
          <Button color="inherit" onClick={() => logout()}>
            Logout
          </Button>
        </>
      }
    >
      <Typography component="span" variant="h6" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
        Admin Panel
      </Typography>
      <TitlePortal />
    </AppBar>
  );
}

function useSessionGuard() {
  const logout = useLogout();
  useEffect(() => {
    const check = () => {
      checkAdminSession().catch(() => logout());
    };
    check();
    const timer = window.setInterval(check, SESSION_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [logout]);
}

function usePreloadPages() {
  useEffect(() => {
    const timer = window.setTimeout(preloadPages, PRELOAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

export function AdminLayout({ children }: { children: ReactNode }) {
  useSessionGuard();
  usePreloadPages();
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {children}
    </Layout>
  );
}
