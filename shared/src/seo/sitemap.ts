/**
 * sitemap.xml from the live catalog (the `sitemap` Edge Function writes it; supabase-local serves it
 * at the storefront's /sitemap.xml). The protocol allows 50,000 URLs per file: a larger catalog gets
 * a sitemap index whose parts are `/sitemap.xml?page=0` (the fixed pages and the categories) and
 * `?page=1…n` (products by id, SITEMAP_PART_SIZE each).
 */

/** Products per part; under the protocol's 50,000 with room for the fixed pages and categories. */
export const SITEMAP_PART_SIZE = 45_000;

/** The storefront pages that are always there (robots.txt keeps the personal ones out). */
export const SITEMAP_FIXED_PATHS = [
  '/',
  '/all-categories',
  '/products',
  '/contact',
  '/legal',
  '/legal/seller',
  '/legal/grievance',
  '/legal/returns',
  '/legal/shipping',
  '/terms',
  '/privacy',
];

export interface SitemapEntry {
  /** a storefront path, e.g. /product/aarav-3-seater-fabric-sofa */
  path: string;
  /** when it last changed (a timestamp; written as its date) */
  lastmod?: string | null;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const trimSlash = (base: string) => base.replace(/\/+$/, '');
const day = (lastmod: string | null | undefined) =>
  lastmod && /^\d{4}-\d{2}-\d{2}/.test(lastmod) ? lastmod.slice(0, 10) : null;

export function categoryPath(slug: string): string {
  return `/category/${encodeURIComponent(slug)}`;
}

export function productPath(slug: string): string {
  return `/product/${encodeURIComponent(slug)}`;
}

/** A <urlset> of absolute URLs on `siteUrl`. */
export function sitemapUrlset(siteUrl: string, entries: SitemapEntry[]): string {
  const base = trimSlash(siteUrl);
  const urls = entries.map((e) => {
    const lastmod = day(e.lastmod);
    return `  <url><loc>${escapeXml(base + e.path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** How many product parts `productCount` products need (0 when one file holds everything). */
export function sitemapProductParts(productCount: number, partSize = SITEMAP_PART_SIZE): number {
  return productCount <= partSize ? 0 : Math.ceil(productCount / partSize);
}

/** A <sitemapindex> of part 0 (pages and categories) and product parts 1…parts. */
export function sitemapIndex(siteUrl: string, parts: number): string {
  const base = trimSlash(siteUrl);
  const locs = Array.from(
    { length: parts + 1 },
    (_, i) => `  <sitemap><loc>${base}/sitemap.xml?page=${i}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.join('\n')}\n</sitemapindex>\n`;
}
