import type { Plugin } from 'vite';
// relative, not 'shared/…': Vite loads its config with Node, which will not import a linked package's .ts
import { FULL_WIDTH, IMAGE_WIDTHS, RENDITIONED } from '../../shared/src/catalog/product-image-renditions.ts';
import {
  BROWSE_PAGE_SIZE,
  CATEGORY_SUMMARY_COLUMNS,
  DETAIL_COLUMNS,
} from '../src/features/catalog/api/columns.ts';
import { FALLBACK_IMAGES, IMAGE_SIZES } from '../src/features/catalog/image-sources.ts';
import { STORE_SETTINGS_COLUMNS } from '../src/features/store/api/store-settings-columns.ts';
import { firstPicture, firstRequests, startFirstData, type FirstDataConfig } from '../src/lib/first-data.ts';

/** What index.html's first-data lines need to know, from the same modules the app reads. */
export function firstDataConfig(supabaseUrl: string, supabaseKey: string): FirstDataConfig {
  return {
    rest: `${supabaseUrl.replace(/\/+$/, '')}/rest/v1`,
    key: supabaseKey,
    pageSize: BROWSE_PAGE_SIZE,
    productColumns: DETAIL_COLUMNS,
    storeSettingsColumns: STORE_SETTINGS_COLUMNS,
    categoryColumns: CATEGORY_SUMMARY_COLUMNS,
    sizes: { card: IMAGE_SIZES.card, detail: IMAGE_SIZES.detail },
    renditions: RENDITIONED.map((r) => r.source),
    widths: [...IMAGE_WIDTHS],
    fullWidth: FULL_WIDTH,
    fallbacks: [...FALLBACK_IMAGES],
  };
}

/** The inline script: src/lib/first-data.ts's functions, as their source text, called with the config. */
export function firstDataScript(config: FirstDataConfig): string {
  return `(${startFirstData.toString()})(${JSON.stringify(config)},${firstRequests.toString()},${firstPicture.toString()})`;
}

/**
 * index.html sends a catalog page's first requests itself, before the entry and supabase-js arrive,
 * and preloads the page's first picture once they answer (src/lib/first-data.ts;
 * docs/decisions/016-first-data-from-index-html.md). The script is inline, first in `<head>`, so it
 * runs while the scripts and the stylesheet download; the site's CSP allows it by its hash
 * (supabase-local/src/security-headers.ts computes hashes from the built file).
 */
export function firstData({
  supabaseUrl,
  supabaseKey,
}: {
  supabaseUrl: string;
  supabaseKey: string;
}): Plugin {
  return {
    name: 'first-data',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'script',
        children: firstDataScript(firstDataConfig(supabaseUrl, supabaseKey)),
        injectTo: 'head-prepend',
      },
    ],
  };
}
