import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { config as zodConfig } from 'zod';
import { AppProviders } from '@/app/providers';
import { createRouter } from '@/app/router';
import { appStyles } from '@/lib/app-styles';
import './index.css';

// Zod 4 probes `new Function('')` to decide whether to compile its object parsers; under the site's
// CSP (no 'unsafe-eval') the probe is blocked and reported as a violation on every form page.
// Jitless parsing is what it falls back to anyway: say so before any schema runs.
zodConfig({ jitless: true });

const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void appStyles().then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
