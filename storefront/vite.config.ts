import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
// relative, not 'shared/config': Vite loads its config with Node, which will not import a linked package's .ts
import { LOCAL_BUILD_MODE, siteBuildDefines, siteBuildEnv } from '../shared/src/config.ts';
import { firstData } from './build/first-data.ts';
import { preconnect } from './build/preconnect.ts';
import { preloadRoute } from './build/preload-route.ts';
import { robotsTxt } from './build/robots.ts';
import { stylesOffTheCriticalPath } from './build/styles-off-the-critical-path.ts';

// The API, key, site address and Razorpay key id are fixed at build time from VITE_* variables:
// `vite build --mode supabase-local` (npm start, the tests) and the dev server default to supabase-local;
// any other build is a production build and refuses to start without VITE_SUPABASE_URL,
// VITE_SUPABASE_PUBLISHABLE_KEY, VITE_SITE_URL and VITE_RAZORPAY_KEY_ID, naming what is missing
// (shared/src/config.ts siteBuildEnv; docs/deploy.md).
export default defineConfig(({ mode, command }) => {
  const local = mode === LOCAL_BUILD_MODE || command === 'serve';
  const env = siteBuildEnv(loadEnv(mode, appDir, 'VITE_'), { local });
  return {
    define: siteBuildDefines(env),
    plugins: [
      react(),
      preconnect(env.supabaseUrl),
      firstData(env),
      preloadRoute(new URL('./src/app/router.tsx', import.meta.url).pathname, {
        paintsBeforeData: ['home'],
        dataFromHtml: ['category'],
      }),
      tailwindcss(),
      stylesOffTheCriticalPath(),
      robotsTxt({ siteUrl: env.siteUrl }),
    ],
    resolve: {
      alias: { '@': new URL('./src', import.meta.url).pathname },
    },
    server: { port: 5173, strictPort: true },
    preview: { port: 4173, strictPort: true },
  };
});

const appDir = new URL('.', import.meta.url).pathname;
