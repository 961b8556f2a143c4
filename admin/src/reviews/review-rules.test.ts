import { describe, expect, it } from 'vitest';
import {
  flagExplanations,
  formatReviewDate,
  rejectionReasonError,
  reviewFilter,
  stars,
} from '@/reviews/review-rules';
import { dateRangeFilter, istDayStart } from '@/lib/date-range';

describe('rejectionReasonError', () => {
  it('refuses an empty or blank reason', () => {
    expect(rejectionReasonError('')).toMatch(/Give a reason/);
    expect(rejectionReasonError('   ')).toMatch(/Give a reason/);
  });
  it('refuses fewer than 3 characters once trimmed, as the database does', () => {
    expect(rejectionReasonError(' ab ')).toMatch(/at least 3/);
    expect(rejectionReasonError('abc')).toBeNull();
  });
  it('refuses more than 500 characters', () => {
    expect(rejectionReasonError('x'.repeat(500))).toBeNull();
    expect(rejectionReasonError('x'.repeat(501))).toMatch(/500/);
  });
});

describe('flagExplanations', () => {
  it('says what was found and that it blocks approval', () => {
    expect(flagExplanations(['phone', 'link'])).toEqual([
      'Contains a phone number: cannot be approved.',
      'Contains a link: cannot be approved.',
    ]);
    expect(flagExplanations(['email'])).toEqual(['Contains an e-mail address: cannot be approved.']);
  });
  it('is empty without flags', () => {
    expect(flagExplanations(null)).toEqual([]);
    expect(flagExplanations([])).toEqual([]);
  });
});

describe('dates on India’s calendar', () => {
  it('formats a timestamp as its IST day', () => {
    // 20:00 UTC on 25 Oct is 01:30 on 26 Oct in India
    expect(formatReviewDate('2026-10-25T20:00:00Z')).toBe('26 Oct 2026');
    expect(formatReviewDate('2026-10-26T10:00:00Z')).toBe('26 Oct 2026');
  });
  it('starts an IST day at 18:30 UTC the day before', () => {
    expect(istDayStart('2026-10-26')).toBe('2026-10-25T18:30:00Z');
    expect(istDayStart('2026-10-26', 1)).toBe('2026-10-26T18:30:00Z');
    expect(istDayStart('26/10/2026')).toBeNull();
    expect(istDayStart(undefined)).toBeNull();
  });
  it('turns from/to into a half-open range that includes the last day', () => {
    expect(reviewFilter({ status: 'pending', date_from: '2026-10-01', date_to: '2026-10-31' })).toEqual({
      status: 'pending',
      '@and': { 'created_at@gte': '2026-09-30T18:30:00Z', 'created_at@lt': '2026-10-31T18:30:00Z' },
    });
    expect(reviewFilter({ date_from: '2026-10-01' })).toEqual({ 'created_at@gte': '2026-09-30T18:30:00Z' });
    expect(reviewFilter({ date_to: '2026-10-31' })).toEqual({ 'created_at@lt': '2026-10-31T18:30:00Z' });
    expect(reviewFilter({ rating: 5, date_from: '' })).toEqual({ rating: 5 });
  });
  it('ranges any timestamp column (the audit log filters on `at`)', () => {
    expect(dateRangeFilter({ date_from: '2026-10-01', date_to: '2026-10-01' }, 'at')).toEqual({
      '@and': { 'at@gte': '2026-09-30T18:30:00Z', 'at@lt': '2026-10-01T18:30:00Z' },
    });
  });
});

describe('stars', () => {
  it('draws five', () => {
    expect(stars(4)).toBe('★★★★☆');
    expect(stars(1)).toBe('★☆☆☆☆');
  });
});
