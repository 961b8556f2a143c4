import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogSitemap } from './build/sitemap.ts';

// The Supabase URL and anon key are read at build time from VITE_SUPABASE_URL and
// VITE_SUPABASE_ANON_KEY (see src/lib/env.ts); without them the build talks to the local API.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    catalogSitemap({
      seedFile: new URL('../supabase/seed.sql', import.meta.url).pathname,
      siteUrl: process.env.VITE_SITE_URL ?? 'http://127.0.0.1:3000',
    }),
  ],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
