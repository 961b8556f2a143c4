// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryAfterFirstPaint, startAppScript } from '../../build/first-data';
import { HOME_HERO } from '@/config/home-hero';
import { paintFirst } from '@/lib/first-paint';

const picture = { href: '/images/products/x.webp', srcset: '/x-400.webp 400w', sizes: '50vw' };

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><p>FurniCraft</p></div>';
  document.documentElement.removeAttribute('data-app-started');
  // jsdom decodes no pictures: a picture "decodes" at once here.
  HTMLImageElement.prototype.decode = () => Promise.resolve();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.__firstPaint;
});

describe('paintFirst', () => {
  it("paints a listing's skeleton with the first picture, hidden from assistive technology", async () => {
    await paintFirst({ kind: 'listing', picture }, 'FurniCraft');
    const layer = document.getElementById('first-paint')!;
    expect(layer.getAttribute('aria-hidden')).toBe('true');
    expect(layer.textContent).toContain('FurniCraft');
    const img = layer.querySelector('img')!;
    expect([img.getAttribute('src'), img.srcset, img.sizes, img.alt]).toEqual([
      picture.href,
      picture.srcset,
      picture.sizes,
      '',
    ]);
    expect(layer.querySelectorAll('.g > .c')).toHaveLength(2);
  });

  it("leaves once the app's page shows its own first picture, and not before", async () => {
    await paintFirst({ kind: 'product', picture }, 'FurniCraft');
    const root = document.getElementById('root')!;
    root.innerHTML = '<main><h1>Aarav sofa</h1></main>';
    await Promise.resolve();
    expect(document.getElementById('first-paint')).not.toBeNull();
    const img = document.createElement('img');
    img.setAttribute('fetchpriority', 'high');
    Object.defineProperty(img, 'complete', { value: false });
    root.querySelector('main')!.appendChild(img);
    await new Promise((r) => setTimeout(r, 0));
    expect(document.getElementById('first-paint')).not.toBeNull();
    img.dispatchEvent(new Event('load'));
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it('leaves a second after the heading when the page shows no picture (no products)', async () => {
    await paintFirst({ kind: 'listing', picture }, 'FurniCraft');
    vi.useFakeTimers();
    document.getElementById('root')!.innerHTML = '<h1>Sofas Collection</h1><p>No products found</p>';
    await vi.advanceTimersByTimeAsync(999);
    expect(document.getElementById('first-paint')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it("paints home's hero at once, and leaves as soon as the app's heading is there", async () => {
    await paintFirst({ kind: 'hero', ...HOME_HERO }, 'FurniCraft');
    const layer = document.getElementById('first-paint')!;
    expect(layer.querySelector('h1')?.textContent).toBe(HOME_HERO.title);
    expect(layer.querySelector('p')?.textContent).toBe(HOME_HERO.text);
    document.getElementById('root')!.innerHTML = `<h1>${HOME_HERO.title}</h1>`;
    await Promise.resolve();
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it('paints nothing once the app has started (a slow answer)', async () => {
    document.documentElement.setAttribute('data-app-started', '');
    await paintFirst({ kind: 'listing', picture }, 'FurniCraft');
    expect(document.getElementById('first-paint')).toBeNull();
  });
});

describe('the entry starts after the first paint', () => {
  const built =
    '<html><head><script type="module" crossorigin src="/assets/index-Ab1.js"></script></head><body><div id="root"></div></body></html>';

  it("index.html's <head> no longer asks for the entry; the end of <body> starts it", () => {
    const html = entryAfterFirstPaint(built);
    expect(html.split('<body>')[0]).not.toContain('index-Ab1.js');
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(/<div id="root"><\/div><script>\(function startApp[\s\S]*"\/assets\/index-Ab1\.js"/);
    expect(() => entryAfterFirstPaint('<html><body></body></html>')).toThrow(/one entry script/);
  });

  /** Runs the inline script text alone; what it asks for is the entry's module scripts it adds. */
  function runStartApp(capMs: number) {
    new Function(startAppScript('/assets/index-Ab1.js', capMs))();
    return {
      get imported() {
        return [...document.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
      },
    };
  }

  it('at once when nothing is painting', async () => {
    const started = runStartApp(2000);
    await Promise.resolve();
    expect(started.imported).toEqual(['/assets/index-Ab1.js']);
    expect(document.documentElement.hasAttribute('data-app-started')).toBe(true);
  });

  it('once the first picture has painted, once only', async () => {
    let painted!: () => void;
    window.__firstPaint = new Promise<void>((r) => (painted = r));
    const started = runStartApp(60_000);
    await Promise.resolve();
    expect(started.imported).toEqual([]);
    painted();
    await new Promise((r) => setTimeout(r, 0));
    expect(started.imported).toEqual(['/assets/index-Ab1.js']);
  });

  it('at once in a tab opened in the background (no frame comes to paint in)', async () => {
    window.__firstPaint = new Promise<void>(() => undefined);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const started = runStartApp(60_000);
    expect(started.imported).toEqual(['/assets/index-Ab1.js']);
  });

  it('at the latest capMs after the navigation began', async () => {
    vi.useFakeTimers();
    window.__firstPaint = new Promise<void>(() => undefined);
    const started = runStartApp(performance.now() + 500);
    await vi.advanceTimersByTimeAsync(499);
    expect(started.imported).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.imported).toEqual(['/assets/index-Ab1.js']);
  });
});
