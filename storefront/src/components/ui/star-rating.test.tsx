// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingSummary, reviewCountText } from '@/components/ui/star-rating';

describe('RatingSummary', () => {
  afterEach(cleanup);

  it("says 'No reviews yet' when the product has no approved review: no stars, no default", () => {
    const { container } = render(<RatingSummary rating={null} count={0} />);
    expect(screen.getByTestId('rating').textContent).toBe('No reviews yet');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('shows the average with one decimal and the count, and says what the figure is', () => {
    render(<RatingSummary rating={4.6} count={1280} />);
    expect(screen.getByTestId('rating').textContent).toBe('Rated 4.6 out of 5 (1,280 reviews)');
  });

  it('counts one review in the singular', () => {
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(2)).toBe('2 reviews');
  });
});
