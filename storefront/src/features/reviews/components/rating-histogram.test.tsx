// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingHistogram } from '@/features/reviews/components/rating-histogram';

const stats = { review_count: 20, stars_1: 1, stars_2: 0, stars_3: 2, stars_4: 5, stars_5: 12 };

describe('RatingHistogram', () => {
  afterEach(cleanup);

  it('labels each bar with its stars and count, five stars first', () => {
    render(<RatingHistogram stats={stats} />);
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['5 stars: 12', '4 stars: 5', '3 stars: 2', '2 stars: 0', '1 star: 1']);
    expect(screen.getByRole('list', { name: 'Ratings by stars' })).toBeTruthy();
  });

  it('draws each bar as the share of the reviews, hidden from screen readers', () => {
    const { container } = render(<RatingHistogram stats={stats} />);
    const bars = Array.from(container.querySelectorAll<HTMLElement>('[aria-hidden="true"] > span'));
    expect(bars.map((b) => b.style.width)).toEqual(['60%', '25%', '10%', '0%', '5%']);
  });
});
