import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from 'shared/types/database';

export type Supabase = SupabaseClient<Database>;

/**
 * The Supabase client, loaded on first use: supabase-js (about 56 KB gzip) stays out of the entry
 * chunk, so the first paint does not wait for it. Every fetcher awaits this instead of importing
 * lib/supabase.ts directly.
 */
let client: Promise<Supabase> | undefined;
export function getSupabase(): Promise<Supabase> {
  client ??= (paintFirst() ? afterFirstPaint() : Promise.resolve())
    .then(() => import('@/lib/supabase'))
    .then((m) => m.supabase);
  return client;
}

/**
 * Set on `<html>` by index.html's preload script (build/preload-route.ts `paintsBeforeData`) on a page
 * whose largest content needs no data (home: the hero): supabase-js was not preloaded there, and is
 * loaded only once that content is shown, so its download does not compete with it.
 */
export const PAINT_FIRST_ATTRIBUTE = 'data-paint-first';

const paintFirst = () =>
  typeof document !== 'undefined' && document.documentElement.hasAttribute(PAINT_FIRST_ATTRIBUTE);

/**
 * Resolves once the page's largest content so far has been shown: the first largest-contentful-paint
 * entry for anything but index.html's placeholder name (the hero painted by index.html, or what React
 * rendered), or after 1 s (a browser without the API resolves at once).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return resolve();
    const done = () => {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    };
    const timer = setTimeout(done, 1000);
    const observer = new PerformanceObserver((list) => {
      // A picture, an element with an id (index.html's first paint has gone from the page by now: its
      // hero heading is #first-paint-hero, lib/first-paint.ts), or an element React rendered.
      const painted = list
        .getEntries()
        .some(
          (e) =>
            e instanceof LargestContentfulPaint &&
            (e.url !== '' ||
              e.id !== '' ||
              (e.element?.isConnected === true && !e.element.matches('#root > p'))),
        );
      if (painted) done();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}
