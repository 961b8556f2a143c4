/**
 * Renders every product in supabase/seed.sql (and three stock photos) with three.js in headless
 * Chromium and writes them as WebP into storefront/public/images. See README.md.
 *
 *   pnpm --filter product-images run generate              all products, their variants and the stock photos
 *   pnpm --filter product-images run generate -- slug…     only these products, each with its variants
 *   pnpm --filter product-images run generate -- slug--sku  only that variant's picture
 *   pnpm --filter product-images run generate -- --variants every variant's picture, no product's
 */
import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { MAX_BYTES, SMALL_WIDTHS, fallbackDir, productsDir, renderItems, seedPath } from './seed';

const here = dirname(fileURLToPath(import.meta.url));
const threeRoot = dirname(dirname(createRequire(import.meta.url).resolve('three')));
const ORIGIN = 'http://render.local';
const PNG_DIR = process.env.PRODUCT_IMAGES_PNG_DIR; // optional: also keep the PNGs (for looking at them)

const html = `<!doctype html><html><head><meta charset="utf-8">
<style>html,body{margin:0;background:#fff}canvas{display:block}</style>
<script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/examples/jsm/"}}</script>
</head><body><script type="module" src="/scene.js"></script></body></html>`;

async function toWebp(png: Buffer, width?: number): Promise<Buffer> {
  for (const quality of [78, 72, 65, 58, 50]) {
    const image = width ? sharp(png).resize(width, width, { kernel: 'lanczos3' }) : sharp(png);
    const out = await image.webp({ quality, effort: 6 }).toBuffer();
    if (out.length <= MAX_BYTES) return out;
  }
  throw new Error('cannot get the image under 60 KB');
}

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const variantsOnly = args.includes('--variants');
  const only = args.filter((a) => a !== '--variants');
  const all = renderItems(readFileSync(seedPath, 'utf8'));
  const products = all.filter((p) => {
    if (variantsOnly && p.image === p.slug) return false;
    return only.length === 0 || only.includes(p.image) || only.includes(p.slug);
  });
  if (products.length === 0) throw new Error('no products parsed from the seed');
  for (const dir of [productsDir, fallbackDir])
    for (const w of SMALL_WIDTHS) mkdirSync(resolve(dir, String(w)), { recursive: true });
  if (PNG_DIR) mkdirSync(PNG_DIR, { recursive: true });

  const t0 = Date.now();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 800 }, deviceScaleFactor: 1 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // Everything the page loads comes from disk: no server, no network.
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/' || path === '/index.html')
        return route.fulfill({ contentType: 'text/html', body: html });
      if (path === '/scene.js')
        return route.fulfill({
          contentType: 'text/javascript',
          body: readFileSync(resolve(here, 'scene.js')),
        });
      if (path.startsWith('/three/')) {
        const file = resolve(threeRoot, path.slice('/three/'.length));
        if (file.startsWith(threeRoot) && existsSync(file))
          return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) });
      }
      return route.fulfill({ status: 404, body: 'not found' });
    });
    await page.route(
      (url) => !url.href.startsWith(ORIGIN),
      (route) => route.abort(),
    );
    await page.goto(`${ORIGIN}/`);
    await page
      .waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, null, {
        timeout: 60_000,
      })
      .catch((e) => {
        throw new Error(`scene did not load: ${errors.join('\n') || e}`);
      });

    const grab = async () => {
      const dataUrl = await page.evaluate(() => document.querySelector('canvas')!.toDataURL('image/png'));
      return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    };
    const write = async (file: string, name: string, label: string, started: number) => {
      const png = await grab();
      if (PNG_DIR) writeFileSync(resolve(PNG_DIR, `${name}.png`), png);
      const webp = await toWebp(png);
      writeFileSync(file, webp);
      let bytes = webp.length;
      const small: string[] = [];
      for (const w of SMALL_WIDTHS) {
        const copy = await toWebp(png, w);
        writeFileSync(resolve(dirname(file), String(w), basename(file)), copy);
        bytes += copy.length;
        small.push(`${w}px ${(copy.length / 1024).toFixed(1)} KB`);
      }
      console.log(
        `${(webp.length / 1024).toFixed(1).padStart(5)} KB  ${String(Date.now() - started).padStart(5)} ms  ${name}  (${label}; ${small.join(', ')})`,
      );
      return bytes;
    };

    let total = 0;
    for (const p of products) {
      const started = Date.now();
      const label = await page.evaluate(
        (prod) => (window as unknown as { renderProduct(p: unknown): string }).renderProduct(prod),
        p,
      );
      total += await write(resolve(productsDir, `${p.image}.webp`), p.image, label, started);
    }
    if (only.length === 0 && !variantsOnly) {
      for (const n of [1, 2, 3]) {
        const started = Date.now();
        const label = await page.evaluate(
          (k) => (window as unknown as { renderStock(n: number): string }).renderStock(k),
          n,
        );
        total += await write(resolve(fallbackDir, `stock-${n}.webp`), `stock-${n}`, label, started);
      }
    }
    if (errors.length) console.warn(`page reported:\n${[...new Set(errors)].join('\n')}`);
    console.log(
      `\n${products.length} pictures${only.length || variantsOnly ? '' : ' + 3 stock photos'}, ${(total / 1024).toFixed(0)} KB in all, ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await browser.close();
  }

  // The checks the unit test makes, so a bad run fails here too (a run for a few slugs skips them).
  if (only.length) return;
  const problems: string[] = [];
  for (const p of all) {
    for (const file of [
      resolve(productsDir, `${p.image}.webp`),
      ...SMALL_WIDTHS.map((w) => resolve(productsDir, String(w), `${p.image}.webp`)),
    ]) {
      if (!existsSync(file)) problems.push(`${file}: no image`);
      else if (statSync(file).size > MAX_BYTES)
        problems.push(`${file}: ${statSync(file).size} bytes > ${MAX_BYTES}`);
    }
  }
  for (const n of [1, 2, 3])
    for (const file of [
      resolve(fallbackDir, `stock-${n}.webp`),
      ...SMALL_WIDTHS.map((w) => resolve(fallbackDir, String(w), `stock-${n}.webp`)),
    ])
      if (!existsSync(file)) problems.push(`${file}: no image`);
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
