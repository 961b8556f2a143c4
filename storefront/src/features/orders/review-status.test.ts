import { describe, expect, it } from 'vitest';
import { reviewStatusText } from '@/features/orders/review-status';

describe('reviewStatusText', () => {
  it('says where the review is in moderation, with the reason it was not published', () => {
    expect(reviewStatusText({ status: 'pending', rejection_reason: null })).toBe('Pending approval');
    expect(reviewStatusText({ status: 'approved', rejection_reason: null })).toBe('Published');
    expect(reviewStatusText({ status: 'rejected', rejection_reason: 'It names another shop.' })).toBe(
      'Not published: It names another shop.',
    );
  });
});
