import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every amount the store's copy states comes from a rule (shared/pricing: the delivery fee and its
 * threshold, formatted by formatINR), never typed by hand: a typed "₹2,999" silently stays behind
 * when the rule changes (docs/decisions/007-delivery-fee-rule-is-a-constant.md).
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('amounts in copy', () => {
  it('no source file of the storefront types a rupee amount by hand', () => {
    const root = new URL('.', import.meta.url).pathname;
    const typed = sources(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /₹\s?\d/.test(line) ? [`${file.slice(root.length)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(typed).toEqual([]);
  });
});
