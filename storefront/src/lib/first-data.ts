/**
 * The first page's data, asked for by index.html before any of the app's scripts has arrived.
 *
 * A catalog page's first picture needs its data, and the data waited for the entry, the route's chunk
 * and supabase-js (on a phone, over a second), then a CORS preflight and the request. Here the HTML
 * asks at once: build/first-data.ts inlines these three functions into index.html, which match the
 * address against the catalog routes, send exactly the request the page will send (a plain `fetch`
 * to REST with the publishable key), and once it answers add `<link rel="preload" as="image">` for
 * the page's first picture (the same `srcset` and `sizes` ProductImage will use). The answers wait on
 * `window.__firstData`; supabase-js's fetch (lib/first-data-fetch.ts) hands one to the app when the
 * app sends the same request as a visitor (the publishable key as its bearer: never a signed-in
 * shopper's request, whose answer RLS may make different).
 *
 * They are written to be inlined: no imports (but types), no names from outside their own bodies (the unit test
 * runs their source text alone), old-browser-safe syntax is not needed (the entry is an ES module).
 */

import type { paintFirst } from './first-paint';

export interface FirstDataConfig {
  /** `${VITE_SUPABASE_URL}/rest/v1` */
  rest: string;
  /** The publishable (or legacy anon) key. */
  key: string;
  /** browse_products' page size (api/browse-products.ts BROWSE_PAGE_SIZE). */
  pageSize: number;
  productColumns: string;
  storeSettingsColumns: string;
  categoryColumns: string;
  /** `sizes` of a grid card and of the product page's photo (features/catalog/image-sources.ts). */
  sizes: { card: string; detail: string };
  /** shared/catalog/product-image-renditions: the patterns of pictures stored at every width, and the widths. */
  renditions: string[];
  widths: number[];
  fullWidth: number;
  /** The stock photos of a product without a picture. */
  fallbacks: string[];
  /** The store's name, in the first paint's header (lib/first-paint.ts). */
  brand: string;
  /** Home's hero, painted by index.html at once (app/routes/home-hero.ts). */
  hero: { title: string; text: string };
}

/** Which answer names the page's first picture. */
export type FirstPictureKind = 'listing' | 'product';

export interface FirstRequest {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  /** The Accept header when the request has one (a single row: application/vnd.pgrst.object+json). */
  accept?: string;
  picture?: FirstPictureKind;
}

export interface FirstDataEntry extends FirstRequest {
  response: Promise<Response>;
}

export interface FirstPicture {
  href: string;
  srcset?: string;
  sizes?: string;
}

declare global {
  interface Window {
    /** index.html's requests for the first page, each taken once by lib/first-data-fetch.ts. */
    __firstData?: FirstDataEntry[];
  }
}

/**
 * The requests the page at this address makes first, as supabase-js will send them (the unit test
 * compares them with the app's own fetchers): a category page's browse_products, the search page's
 * browse_products and category list, a product page's product and the store's settings. None for
 * any other address, nor when the query string holds more than the page's defaults (filters, a
 * variant): those pages ask for themselves.
 */
export function firstRequests(pathname: string, search: string, c: FirstDataConfig): FirstRequest[] {
  const params = new URLSearchParams(search);
  const names = Array.from(params.keys());
  const browse = (scope: { category_slug?: string; search?: string }): FirstRequest => ({
    url: c.rest + '/rpc/browse_products',
    method: 'POST',
    // In the order of api/browse-products.ts fetchBrowsePage's arguments (JSON leaves out what is undefined there).
    body: JSON.stringify({
      category_slug: scope.category_slug,
      search: scope.search,
      filters: {},
      in_stock_only: false,
      page_offset: 0,
      page_size: c.pageSize,
    }),
    picture: 'listing',
  });
  const select = (table: string, columns: string, more: [string, string][] = []) => {
    const url = new URL(c.rest + '/' + table);
    url.searchParams.set('select', columns);
    for (const [name, value] of more) url.searchParams.append(name, value);
    return url.toString();
  };
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return undefined;
    }
  };

  const category = /^\/categor(?:y|ies)\/([^/]+)\/?$/.exec(pathname);
  if (category && names.length === 0) {
    // The router decodes the parameter and the page's slugFromParam decodes it again.
    const once = decode(category[1] ?? '');
    const slug = once === undefined ? undefined : decode(once);
    if (slug === undefined) return [];
    return [browse({ category_slug: slug.trim().toLowerCase().replace(/\s+/g, '-') })];
  }
  if (/^\/search\/?$/.test(pathname) && names.length === 1 && names[0] === 'q') {
    const q = (params.get('q') ?? '').trim();
    if (q.length < 2) return [];
    return [
      browse({ search: q }),
      { url: select('category_summaries', c.categoryColumns, [['order', 'name.asc']]), method: 'GET' },
    ];
  }
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (product && names.length === 0) {
    const id = decode(product[1] ?? '');
    if (!id) return [];
    const by: [string, string] = /^\d+$/.test(id) ? ['id', 'eq.' + Number(id)] : ['slug', 'eq.' + id];
    return [
      { url: select('products', c.productColumns, [by]), method: 'GET', picture: 'product' },
      {
        url: select('store_settings', c.storeSettingsColumns),
        method: 'GET',
        accept: 'application/vnd.pgrst.object+json',
      },
    ];
  }
  return [];
}

/**
 * The first picture the page will show for this answer, as ProductImage will ask for it: the first
 * listed product's (a grid card), or the product's default variant's first picture (the gallery).
 */
export function firstPicture(
  kind: FirstPictureKind,
  answer: unknown,
  c: FirstDataConfig,
): FirstPicture | undefined {
  const isRecord = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && !Array.isArray(x);
  const strings = (x: unknown) =>
    Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string' && s !== '') : [];
  const num = (x: unknown) => (typeof x === 'number' ? x : 0);
  const picture = (id: unknown, src: string | undefined, sizes: string): FirstPicture | undefined => {
    if (typeof id !== 'number') return undefined;
    const href = src || c.fallbacks[Math.abs(id) % c.fallbacks.length];
    if (!href) return undefined;
    for (const source of c.renditions) {
      const m = new RegExp(source).exec(href);
      if (!m) continue;
      const srcset = c.widths
        .map((w) => (w === c.fullWidth ? href : m[1] + '/' + w + '/' + m[2]) + ' ' + w + 'w')
        .join(', ');
      return { href, srcset, sizes };
    }
    return { href };
  };

  if (kind === 'listing') {
    const items = isRecord(answer) && Array.isArray(answer.items) ? answer.items : [];
    const first: unknown = items[0];
    if (!isRecord(first)) return undefined;
    return picture(first.id, typeof first.image_url === 'string' ? first.image_url : undefined, c.sizes.card);
  }
  const row: unknown = Array.isArray(answer) ? answer[0] : undefined;
  if (!isRecord(row)) return undefined;
  // The default variant (variant-selection.ts): the live one marked so, else the first live one by position.
  const live = (Array.isArray(row.variants) ? row.variants : [])
    .filter(isRecord)
    .filter((v) => v.is_active === true)
    .sort((a, b) => num(a.position) - num(b.position) || num(a.id) - num(b.id));
  const variant = live.find((v) => v.is_default === true) ?? live[0];
  const own = strings(variant?.images);
  const images = own.length ? own : strings([row.image_url, ...strings(row.images)]);
  return picture(row.id, images[0], c.sizes.detail);
}

/**
 * Runs in index.html: sends the page's first requests, preloads its first picture and has `paint`
 * (lib/first-paint.ts paintFirst) show it, or has it paint home's hero. Returns what settles once that
 * is done (index.html keeps it as `window.__firstPaint`), or nothing when this page paints nothing first.
 */
export function startFirstData(
  c: FirstDataConfig,
  plan: typeof firstRequests,
  choose: typeof firstPicture,
  paint: typeof paintFirst,
): Promise<void> | undefined {
  // Home: its hero at once (no data), once the body is there; for every visitor, signed in or not.
  if (location.pathname === '/') {
    const hero = () => paint({ kind: 'hero', ...c.hero }, c.brand);
    return document.readyState === 'loading'
      ? new Promise<void>((resolve) =>
          document.addEventListener('DOMContentLoaded', () => void hero().then(resolve), { once: true }),
        )
      : hero();
  }
  // A signed-in shopper (a session supabase-js keeps in localStorage) asks with their own token.
  try {
    for (let i = 0; i < localStorage.length; i++)
      if (/^sb-.+-auth-token$/.test(localStorage.key(i) ?? '')) return undefined;
  } catch {
    return undefined;
  }
  // An Auth redirect (tokens or a code in the address) is supabase-js's to read first.
  if (/access_token=|[?&]code=|error_description=/.test(location.hash + location.search)) return undefined;
  const requests = plan(location.pathname, location.search, c);
  if (requests.length === 0) return undefined;
  let painted: Promise<void> | undefined;
  window.__firstData = requests.map((r) => {
    const headers: Record<string, string> = { apikey: c.key, authorization: 'Bearer ' + c.key };
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    if (r.accept !== undefined) headers.accept = r.accept;
    const response = fetch(r.url, { method: r.method, headers, body: r.body });
    const kind = r.picture;
    if (kind)
      painted = response
        .then((res) => (res.ok ? res.clone().json() : undefined))
        .then((answer: unknown) => {
          const p = choose(kind, answer, c);
          if (!p) return;
          const link = document.createElement('link');
          link.rel = 'preload';
          link.as = 'image';
          link.href = p.href;
          if (p.srcset) link.imageSrcset = p.srcset;
          if (p.sizes) link.imageSizes = p.sizes;
          link.fetchPriority = 'high';
          document.head.appendChild(link);
          return paint({ kind, picture: p }, c.brand);
        })
        .catch(() => undefined);
    // A failure is the app's to see (its query asks again); not an unhandled rejection here.
    response.catch(() => undefined);
    return { ...r, response };
  });
  return painted;
}
