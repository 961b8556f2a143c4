// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';

describe('ReviewsSection', () => {
  afterEach(cleanup);

  it("says 'No reviews yet' for a product without approved reviews, without loading the reviews", () => {
    render(<ReviewsSection productId={1} rating={null} reviewCount={0} />);
    const section = screen.getByRole('region', { name: 'Customer reviews' });
    expect(section.id).toBe('reviews');
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Ratings by stars' })).toBeNull();
  });
});
