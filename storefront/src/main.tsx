import 'shared/schemas/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { RouteError } from '@/app/route-error';
import { AppRoutes, loadRoute } from '@/app/router';
import { appStyles } from '@/lib/app-styles';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** An error in any page shows the error page; the next navigation (Back, a link) leaves it. */
function Pages() {
  const location = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[location.key]}>
      <AppRoutes />
    </ErrorBoundary>
  );
}

// The page's chunk (preloaded by index.html) and the stylesheet before the first render: the first paint
// is the whole page, not a spinner. The first render is a transition: React renders it in slices of a
// few milliseconds and lets the browser answer input between them, instead of one long task after
// index.html's first picture (ADR 018).
void Promise.all([appStyles(), loadRoute(location.pathname)]).then(() => {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <Pages />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
});
