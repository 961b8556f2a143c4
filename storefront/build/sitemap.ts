import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Writes robots.txt and sitemap.xml into the build from the catalog in supabase/seed.sql (the build
 * has no database to ask). Categories are /category/{slug}; products /product/{slug}, which the
 * product page resolves like an id.
 */
export function catalogSitemap({ seedFile, siteUrl }: { seedFile: string; siteUrl: string }): Plugin {
  return {
    name: 'catalog-sitemap',
    apply: 'build',
    generateBundle() {
      let seed = '';
      try {
        seed = readFileSync(seedFile, 'utf8');
      } catch {
        this.warn(`no ${seedFile}: the sitemap lists only the fixed pages`);
      }
      const categoriesBlock = /insert into public\.categories[\s\S]*?;\s*$/m.exec(seed)?.[0] ?? '';
      const categories = [...categoriesBlock.matchAll(/^\s*\('[^']+',\s*'([a-z0-9-]+)'/gm)].map((m) => m[1]!);
      const productsBlock = seed.slice(seed.indexOf('insert into public.products'));
      const products = [...productsBlock.matchAll(/^\s*\('([a-z0-9]+(?:-[a-z0-9]+)*)',/gm)].map((m) => m[1]!);
      const urls = [
        '/',
        '/all-categories',
        '/products',
        '/contact',
        ...categories.map((s) => `/category/${s}`),
        ...products.map((s) => `/product/${s}`),
      ];
      const base = siteUrl.replace(/\/$/, '');
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
          .map((u) => `  <url><loc>${base}${u}</loc></url>`)
          .join('\n')}\n</urlset>\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: 'robots.txt',
        source: `User-agent: *\nAllow: /\nDisallow: /admin/\nDisallow: /cart\nDisallow: /checkout\nDisallow: /profile\nDisallow: /wishlist\n\nSitemap: ${base}/sitemap.xml\n`,
      });
    },
  };
}
