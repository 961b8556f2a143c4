import type { Plugin } from 'vite';
// relative, not 'shared/…': Vite loads its config with Node, which will not import a linked package's .ts
import { FULL_WIDTH, IMAGE_WIDTHS, RENDITIONED } from '../../shared/src/catalog/product-image-renditions.ts';
import { STORE_NAME } from '../../shared/src/config.ts';
import {
  BROWSE_PAGE_SIZE,
  CATEGORY_SUMMARY_COLUMNS,
  DETAIL_COLUMNS,
} from '../src/features/catalog/api/columns.ts';
import { HOME_HERO } from '../src/config/home-hero.ts';
import { FALLBACK_IMAGES, IMAGE_SIZES } from '../src/features/catalog/image-sources.ts';
import { STORE_SETTINGS_COLUMNS } from '../src/features/store/api/store-settings-columns.ts';
import { firstPicture, firstRequests, startFirstData, type FirstDataConfig } from '../src/lib/first-data.ts';
import { nextFrame, paintFirst, startApp } from '../src/lib/first-paint.ts';

/**
 * How long after the navigation began the app's entry starts at the latest, even when index.html's
 * first picture has not painted yet (a slow answer or picture).
 */
export const START_APP_CAP_MS = 1500;

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
    brand: STORE_NAME,
    hero: { ...HOME_HERO },
  };
}

/** The inline script: src/lib/first-data.ts's functions, as their source text, called with the config. */
export function firstDataScript(config: FirstDataConfig): string {
  return `window.__firstPaint=(${startFirstData.toString()})(${JSON.stringify(config)},${firstRequests.toString()},${firstPicture.toString()},${paintFirst.toString()})||(${nextFrame.toString()})()`;
}

/** The inline script that starts the app's entry (src/lib/first-paint.ts startApp). */
export function startAppScript(entry: string, capMs = START_APP_CAP_MS): string {
  return `(${startApp.toString()})(${JSON.stringify(entry)},${capMs})`;
}

/**
 * Vite's `<script type="module" src="/assets/index-….js">` leaves `<head>`: a script at the end of
 * `<body>` adds it once index.html's first paint is done (startApp), so the app's download and
 * evaluation come after the first picture instead of sharing the phone's bandwidth and main thread with
 * it (docs/decisions/018-first-paint-before-the-app.md).
 */
export function entryAfterFirstPaint(html: string): string {
  const tags = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/g) ?? [];
  if (tags.length !== 1) throw new Error(`expected one entry script in index.html, found ${tags.length}`);
  const src = /src="([^"]+)"/.exec(tags[0]!)![1]!;
  return html.replace(tags[0]!, '').replace('</body>', `<script>${startAppScript(src)}</script>\n  </body>`);
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
}): Plugin[] {
  return [
    {
      name: 'first-data',
      apply: 'build',
      transformIndexHtml: () => [
        {
          tag: 'script',
          children: firstDataScript(firstDataConfig(supabaseUrl, supabaseKey)),
          injectTo: 'head-prepend',
        },
      ],
    },
    {
      name: 'entry-after-first-paint',
      apply: 'build',
      transformIndexHtml: { order: 'post', handler: entryAfterFirstPaint },
    },
  ];
}
