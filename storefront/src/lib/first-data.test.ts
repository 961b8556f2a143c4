import { createClient } from '@supabase/supabase-js';
import { QueryClient } from '@tanstack/react-query';
import { productImageSrcSet } from 'shared/catalog/product-image-renditions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstDataConfig, firstDataScript } from '../../build/first-data';
import { fetchBrowsePage } from '@/features/catalog/api/browse-products';
import { fetchCategories } from '@/features/catalog/api/categories';
import { fetchProduct } from '@/features/catalog/api/products';
import { parseBrowseParams } from '@/features/catalog/browse-params';
import { fallbackImage } from '@/features/catalog/components/product-image';
import { IMAGE_SIZES } from '@/features/catalog/image-sources';
import { variantImages } from '@/features/catalog/variant-images';
import { defaultVariant } from '@/features/catalog/variant-selection';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
import { env } from '@/lib/env';
import { firstPicture, firstRequests, type FirstDataEntry, type FirstRequest } from '@/lib/first-data';
import { answerOf, takeFirstData, visitorFirstData } from '@/lib/first-data-fetch';

// The app's fetchers through a real supabase-js client whose fetch records what it is asked.
const sent: FirstRequest[] = [];
const client = createClient(env.supabaseUrl, env.supabaseKey, {
  auth: { persistSession: false, autoRefreshToken: false },
  db: { retry: false },
  realtime: { transport: class {} as never }, // Node 20 has no WebSocket; no channel is opened
  global: {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      const accept = headers.get('accept');
      sent.push({
        url: String(input),
        method: init?.method === 'POST' ? 'POST' : 'GET',
        ...(typeof init?.body === 'string' ? { body: init.body } : {}),
        ...(accept ? { accept } : {}),
      });
      return new Response('{}', { status: 500 });
    },
  },
});
vi.mock('@/lib/get-supabase', () => ({ getSupabase: async () => client }));

const config = firstDataConfig(env.supabaseUrl, env.supabaseKey);
const withoutPicture = (rs: FirstRequest[]) => rs.map(({ picture: _, ...r }) => r);

async function appSends(run: () => Promise<unknown>): Promise<FirstRequest[]> {
  sent.length = 0;
  await run().catch(() => undefined);
  return [...sent];
}

describe('index.html sends exactly the requests the page will send', () => {
  const noFilters = parseBrowseParams(new URLSearchParams());

  it('a category page: browse_products by the slug', async () => {
    const app = await appSends(() => fetchBrowsePage({ categorySlug: 'living-room', state: noFilters }, 0));
    expect(withoutPicture(firstRequests('/category/Living%20Room', '', config))).toEqual(app);
    expect(withoutPicture(firstRequests('/categories/living-room/', '', config))).toEqual(app);
    expect(firstRequests('/category/sofas', '?colour=brown', config)).toEqual([]);
  });

  it('the search page: browse_products by the words, and the category list', async () => {
    const app = [
      ...(await appSends(() => fetchBrowsePage({ search: 'sofa bed', state: noFilters }, 0))),
      ...(await appSends(fetchCategories)),
    ];
    expect(withoutPicture(firstRequests('/search', '?q=+sofa+bed', config))).toEqual(app);
    expect(firstRequests('/search', '?q=s', config)).toEqual([]);
    expect(firstRequests('/search', '?q=sofa&sort=price-asc', config)).toEqual([]);
  });

  it('a product page by id or slug: the product, and the store settings (its stock text waits for them)', async () => {
    const settings = await appSends(() =>
      new QueryClient().fetchQuery({ ...storeSettingsQueries.lowStockThreshold(), retry: false }),
    );
    for (const id of ['12', 'aarav-3-seater-fabric-sofa']) {
      const app = [...(await appSends(() => fetchProduct(id))), ...settings];
      expect(withoutPicture(firstRequests(`/product/${id}`, '', config))).toEqual(app);
    }
    expect(firstRequests('/product/12', '?variant=SKU-1', config)).toEqual([]);
  });

  it('nothing for other pages', () => {
    for (const path of ['/', '/cart', '/products', '/category/a/b'])
      expect(firstRequests(path, '', config)).toEqual([]);
  });
});

describe('the preloaded picture is the one the page shows', () => {
  it('a listing: the first product, as a grid card', () => {
    const src = '/images/products/aarav-3-seater-fabric-sofa.webp';
    expect(firstPicture('listing', { items: [{ id: 3, image_url: src }, { id: 4 }] }, config)).toEqual({
      href: src,
      srcset: productImageSrcSet(src),
      sizes: IMAGE_SIZES.card,
    });
    const fallback = fallbackImage(7);
    expect(firstPicture('listing', { items: [{ id: 7, image_url: null }] }, config)).toEqual({
      href: fallback,
      srcset: productImageSrcSet(fallback),
      sizes: IMAGE_SIZES.card,
    });
    expect(firstPicture('listing', { items: [] }, config)).toBeUndefined();
  });

  it("a product: its default variant's first picture, as the gallery shows it", () => {
    const variant = (id: number, position: number, more: object) => ({
      id,
      position,
      sku: `S${id}`,
      is_active: true,
      is_default: false,
      images: null,
      option_values: [],
      ...more,
    });
    const product = {
      id: 9,
      image_url: '/images/products/a.webp',
      images: ['/images/products/b.webp'],
      variants: [
        variant(1, 2, { images: ['/images/products/v1.webp'] }),
        variant(2, 1, { is_default: true, images: ['/images/products/v2.webp'] }),
      ],
    };
    const shown = variantImages(product, defaultVariant(product.variants))[0]!;
    expect(firstPicture('product', [product], config)).toEqual({
      href: shown,
      srcset: productImageSrcSet(shown),
      sizes: IMAGE_SIZES.detail,
    });
    const plain = { ...product, variants: [variant(3, 1, {})] };
    expect(firstPicture('product', [plain], config)?.href).toBe(
      variantImages(plain, defaultVariant(plain.variants))[0],
    );
    expect(firstPicture('product', [], config)).toBeUndefined();
  });
});

describe('the inline script', () => {
  /** Runs index.html's script text alone (no module scope), in a page at `address`. */
  async function runScript(address: string, storage: Record<string, string> = {}) {
    const url = new URL(address, 'http://store.test');
    const fetched: { url: string; init: RequestInit }[] = [];
    const head: Record<string, string>[] = [];
    const answer = { items: [{ id: 1, image_url: '/images/products/x.webp' }] };
    const win: { __firstData?: FirstDataEntry[]; __firstPaint?: Promise<void> } = {};
    const page = {
      window: win,
      location: { pathname: url.pathname, search: url.search, hash: url.hash },
      localStorage: {
        length: Object.keys(storage).length,
        key: (i: number) => Object.keys(storage)[i] ?? null,
      },
      fetch: async (u: string, init: RequestInit) => {
        fetched.push({ url: u, init });
        return new Response(JSON.stringify(answer), { status: 200 });
      },
      document: {
        createElement: () => ({}),
        head: { appendChild: (l: Record<string, string>) => head.push(l) },
        getElementById: () => null, // no #root: the first paint (lib/first-paint.test.ts) paints nothing
      },
      requestAnimationFrame: (f: () => void) => setTimeout(f, 0),
    };
    const names = Object.keys(page);
    new Function(...names, firstDataScript(config))(...Object.values(page));
    await new Promise((r) => setTimeout(r, 10));
    return { fetched, head, entries: win.__firstData, firstPaint: win.__firstPaint };
  }

  it('asks for a category page at once and preloads its first picture', async () => {
    const { fetched, head, entries, firstPaint } = await runScript('/category/sofas');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]!.init.headers).toEqual({
      apikey: env.supabaseKey,
      authorization: `Bearer ${env.supabaseKey}`,
      'content-type': 'application/json',
    });
    expect(entries?.map((e) => e.url)).toEqual([`${env.supabaseUrl}/rest/v1/rpc/browse_products`]);
    expect(head).toEqual([
      {
        rel: 'preload',
        as: 'image',
        href: '/images/products/x.webp',
        imageSrcset: productImageSrcSet('/images/products/x.webp'),
        imageSizes: IMAGE_SIZES.card,
        fetchPriority: 'high',
      },
    ]);
    // The entry waits for this (lib/first-paint.ts startApp); it settles once the picture is painted.
    await expect(firstPaint).resolves.toBeUndefined();
  });

  it('asks nothing for a signed-in shopper (their token, not the key) or an Auth redirect', async () => {
    const signedIn = await runScript('/category/sofas', { 'sb-127-auth-token': '{}' });
    expect(signedIn.fetched).toEqual([]);
    await expect(signedIn.firstPaint).resolves.toBeUndefined(); // the next frame: the app is not held back
    expect((await runScript('/category/sofas#access_token=x')).fetched).toEqual([]);
  });
});

describe('takeFirstData', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("hands an answer over once, and only to the visitor's identical request", async () => {
    const response = Promise.resolve(new Response('[]'));
    const url = `${env.supabaseUrl}/rest/v1/rpc/browse_products`;
    const entry: FirstDataEntry = { url, method: 'POST', body: '{"a":1}', response };
    vi.stubGlobal('window', { __firstData: [entry] });
    const visitor = { authorization: `Bearer ${env.supabaseKey}` };
    expect(takeFirstData(url, { method: 'POST', body: '{"a":2}', headers: visitor })).toBeUndefined();
    expect(
      takeFirstData(url, { method: 'POST', body: '{"a":1}', headers: { authorization: 'Bearer user-jwt' } }),
    ).toBeUndefined();
    expect(
      takeFirstData(url, { method: 'POST', body: '{"a":1}', headers: { ...visitor, prefer: 'count=exact' } }),
    ).toBeUndefined();
    expect(takeFirstData(url, { method: 'POST', body: '{"a":1}', headers: visitor })).toBe(response);
    expect(takeFirstData(url, { method: 'POST', body: '{"a":1}', headers: visitor })).toBeUndefined();
  });
});

describe('visitorFirstData (a category page without supabase-js)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const url = `${env.supabaseUrl}/rest/v1/rpc/browse_products`;
  const storage = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

  it('takes the answer while no session is stored, and reads it as supabase-js would', async () => {
    const response = Promise.resolve(new Response('{"total":0}', { status: 200 }));
    vi.stubGlobal('window', { __firstData: [{ url, method: 'POST', body: '{}', response }] });
    vi.stubGlobal('localStorage', storage(['cart']));
    const handed = visitorFirstData(url, '{}');
    expect(handed).toBe(response);
    expect(await answerOf(handed!)).toEqual({ data: { total: 0 }, error: null });
  });

  it('leaves it once someone has signed in (here or in another tab)', () => {
    const response = Promise.resolve(new Response('{}'));
    vi.stubGlobal('window', { __firstData: [{ url, method: 'POST', body: '{}', response }] });
    vi.stubGlobal('localStorage', storage(['sb-127-auth-token']));
    expect(visitorFirstData(url, '{}')).toBeUndefined();
  });

  it("gives PostgREST's error, or the network's, as the error", async () => {
    const refused = { code: 'PGRST202', message: 'no function' };
    expect(await answerOf(Promise.resolve(new Response(JSON.stringify(refused), { status: 404 })))).toEqual({
      data: null,
      error: refused,
    });
    const offline = new TypeError('Failed to fetch');
    expect(await answerOf(Promise.reject(offline))).toEqual({ data: null, error: offline });
  });
});
