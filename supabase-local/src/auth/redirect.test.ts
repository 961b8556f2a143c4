import { describe, expect, it } from 'vitest';
import { fromToml } from '../config.ts';
import { authSettings } from './options.ts';
import { globToRegExp, isRedirectUrlValid, referrer } from './redirect.ts';

const settings = authSettings(
  fromToml({
    auth: {
      site_url: 'https://shop.example.com',
      additional_redirect_urls: [
        'http://localhost:3000',
        'https://*.preview.example.com/**',
        'myapp://callback',
      ],
    },
  }),
  'x'.repeat(40),
);

describe('redirect allow-list (GoTrue IsRedirectURLValid)', () => {
  it.each([
    ['https://shop.example.com/account', true],
    ['https://shop.example.com:8443/account', false],
    ['http://shop.example.com/', false],
    ['http://127.0.0.1:5173/cb', true],
    ['http://[::1]:4000/', true],
    ['http://10.0.0.8/', false],
    ['http://localhost:3000', true],
    ['http://localhost:3000/deeper', false],
    ['https://pr-12.preview.example.com/auth/cb', true],
    ['https://a.b.preview.example.com/auth/cb', false],
    ['myapp://callback', true],
    ['https://evil.example.net/', false],
    ['http://2130706433/', false],
    ['not a url', false],
    ['', false],
  ])('%s → %s', (url, ok) => {
    expect(isRedirectUrlValid(settings, url)).toBe(ok);
  });

  it('falls back to site_url', () => {
    expect(referrer(settings, 'https://evil.example.net/')).toBe('https://shop.example.com');
    expect(referrer(settings, null)).toBe('https://shop.example.com');
  });

  it('globs: * stops at . and /, ** does not, {a,b} alternates', () => {
    expect(globToRegExp('https://*.example.com').test('https://a.example.com')).toBe(true);
    expect(globToRegExp('https://*.example.com').test('https://a.b.example.com')).toBe(false);
    expect(globToRegExp('https://example.com/**').test('https://example.com/a/b?c=d')).toBe(true);
    expect(globToRegExp('https://{a,b}.example.com').test('https://b.example.com')).toBe(true);
  });
});
