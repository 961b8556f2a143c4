import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ForgotPasswordPage } from '@/login/forgot-password-page';
import { LoginPage } from '@/login/login-page';
import { SetPasswordPage } from '@/login/set-password-page';

/**
 * The staff console, mounted at /admin of the store's origin. react-admin's own router is a
 * HashRouter, so the app brings a BrowserRouter (real /admin/... URLs) and mounts
 * <Admin basename="/admin"> on /admin/*, as react-admin documents for sub-paths.
 *
 * /admin/login is rendered here, outside react-admin, and the console (react-admin, its MUI parts,
 * the resources) is a lazy chunk: the login page stays small and the console loads after sign-in.
 * When react-admin sends a signed-out user to /admin/login, this outer router takes over.
 * /admin/forgot-password and /admin/set-password (the mailed recovery link's landing page) are
 * small pages of the same kind: ra-supabase's own ones only work at the site's root.
 */
const StoreAdmin = lazy(() => import('@/store-admin'));

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/login" element={<LoginPage />} />
        <Route path="/admin/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/admin/set-password" element={<SetPasswordPage />} />
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<p style={{ padding: 16 }}>Loading the admin panel…</p>}>
              <StoreAdmin />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
