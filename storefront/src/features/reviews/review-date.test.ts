import { describe, expect, it } from 'vitest';
import { reviewDate } from '@/features/reviews/review-date';

describe('reviewDate', () => {
  it("writes the day in India: '26 Oct 2026'", () => {
    expect(reviewDate('2026-10-26T06:00:00Z')).toBe('26 Oct 2026');
  });

  it('counts a late UTC evening as the next day in IST', () => {
    expect(reviewDate('2026-10-25T19:00:00Z')).toBe('26 Oct 2026');
  });
});
