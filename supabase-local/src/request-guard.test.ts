import { describe, expect, it } from 'vitest';
import { fromToml } from './config.ts';
import { isLoopbackHost } from './migrations/reset.ts';
import { configuredUrls, createRequestGuard, hostName } from './request-guard.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers.ts';

describe('Host names', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['Example.COM', 'example.com'],
    ['[::1]:54321', '::1'],
    ['127.0.0.1', '127.0.0.1'],
    ['', undefined],
    ['a b', undefined],
    ['user@evil.example', undefined],
    ['evil.example:99999999', undefined],
  ])('%j → %j', (header, name) => expect(hostName(header)).toBe(name));

  const guard = createRequestGuard(() => [
    ...configuredUrls(
      fromToml({
        auth: {
          site_url: 'https://shop.example.in/',
          additional_redirect_urls: ['http://localhost:5173/admin/'],
        },
      }),
    ),
    'http://127.0.0.1:3100',
  ]);

  it('allows loopback names on any port and the configured hosts, nothing else', () => {
    for (const h of [
      'localhost',
      'localhost:1',
      '127.0.0.1:54321',
      '127.255.0.9',
      '[::1]:3000',
      'shop.example.in',
      'shop.example.in:443',
    ])
      expect([h, guard.hostAllowed(h)]).toEqual([h, true]);
    for (const h of [
      undefined,
      '',
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      '128.0.0.1',
      '0.0.0.0',
      '[::]',
      '127.0.0.256',
    ])
      expect([h, guard.hostAllowed(h)]).toEqual([h, false]);
  });

  it('allows the configured origins (loopback ones under every loopback name), nothing else', () => {
    for (const o of [
      'https://shop.example.in',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://localhost:3100',
    ])
      expect([o, guard.originAllowed(o)]).toEqual([o, true]);
    for (const o of [
      undefined,
      'null',
      'http://shop.example.in',
      'https://shop.example.in:8443',
      'http://localhost:5174',
      'https://evil.example',
      'file://',
    ])
      expect([o, guard.originAllowed(o)]).toEqual([o, false]);
  });
});

describe('isLoopbackHost (where supabase-local may listen with the well-known keys)', () => {
  it('refuses an empty, blank or unparseable host, which would bind every interface', () => {
    for (const h of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3'])
      expect([h, isLoopbackHost(h)]).toEqual([h, true]);
    for (const h of ['', ' ', '0.0.0.0', '::', 'not a host', '127.0.0.1.evil.example', '127.0.0.300'])
      expect([h, isLoopbackHost(h)]).toEqual([h, false]);
  });
});

describe('the site Content-Security-Policy', () => {
  it('hashes inline scripts as browsers do, ignoring scripts with src', () => {
    // sha256 of "alert(1)", base64
    expect(
      inlineScriptHashes('<script>alert(1)</script><script type="module" src="/a.js"></script>'),
    ).toEqual(['sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=']);
  });

  it('allows scripts only from the site, by hash and from Razorpay; the sandbox only in development', () => {
    const prod = contentSecurityPolicy({
      apiOrigins: ['https://x.supabase.co'],
      scriptHashes: ['sha256-abc'],
    });
    expect(prod).toContain("script-src 'self' 'sha256-abc' https://checkout.razorpay.com;");
    expect(prod).toContain("connect-src 'self' https://x.supabase.co;");
    expect(prod).toContain("frame-ancestors 'none'");
    const dev = contentSecurityPolicy({ apiOrigins: ['http://127.0.0.1:54321'], razorpaySandbox: true });
    expect(dev).toContain("script-src 'self' https://checkout.razorpay.com http://127.0.0.1:54321;");
  });
});
