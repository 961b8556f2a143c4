import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { preconnect } from './build/preconnect.ts';
import { preloadRoute } from './build/preload-route.ts';
import { robotsTxt } from './build/robots.ts';
import { stylesOffTheCriticalPath } from './build/styles-off-the-critical-path.ts';

// The Supabase URL and anon key are read at build time from VITE_SUPABASE_URL and
// VITE_SUPABASE_ANON_KEY (see src/lib/env.ts); without them the build talks to the local API.
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    preconnect(loadEnv(mode, new URL('.', import.meta.url).pathname, 'VITE_').VITE_SUPABASE_URL),
    preloadRoute(new URL('./src/app/router.tsx', import.meta.url).pathname, { paintsBeforeData: ['home'] }),
    tailwindcss(),
    stylesOffTheCriticalPath(),
    robotsTxt({ siteUrl: process.env.VITE_SITE_URL ?? 'http://127.0.0.1:3000' }),
  ],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
}));
