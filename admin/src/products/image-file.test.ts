import { describe, expect, it } from 'vitest';
import {
  centreSquare,
  IMAGE_TOO_LARGE,
  imageFileProblem,
  MAX_SOURCE_BYTES,
  NOT_AN_IMAGE,
} from '@/products/image-file';

describe('imageFileProblem', () => {
  it('accepts the pictures a browser decodes, up to 25 MB (they are resized before upload)', () => {
    for (const type of ['image/webp', 'image/jpeg', 'image/png', 'image/avif'])
      expect(imageFileProblem({ type, size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBeNull();
    expect(imageFileProblem({ type: 'image/png', size: MAX_SOURCE_BYTES })).toBeNull();
  });

  it('refuses other files and larger pictures', () => {
    expect(imageFileProblem({ type: 'text/plain', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(imageFileProblem({ type: '', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(imageFileProblem({ type: 'image/jpeg', size: MAX_SOURCE_BYTES + 1 })).toBe(IMAGE_TOO_LARGE);
  });
});

describe('centreSquare', () => {
  it('takes the middle of a landscape or a portrait picture, the whole of a square one', () => {
    expect(centreSquare(4000, 3000)).toEqual({ x: 500, y: 0, side: 3000 });
    expect(centreSquare(1200, 1600)).toEqual({ x: 0, y: 200, side: 1200 });
    expect(centreSquare(800, 800)).toEqual({ x: 0, y: 0, side: 800 });
    expect(centreSquare(801, 800)).toEqual({ x: 0, y: 0, side: 800 });
  });
});
