import { describe, expect, it } from 'vitest';
import { editDistance, rankCategories } from '@/features/catalog/rank-categories';

const categories = ['Beds', 'Chairs', 'Dining', 'Living Room', 'Office', 'Sofas', 'Storage', 'Tables'].map(
  (name) => ({ name }),
);

describe('rankCategories', () => {
  it('needs at least 2 characters', () => {
    expect(rankCategories('s', categories)).toEqual([]);
  });

  it('puts names starting with the query first, at most 3', () => {
    expect(rankCategories('st', categories).map((c) => c.name)).toEqual(['Storage']);
    expect(rankCategories('o', categories)).toEqual([]);
    expect(rankCategories('in', categories).map((c) => c.name)).toEqual(['Dining', 'Living Room']);
  });

  it('tolerates small typos', () => {
    expect(rankCategories('sofaa', categories).map((c) => c.name)).toEqual(['Sofas']);
    expect(rankCategories('chiar', categories).map((c) => c.name)).toEqual(['Chairs']);
    expect(rankCategories('room', categories).map((c) => c.name)).toEqual(['Living Room']);
  });

  it('counts an adjacent swap as one edit', () => {
    expect(editDistance('chiar', 'chair')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
