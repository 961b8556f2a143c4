// sitemap: the storefront's sitemap.xml from the live catalog, so a product the admin adds is listed
// at once (the build cannot know it). Public: no JWT (config.toml verify_jwt = false); it reads
// with the publishable (or legacy anon) key through supabase-js, so RLS decides what is listed, as
// for a visitor.
//
// GET /functions/v1/sitemap          → one <urlset> (fixed pages, categories, products), or, beyond
//                                       45,000 products (SITEMAP_PART_SIZE), a <sitemapindex> of parts
// GET /functions/v1/sitemap?page=0   → the fixed pages and the categories
// GET /functions/v1/sitemap?page=n   → products n (by id)
//
// The storefront's host serves it as /sitemap.xml (supabase-local does; a static host needs a rewrite,
// see supabase/README.md). The site's address: SITE_URL (set it in production), else the
// X-Forwarded-Host/-Proto the site's host sends (supabase-local's web server sends its own configured
// address, never the visitor's Host), else the request's own. Links are never built from a Host a
// visitor chose through the site (the answer is cached for an hour).
import {
  categoryPath,
  productPath,
  SITEMAP_FIXED_PATHS,
  SITEMAP_PART_SIZE,
  sitemapIndex,
  sitemapProductParts,
  sitemapUrlset,
  type SitemapEntry,
} from '../../../shared/src/seo/sitemap.ts';
import { failed, publicClient } from '../_shared/supabase.ts';

/** PostgREST's max_rows (config.toml): rows per request. */
const BATCH = 1000;
/** Products per part: SITEMAP_PART_SIZE (a smaller figure, e.g. to try the index), at most 45,000. */
const PART = Math.min(Number(Deno.env.get('SITEMAP_PART_SIZE')) || SITEMAP_PART_SIZE, SITEMAP_PART_SIZE);

async function productCount(): Promise<number> {
  const { count, error } = await publicClient().from('products').select('id', { count: 'exact' }).limit(1);
  if (error) throw failed('Counting the products', error);
  return count ?? 0;
}

async function categories(): Promise<SitemapEntry[]> {
  const { data, error } = await publicClient()
    .from('categories')
    .select('slug,updated_at')
    .order('sort_order')
    .order('id');
  if (error) throw failed('Reading the categories', error);
  return data.map((c) => ({ path: categoryPath(c.slug), lastmod: c.updated_at }));
}

/** Up to `limit` products by id: from offset `start`, or after the id `after` (keyset). */
async function productBatch(start: number, after: number | null, limit: number) {
  const query = publicClient().from('products').select('id,slug,updated_at').order('id');
  const { data, error } = await (after === null
    ? query.range(start, start + limit - 1)
    : query.gt('id', after).limit(limit));
  if (error) throw failed('Reading the products', error);
  return data;
}

/** Products of part `part` (0-based), by id: an offset to the part's start, then keyset batches. */
async function products(part: number): Promise<SitemapEntry[]> {
  const out: SitemapEntry[] = [];
  let after: number | null = null;
  while (out.length < PART) {
    const limit = Math.min(BATCH, PART - out.length);
    const rows = await productBatch(part * PART, after, limit);
    for (const p of rows) out.push({ path: productPath(p.slug), lastmod: p.updated_at });
    if (rows.length < limit) break;
    after = rows[rows.length - 1]!.id;
  }
  return out;
}

function siteUrl(req: Request): string {
  const configured = Deno.env.get('SITE_URL');
  if (configured) return configured;
  const host = req.headers.get('X-Forwarded-Host');
  const proto = req.headers.get('X-Forwarded-Proto') ?? 'https';
  return host ? `${proto}://${host}` : new URL(req.url).origin;
}

const xml = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // Search engines fetch it now and then; an hour old is fresh enough and spares the database.
      'Cache-Control': 'public, max-age=3600',
    },
  });

Deno.serve(async (req) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  const site = siteUrl(req);
  const page = new URL(req.url).searchParams.get('page');
  try {
    const parts = sitemapProductParts(await productCount(), PART);
    const fixed = SITEMAP_FIXED_PATHS.map((path) => ({ path }));
    if (page === null) {
      if (parts > 0) return xml(sitemapIndex(site, parts));
      return xml(sitemapUrlset(site, [...fixed, ...(await categories()), ...(await products(0))]));
    }
    const n = /^\d{1,6}$/.test(page) ? Number(page) : -1;
    if (n === 0) return xml(sitemapUrlset(site, [...fixed, ...(await categories())]));
    if (n >= 1 && n <= Math.max(parts, 1)) return xml(sitemapUrlset(site, await products(n - 1)));
    return new Response('Not Found', { status: 404 });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    return new Response('The sitemap is not available right now.', { status: 503 });
  }
});
