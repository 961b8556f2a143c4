import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { config, z } from 'zod';

describe('zod-jitless', () => {
  it('leaves zod jitless, so it never probes eval under the CSP', () => {
    expect(config().jitless).toBe(true);
    // and parsing still works
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
