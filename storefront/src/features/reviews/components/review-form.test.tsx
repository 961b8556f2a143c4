// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewForm } from '@/features/reviews/components/review-form';

const renderForm = (onSubmitted = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReviewForm userId="u1" orderItemId={7} onSubmitted={onSubmitted} />
    </QueryClientProvider>,
  );

describe('ReviewForm', () => {
  afterEach(cleanup);

  it('says every problem at once and sends nothing while the review is incomplete', async () => {
    const onSubmitted = vi.fn();
    renderForm(onSubmitted);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5 stars')).toBeTruthy();
    expect(screen.getByText('Give your review a title of 3 to 120 characters')).toBeTruthy();
    expect(screen.getByText('Write 10 to 3,000 characters about the product')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Your review').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('offers the rating as a group of five radios named by their stars', async () => {
    renderForm();
    const group = screen.getByRole('group', { name: 'Your rating' });
    const radios = screen.getAllByRole('radio');
    expect(group).toBeTruthy();
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Give your review a title of 3 to 120 characters')).toBeTruthy();
    expect(screen.queryByText('Choose a rating from 1 to 5 stars')).toBeNull();
  });

  it('refuses a photo the bucket would refuse, with the reason', () => {
    renderForm();
    const input = screen.getByLabelText('Add photos');
    const gif = new File(['x'], 'sofa.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    expect(screen.getByRole('alert').textContent).toBe('sofa.gif is not a JPEG, PNG or WebP picture.');
  });
});
