import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './rate-limit.ts';

describe('token buckets (GoTrue / tollbooth)', () => {
  it('allows a burst, then refills at the rate per 5 minutes, per key', () => {
    let t = 0;
    const b = new TokenBuckets({ perFiveMinutes: 30, burst: 3 }, () => t);
    expect([b.allow('a'), b.allow('a'), b.allow('a'), b.allow('a')]).toEqual([true, true, true, false]);
    expect(b.allow('b')).toBe(true);
    t += 9_999;
    expect(b.allow('a')).toBe(false);
    t += 1;
    expect(b.allow('a')).toBe(true);
    t += 3_600_000;
    expect([b.allow('a'), b.allow('a'), b.allow('a'), b.allow('a')]).toEqual([true, true, true, false]);
  });
});
