import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';
import { PAINT_FIRST_ATTRIBUTE } from '../src/lib/get-supabase.ts';

type OutputChunk = Rollup.OutputChunk;
type OutputBundle = Rollup.OutputBundle;

/**
 * Every page is a lazy route chunk (src/app/router.tsx) and every page's data needs supabase-js (a
 * lazy chunk too, lib/get-supabase.ts). Found only once the entry has run, they would download one
 * after the other. This puts a few lines in index.html, before the entry, that read the URL and add
 * `<link rel="modulepreload">` for that route's chunks and supabase-js, so they download alongside
 * the entry: the page and its data come one round trip sooner (Lighthouse's LCP on a phone). Like the
 * entry (build/first-data.ts), they start once index.html's first paint is done (`window.__firstPaint`).
 *
 * The route table is read from router.tsx (`path: '…', lazy: () => import('@/app/routes/<name>')`);
 * a route it cannot read is simply not preloaded.
 *
 * `paintsBeforeData` names route modules whose largest first paint needs no data (home: the hero): there
 * supabase-js is not preloaded, so it does not share the phone's bandwidth with the entry, and the page
 * gets `<html data-paint-first>`: src/lib/get-supabase.ts then loads supabase-js only once the page has
 * painted.
 *
 * `dataFromHtml` names route modules whose first data index.html itself asks for (build/first-data.ts)
 * and which take it without supabase-js (a category page: api/browse-products.ts): when that script
 * did ask (a visitor, no filters in the address), they are treated as `paintsBeforeData`.
 */
export function preloadRoute(
  routerFile: string,
  options: { paintsBeforeData?: string[]; dataFromHtml?: string[] } = {},
): Plugin {
  let base = '/';
  return {
    name: 'preload-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const routes = readRoutes(readFileSync(routerFile, 'utf8'));
        const chunks = Object.values(ctx.bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byModule = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
        const supabase = byModule('/src/lib/supabase.ts');
        const table: [string, string[], number][] = [];
        for (const [pattern, name] of routes) {
          const chunk = byModule(`/src/app/routes/${name}.tsx`);
          const data = options.paintsBeforeData?.includes(name)
            ? 0
            : options.dataFromHtml?.includes(name)
              ? 2
              : 1;
          if (chunk) table.push([pattern, withImports(chunk, ctx.bundle), data]);
        }
        const data = supabase ? withImports(supabase, ctx.bundle) : [];
        const script = `(function(){var t=${JSON.stringify(table)},a=${JSON.stringify(data)},p=location.pathname,f=a;for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(p)){var d=t[i][2]===2?(window.__firstData?0:1):t[i][2];f=(d?a:[]).concat(t[i][1]);if(!d)document.documentElement.setAttribute(${JSON.stringify(PAINT_FIRST_ATTRIBUTE)},'');break}function add(){for(var j=0;j<f.length;j++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(base)}+f[j];document.head.appendChild(l)}}var w=window.__firstPaint;w?w.then(add,add):add()})()`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

/** [regular expression of the path, route module name] from the router's `lazy` routes. */
export function readRoutes(source: string): [string, string][] {
  const out: [string, string][] = [];
  const route =
    /\{\s*(?:path:\s*'([^']*)'|index:\s*true)\s*,\s*lazy:\s*\(\)\s*=>\s*import\('@\/app\/routes\/([\w-]+)'\)/g;
  for (const m of source.matchAll(route)) {
    const [, path, name] = m;
    if (path === '*') continue; // the 404 page: not worth guessing
    const pattern =
      path === undefined
        ? '^/$'
        : `^/${path
            .split('/')
            .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
            .join('/')}/?$`;
    out.push([pattern, name!]);
  }
  return out;
}

/** A chunk and the chunks it imports statically, except the entry (already loading). */
function withImports(chunk: OutputChunk, bundle: OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (c.isEntry || seen.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const f of c.imports) {
      const dep = bundle[f];
      if (dep?.type === 'chunk') visit(dep);
    }
  };
  visit(chunk);
  return [...seen];
}
