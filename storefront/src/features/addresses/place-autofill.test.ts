import { describe, expect, it } from 'vitest';
import { autofill, stateMismatch } from '@/features/addresses/place-autofill';

const bangalore = { city: 'Bangalore', state: 'Karnataka' };

describe('pincode autofill', () => {
  it('fills an empty city and the state', () => {
    expect(autofill({ city: '', state: '' }, bangalore, '')).toEqual(bangalore);
  });

  it("replaces the previous pincode's city and state when another pincode is typed", () => {
    expect(autofill({ city: 'Mumbai', state: 'Maharashtra' }, bangalore, 'Mumbai')).toEqual(bangalore);
  });

  it('keeps a city the shopper typed while the answer was on its way, and still sets the state', () => {
    expect(autofill({ city: 'Bengaluru', state: '' }, bangalore, '')).toEqual({
      city: 'Bengaluru',
      state: 'Karnataka',
    });
  });
});

describe('a state that contradicts the pincode', () => {
  it('is flagged with where the pincode is', () => {
    expect(stateMismatch('560001', 'Karnataka', 'Kerala')).toBe('Pincode 560001 is in Karnataka.');
  });

  it('is not flagged when it agrees (case and spaces aside), when none is chosen or the pincode is unknown', () => {
    expect(stateMismatch('560001', 'Karnataka', 'karnataka ')).toBeNull();
    expect(stateMismatch('560001', 'Karnataka', '')).toBeNull();
    expect(stateMismatch('123456', undefined, 'Kerala')).toBeNull();
  });
});
