// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublishedReview } from '@/features/reviews/api/product-reviews';
import { ReviewItem } from '@/features/reviews/components/review-item';

const review: PublishedReview = {
  id: 7,
  rating: 4,
  title: 'Comfortable <b>seats</b>',
  body: 'Sturdy frame.\n<img src=x onerror=alert(1)>',
  author_name: 'Priya S.',
  variant_title: 'Teal / 3-seater',
  photos: ['u/1.png'],
  photoUrls: ['https://api.example/object/sign/review-photos/u/1.png?token=t'],
  store_reply: 'Thank you, Priya!',
  replied_at: '2026-10-27T05:00:00Z',
  created_at: '2026-10-26T06:00:00Z',
};

describe('ReviewItem', () => {
  afterEach(cleanup);

  it('shows the review as plain text with its author, Verified buyer, the IST date, photos and the reply', () => {
    const { container } = render(<ReviewItem review={review} />);
    expect(screen.getByRole('heading', { name: 'Comfortable <b>seats</b>' })).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByText(/Sturdy frame\./).textContent).toContain('<img src=x onerror=alert(1)>');
    expect(screen.getByText('Verified buyer')).toBeTruthy();
    expect(screen.getByText('26 Oct 2026')).toBeTruthy();
    expect(screen.getByText('Rated 4 out of 5')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 1 of 1 from Priya S.' })).toBeTruthy();
    expect(screen.getByText('Thank you, Priya!')).toBeTruthy();
  });
});
