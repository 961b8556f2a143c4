import { Admin, CustomRoutes } from 'react-admin';
import { LoginPage, defaultI18nProvider } from 'ra-supabase';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Dashboard } from '@/dashboard/dashboard';
import { RedirectToDashboard } from '@/layout/redirect-to-dashboard';
import { darkTheme, lightTheme } from '@/layout/theme';
import { authProvider, dataProvider } from '@/lib/providers';

/**
 * The staff console, mounted at /admin of the store's origin. react-admin's own router is a
 * HashRouter, so the app brings a BrowserRouter (real /admin/... URLs, which Supabase's email and
 * OAuth redirects need) and mounts <Admin basename="/admin"> on /admin/*, as react-admin documents
 * for sub-paths. The login page is /admin/login. Resources are registered here as each arrives.
 *
 * No `requireAuth`: with the /admin basename it sent an anonymous visitor of /admin/ into a logout →
 * /admin/login → logout loop (react-admin 5.15). Without it the dashboard route still runs checkAuth
 * and redirects to the login page; RLS, not the UI, is what guards the data.
 *
 * Forgot/set-password pages are left out for now: ra-supabase 3.5's authProvider recognises them by
 * `window.location.pathname === '/set-password'`, which never matches under /admin.
 */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<StoreAdmin />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>
  );
}

function StoreAdmin() {
  return (
    <Admin
      basename="/admin"
      title="FurniCraft Admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={defaultI18nProvider}
      loginPage={<LoginPage disableForgotPassword />}
      dashboard={Dashboard}
      theme={lightTheme}
      darkTheme={darkTheme}
      disableTelemetry
    >
      {/* Also what makes the console non-empty while it has no resources yet: without a child,
          react-admin renders its "empty admin" page instead of the dashboard and login. */}
      <CustomRoutes>
        <Route path="*" element={<RedirectToDashboard />} />
      </CustomRoutes>
    </Admin>
  );
}
