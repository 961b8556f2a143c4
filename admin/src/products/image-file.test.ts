import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE, imageFileProblem, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from '@/products/image-file';

describe('imageFileProblem', () => {
  it('accepts the pictures the bucket takes, up to 5 MB', () => {
    for (const type of ['image/webp', 'image/jpeg', 'image/png', 'image/avif'])
      expect(imageFileProblem({ type, size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeNull();
  });

  it('refuses other files and larger pictures', () => {
    expect(imageFileProblem({ type: 'text/plain', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(imageFileProblem({ type: '', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(imageFileProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe(IMAGE_TOO_LARGE);
  });
});
