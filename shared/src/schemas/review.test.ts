import { describe, expect, it } from 'vitest';
import { BODY_MESSAGE, RATING_MESSAGE, reviewFormSchema, reviewRequest, TITLE_MESSAGE } from './review.ts';

const valid = { rating: '4', title: 'Comfy sofa', body: 'Deep seats, firm cushions.' };
const issues = (v: Partial<typeof valid>) => {
  const r = reviewFormSchema.safeParse({ ...valid, ...v });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('reviewFormSchema (submit_review’s limits)', () => {
  it('accepts a rating of 1 to 5, a title of 3 to 120 and a text of 10 to 3,000 characters', () => {
    expect(issues({})).toEqual({});
    expect(issues({ rating: '1', title: 'Meh', body: 'x'.repeat(3000) })).toEqual({});
    expect(issues({ title: 'x'.repeat(120), body: '0123456789' })).toEqual({});
  });

  it('asks for a rating until one is chosen', () => {
    expect(issues({ rating: '' })).toEqual({ rating: RATING_MESSAGE });
    expect(issues({ rating: '0' })).toEqual({ rating: RATING_MESSAGE });
    expect(issues({ rating: '6' })).toEqual({ rating: RATING_MESSAGE });
  });

  it('counts the trimmed text, as the database does', () => {
    expect(issues({ title: '  ab  ' })).toEqual({ title: TITLE_MESSAGE });
    expect(issues({ title: 'x'.repeat(121) })).toEqual({ title: TITLE_MESSAGE });
    expect(issues({ body: '   too short   ' })).toEqual({ body: BODY_MESSAGE });
    expect(issues({ body: 'x'.repeat(3001) })).toEqual({ body: BODY_MESSAGE });
  });

  it('counts an emoji as one character (PostgreSQL counts characters)', () => {
    expect(issues({ title: '👍👍👍' })).toEqual({});
    expect(issues({ title: '👍'.repeat(120) })).toEqual({});
  });

  it('says the limits in its messages', () => {
    expect(TITLE_MESSAGE).toBe('Give your review a title of 3 to 120 characters');
    expect(BODY_MESSAGE).toBe('Write 10 to 3,000 characters about the product');
  });

  it('sends the rating as a number and the texts trimmed', () => {
    expect(reviewRequest({ rating: '5', title: ' Great ', body: ' Very comfortable. ' })).toEqual({
      rating: 5,
      title: 'Great',
      body: 'Very comfortable.',
    });
  });
});
