import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
// relative, not 'shared/config': Vite loads its config with Node, which will not import a linked package's .ts
import { LOCAL_BUILD_MODE, siteBuildDefines, siteBuildEnv } from '../shared/src/config.ts';

// Served under /admin of the store's origin, so every asset URL starts with /admin/.
// The API and key are fixed at build time, as the storefront's (vite.config.ts there): `--mode supabase-local`
// and the dev server default to supabase-local; any other build needs the production variables.
export default defineConfig(({ mode, command }) => ({
  base: '/admin/',
  define: siteBuildDefines(
    siteBuildEnv(loadEnv(mode, new URL('.', import.meta.url).pathname, 'VITE_'), {
      local: mode === LOCAL_BUILD_MODE || command === 'serve',
    }),
  ),
  plugins: [react()],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  // The login chunk (MUI core, supabase-js) and the lazy react-admin chunk are each ~700 KB (about
  // 210 KB gzip, see README.md); staff load them once, so don't warn about them.
  build: { chunkSizeWarningLimit: 1400 },
  server: { port: 5174, strictPort: true },
  preview: { port: 4174, strictPort: true },
}));
