import type { Plugin } from 'vite';
// relative, not 'shared/config': Vite loads its config with Node, which will not import a linked package's .ts
import { LOCAL_SUPABASE_URL } from '../../shared/src/config.ts';

/**
 * `<link rel="preconnect">` to the Supabase API in index.html: every page's data comes from that other
 * origin, so its connection opens while the scripts download instead of after them.
 */
export function preconnect(url: string | undefined): Plugin {
  const origin = new URL(url || LOCAL_SUPABASE_URL).origin; // the default of src/lib/env.ts
  return {
    name: 'preconnect-api',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'preconnect', href: origin, crossorigin: '' }, injectTo: 'head-prepend' },
    ],
  };
}
