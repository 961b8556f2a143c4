import type { Plugin } from 'vite';
import { APP_STYLES_ID } from '../src/lib/app-styles.ts';

/**
 * The built index.html asks for the stylesheet with `<link rel="preload" as="style">` instead of
 * `<link rel="stylesheet">`: it downloads as early and as urgently, but no longer blocks the first paint
 * (the store's name, painted with inline styles, FCP). The entry turns it on and waits for it before
 * React renders anything (src/lib/app-styles.ts), so no page is ever shown unstyled.
 *
 * Measured with `pnpm bench:lighthouse` (storefront/README.md "Performance"): with a render-blocking
 * stylesheet the first paint waited for the scripts too, which share the phone's bandwidth with it.
 */
export function stylesOffTheCriticalPath(): Plugin {
  return {
    name: 'styles-off-the-critical-path',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        if (links.length !== 1)
          throw new Error(`expected one stylesheet link in index.html, found ${links.length}`);
        return html.replace(
          links[0]!,
          links[0]!.replace('rel="stylesheet"', `rel="preload" as="style" id="${APP_STYLES_ID}"`),
        );
      },
    },
  };
}
