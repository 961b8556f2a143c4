import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served under /admin of the store's origin, so every asset URL starts with /admin/.
// VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY are read at build time (src/lib/env.ts).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  // The login chunk (MUI core, supabase-js) and the lazy react-admin chunk are each ~700 KB (about
  // 210 KB gzip, see README.md); staff load them once, so don't warn about them.
  build: { chunkSizeWarningLimit: 1400 },
  server: { port: 5174, strictPort: true },
  preview: { port: 4174, strictPort: true },
});
