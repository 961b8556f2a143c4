/**
 * The JavaScript a page needs before it runs, as the built index.html asks for it: the entry, the
 * entry's `<link rel="modulepreload">`s, and the route's chunks from build/preload-route.ts's table
 * (with supabase-js's chunks where that page preloads them), each file once, gzip -9. Issue 22's budget:
 * home ≤ 120 KB. `tsx bench/initial-js.ts [path…]` prints it; bench:lighthouse prints it before its runs.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

type RouteRow = [pattern: string, chunks: string[], data: number];

export function initialScripts(html: string, pathname: string): string[] {
  const entry = /\/(assets\/index-[\w-]+\.js)/.exec(html)?.[1];
  if (!entry) throw new Error('index.html names no entry (assets/index-*.js): is this a build?');
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
  const table = /var t=(\[.*?\]),a=(\[.*?\]),p=location/.exec(html);
  if (!table) throw new Error("index.html has no route table (build/preload-route.ts's script)");
  const routes: RouteRow[] = JSON.parse(table[1]!);
  const data: string[] = JSON.parse(table[2]!);
  const route = routes.find(([pattern]) => new RegExp(pattern).test(pathname));
  // 2: the page takes index.html's own first request (a visitor): supabase-js is not preloaded then
  const withData = route && route[2] === 1 ? data : [];
  return [...new Set([entry, ...preloads, ...withData, ...(route?.[1] ?? [])])];
}

export function initialJsKb(dist: string, path: string): { kb: number; files: number } {
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const files = initialScripts(html, new URL(path, 'http://localhost').pathname); // without ?query
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(resolve(dist, f)), { level: 9 }).length,
    0,
  );
  return { kb: Math.round(bytes / 102.4) / 10, files: files.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = resolve(fileURLToPath(new URL('../dist', import.meta.url)));
  const paths = process.argv.slice(2);
  for (const path of paths.length ? paths : ['/', '/category/sofas', '/product/1', '/search'])
    console.log(`${path}: ${JSON.stringify(initialJsKb(dist, path))}`);
}
