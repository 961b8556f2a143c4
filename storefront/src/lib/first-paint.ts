/**
 * A catalog page's first picture, painted by index.html itself, and the app started after it.
 *
 * lib/first-data.ts has index.html ask for a catalog page's data and preload its first picture. The
 * picture still waited for React: on a phone the entry's download shared the bandwidth with it and its
 * evaluation (around a second of main thread under a 4× slower CPU) held back both the answer's
 * callback and the render. Here, when the answer names the page's first picture, index.html paints a
 * plain skeleton of the page with that picture in it (`#first-paint`: fixed over the page, hidden from
 * assistive technology, letting clicks through), and home paints its hero; only then does `startApp`
 * add the app's entry (and build/preload-route.ts its route's chunks). The skeleton leaves once the
 * app's own page has painted: it is out of the flow, so nothing moves when it goes.
 *
 * Like first-data.ts these functions are inlined into index.html as their source text
 * (build/first-data.ts): no imports, no names from outside their own bodies.
 * docs/decisions/018-first-paint-before-the-app.md.
 */
import type { FirstPicture, FirstPictureKind } from './first-data';

declare global {
  interface Window {
    /**
     * Settles once index.html's first paint is done: the page's first picture (or it could not be),
     * else the next frame. The app's scripts wait for it (startApp, build/preload-route.ts).
     */
    __firstPaint?: Promise<void>;
  }
}

/** What index.html paints first: a catalog page's first picture, or home's hero (its heading and line). */
export type FirstPaint =
  { kind: FirstPictureKind; picture: FirstPicture } | { kind: 'hero'; title: string; text: string };

/**
 * Paints the skeleton of a listing (a grid card) or a product page (the large photo) with the first
 * picture, or home's hero, and removes it once the app's page has painted. Resolves when it has been
 * painted (a frame after the picture decoded) or could not be.
 */
export function paintFirst(first: FirstPaint, brand: string): Promise<void> {
  const root = document.getElementById('root');
  // Too late: the app is already rendering (startApp marks `<html data-app-started>`: a slow answer).
  if (!root || !document.body || document.documentElement.hasAttribute('data-app-started'))
    return Promise.resolve();
  // The page's own layout (components/layout, the product grid, the product page's two columns, home's
  // hero), in plain CSS: the app's stylesheet is not applied yet. Every picture here is a little larger
  // than the app's (one pixel less padding, no card border) and the hero's heading is the app's, so the
  // app's own never counts as a larger paint (LCP).
  const css =
    '#first-paint{position:fixed;inset:0;z-index:2147483647;overflow:hidden;background:#fafaf9;pointer-events:none;font-family:ui-sans-serif,system-ui,sans-serif}' +
    '#first-paint .h{height:65px;background:#fff;border-bottom:1px solid #e7e5e4}' +
    '#first-paint .hb{box-sizing:border-box;max-width:72rem;height:100%;margin:0 auto;padding:0 1rem;display:flex;align-items:center;font-size:1.25rem;line-height:1.75rem;font-weight:700;color:#7b3306}' +
    '#first-paint .m{box-sizing:border-box;max-width:72rem;margin:0 auto;padding:2rem calc(1rem - 1px)}' +
    '#first-paint .t{height:2.25rem;width:60%;max-width:24rem;margin-bottom:1.5rem;border-radius:.5rem;background:#e7e5e4}' +
    '#first-paint .g{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:1rem}' +
    '@media (min-width:1024px){#first-paint .g{grid-template-columns:repeat(4,minmax(0,1fr))}}' +
    '#first-paint .c{aspect-ratio:3/4;overflow:hidden;border-radius:.75rem;background:#e7e5e4}' +
    '#first-paint .p{display:grid;gap:2rem}' +
    '@media (min-width:768px){#first-paint .p{grid-template-columns:repeat(2,minmax(0,1fr))}}' +
    '#first-paint img{display:block;width:100%;aspect-ratio:1;object-fit:cover;background:#f5f5f4}' +
    '#first-paint .p img{border-radius:1rem}' +
    '#first-paint .o{padding:3rem 1.5rem;border-radius:1rem;background:#fef3c6;text-align:center}' +
    '#first-paint .o h1{margin:0;font-size:1.875rem;line-height:2.25rem;font-weight:700;color:#461901}' +
    '#first-paint .o p{max-width:36rem;margin:.75rem auto 0;line-height:1.5rem;color:#7b3306}' +
    '@media (min-width:640px){#first-paint .o{padding:4rem 1.5rem}#first-paint .o h1{font-size:3rem;line-height:1}}';
  const el = (tag: string, className?: string, text?: string) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  };
  const layer = el('div');
  layer.id = 'first-paint';
  layer.setAttribute('aria-hidden', 'true');
  const style = el('style');
  style.textContent = css;
  const header = el('div', 'h');
  header.appendChild(el('div', 'hb', brand));
  const main = el('div', 'm');
  let painted: Promise<unknown> = Promise.resolve();
  if (first.kind === 'hero') {
    const hero = el('div', 'o');
    const title = el('h1', '', first.title);
    title.id = 'first-paint-hero'; // named in its largest-contentful-paint entry (lib/get-supabase.ts)
    hero.append(title, el('p', '', first.text));
    main.appendChild(hero);
  } else {
    const p = first.picture;
    const img = document.createElement('img');
    img.alt = '';
    img.fetchPriority = 'high';
    if (p.srcset) img.srcset = p.srcset;
    if (p.sizes) img.sizes = p.sizes;
    img.src = p.href;
    painted = img.decode();
    if (first.kind === 'listing') {
      const grid = el('div', 'g');
      const card = el('div', 'c');
      card.appendChild(img);
      grid.append(card, el('div', 'c'));
      main.append(el('div', 't'), grid);
    } else {
      const columns = el('div', 'p');
      columns.appendChild(img);
      main.appendChild(columns);
    }
  }
  layer.append(style, header, main);
  document.body.appendChild(layer);

  // Gone once the app's page has painted: home at its heading (the same words); a catalog page once its
  // own first picture shows (the preloaded copy: at once), or a second after its heading when it shows
  // none (no products, an error); at the latest after 10 s.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retire = () => {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(last);
    layer.remove();
  };
  const check = () => {
    if (first.kind === 'hero') {
      if (root.querySelector('h1')) retire();
      return;
    }
    const picture = root.querySelector('img[fetchpriority="high"]');
    if (picture instanceof HTMLImageElement) {
      observer.disconnect();
      if (picture.complete) retire();
      else {
        picture.addEventListener('load', retire, { once: true });
        picture.addEventListener('error', retire, { once: true });
      }
    } else if (timer === undefined && root.querySelector('h1')) timer = setTimeout(retire, 1000);
  };
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true });
  const last = setTimeout(retire, 10000);

  return new Promise<void>((resolve) => {
    const done = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    painted.then(done, done);
  });
}

/** Settles after the next frame: a page whose first paint waits for no picture (the store's name). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Starts the app's entry (Vite's module script, added now; its download is under way) once index.html's first
 * picture is painted, at once when there is none to wait for or the tab is in the background, and at
 * the latest `capMs` after the navigation began: a slow answer or picture never holds the app back for long.
 */
export function startApp(entry: string, capMs: number): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    document.documentElement.setAttribute('data-app-started', '');
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.body.appendChild(script);
  };
  // A tab opened in the background paints nothing and runs no animation frame (the first paint would
  // wait for one): start now, so the page is ready when the shopper turns to it.
  if (document.visibilityState === 'hidden') return go();
  setTimeout(go, Math.max(0, capMs - performance.now()));
  (window.__firstPaint ?? Promise.resolve()).then(go, go);
}
