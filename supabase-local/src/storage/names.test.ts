import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { checkMimeType, isValidBucketName, isValidKey, parseConfigSize, parseFileSize } from './names.ts';

describe('isValidKey', () => {
  it.each([
    'a.png',
    'chairs/oak table (1).png',
    "it's/ok!*.txt",
    'a/b/c/d.e',
    '.emptyFolderPlaceholder',
    'x'.repeat(255),
  ])('accepts %s', (key) => expect(isValidKey(key)).toBe(true));

  it.each([
    ['empty', ''],
    ['parent segment', '../x'],
    ['inner parent segment', 'a/../b'],
    ['current segment', './x'],
    ['absolute', '/etc/passwd'],
    ['empty segment', 'a//b'],
    ['trailing slash', 'a/'],
    ['NUL', 'a\0b'],
    ['backslash', 'a\\..\\b'],
    ['newline', 'a\nb'],
    ['non-ASCII', 'café.png'],
    ['segment over 255 bytes', 'x'.repeat(256)],
    ['key over 1024 bytes', Array.from({ length: 10 }, () => 'y'.repeat(120)).join('/')],
  ])('refuses %s', (_, key) => expect(isValidKey(key)).toBe(false));
});

describe('isValidBucketName', () => {
  it('accepts Storage names and refuses paths', () => {
    expect(isValidBucketName('product-images')).toBe(true);
    for (const name of ['', '.', '..', 'a/b', 'x'.repeat(101), 'a\0'])
      expect(isValidBucketName(name)).toBe(false);
  });
});

describe('sizes', () => {
  it('reads bucket limits as Storage does (decimal units)', () => {
    expect(parseFileSize(2048)).toBe(2048);
    expect(parseFileSize('1MB')).toBe(1_000_000);
    expect(parseFileSize('1.5kb')).toBe(1500);
    expect(() => parseFileSize('1MiB')).toThrow(StorageError);
    expect(() => parseFileSize(-1)).toThrow(StorageError);
  });

  it("reads config.toml's limit, binary units included", () => {
    expect(parseConfigSize('50MiB')).toBe(50 * 1024 * 1024);
    expect(parseConfigSize('5MB')).toBe(5_000_000);
    expect(parseConfigSize('64KB')).toBe(64_000);
    expect(() => parseConfigSize('lots')).toThrow(/file_size_limit/);
  });
});

describe('checkMimeType', () => {
  it('matches exact types and type/* wildcards, ignoring parameters', () => {
    expect(() => checkMimeType('image/png', ['image/*'])).not.toThrow();
    expect(() => checkMimeType('text/plain;charset=UTF-8', ['text/plain'])).not.toThrow();
    expect(() => checkMimeType('text/html', ['image/*', 'text/plain'])).toThrow(
      /mime type text\/html is not supported/,
    );
    expect(() => checkMimeType('nonsense', ['image/*'])).toThrow(StorageError);
  });
});
