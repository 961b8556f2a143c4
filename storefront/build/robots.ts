import type { Plugin } from 'vite';

/**
 * Writes robots.txt into the build: everything but the admin and the shopper's own pages, and where
 * the sitemap is. The sitemap itself comes from the live catalog (the `sitemap` Edge Function, served
 * at /sitemap.xml), so that products added after the build are listed too.
 */
export function robotsTxt({ siteUrl }: { siteUrl: string }): Plugin {
  return {
    name: 'robots-txt',
    apply: 'build',
    generateBundle() {
      const base = siteUrl.replace(/\/$/, '');
      this.emitFile({
        type: 'asset',
        fileName: 'robots.txt',
        source: `User-agent: *\nAllow: /\nDisallow: /admin/\nDisallow: /cart\nDisallow: /checkout\nDisallow: /profile\nDisallow: /orders/\nDisallow: /wishlist\n\nSitemap: ${base}/sitemap.xml\n`,
      });
    },
  };
}
