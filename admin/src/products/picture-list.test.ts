import { describe, expect, it } from 'vitest';
import { MAX_PICTURES } from '@/products/image-file';
import {
  isUploading,
  movePicture,
  pictureFields,
  picturesFromRecord,
  roomForPictures,
  runPool,
  savedPicture,
  updatePicture,
  type PictureItem,
} from '@/products/picture-list';

const A = '/images/products/a.webp';
const B = 'http://127.0.0.1:54321/storage/v1/object/public/product-images/products/b.webp';
const C = '/images/products/c.webp';
const urls = (items: PictureItem[]) => items.map((i) => i.url);
const uploading = (key: string): PictureItem => ({
  key,
  url: null,
  name: `${key}.jpg`,
  state: 'uploading',
  progress: 20,
});

describe('picturesFromRecord and pictureFields', () => {
  it('lists the main picture first, then the gallery, each once', () => {
    const items = picturesFromRecord(A, [B, A, C, '']);
    expect(urls(items)).toEqual([A, B, C]);
    expect(items.map((i) => i.name)).toEqual(['a.webp', 'b.webp', 'c.webp']);
    expect(pictureFields(items)).toEqual({ image_url: A, images: [B, C] });
  });

  it('saves no picture as nulls, and one as the main picture with no gallery', () => {
    expect(picturesFromRecord(null, null)).toEqual([]);
    expect(pictureFields([])).toEqual({ image_url: null, images: null });
    expect(pictureFields([savedPicture(B)])).toEqual({ image_url: B, images: null });
  });

  it('leaves out pictures still uploading or failed', () => {
    const items = [
      uploading('x'),
      savedPicture(A),
      { ...uploading('y'), state: 'failed' as const, url: null },
      savedPicture(B),
    ];
    expect(pictureFields(items)).toEqual({ image_url: A, images: [B] });
    expect(isUploading(items)).toBe(true);
    expect(isUploading(updatePicture(items, 'x', { state: 'done', url: C }))).toBe(false);
    expect(pictureFields(updatePicture(items, 'x', { state: 'done', url: C }))).toEqual({
      image_url: C,
      images: [A, B],
    });
  });
});

describe('movePicture', () => {
  const items = picturesFromRecord(A, [B, C]);

  it('moves a picture up, down, or first (the main picture)', () => {
    expect(urls(movePicture(items, 1, 0))).toEqual([B, A, C]);
    expect(urls(movePicture(items, 0, 1))).toEqual([B, A, C]);
    expect(urls(movePicture(items, 2, 0))).toEqual([C, A, B]);
    expect(pictureFields(movePicture(items, 2, 0)).image_url).toBe(C);
  });

  it('keeps the list as it is past either end, and never changes the one given', () => {
    expect(urls(movePicture(items, 0, -1))).toEqual([A, B, C]);
    expect(urls(movePicture(items, 2, 3))).toEqual([A, B, C]);
    expect(urls(movePicture(items, 5, 0))).toEqual([A, B, C]);
    movePicture(items, 2, 0);
    expect(urls(items)).toEqual([A, B, C]);
  });
});

describe('roomForPictures', () => {
  it('fits the main picture and twenty more, not counting failed uploads', () => {
    expect(MAX_PICTURES).toBe(21);
    expect(roomForPictures([], 3)).toBe(3);
    const twenty = Array.from({ length: 20 }, (_, i) => savedPicture(`/images/products/p${i}.webp`));
    expect(roomForPictures(twenty, 3)).toBe(1);
    expect(roomForPictures([...twenty, savedPicture(A)], 1)).toBe(0);
    expect(roomForPictures([...twenty, { ...uploading('f'), state: 'failed' }], 2)).toBe(1);
  });
});

describe('runPool', () => {
  it('runs every job, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const jobs = [30, 5, 10, 1, 20].map((ms, i) => async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      done.push(i);
    });
    await runPool(jobs, 2);
    expect(most).toBe(2);
    expect([...done].sort()).toEqual([0, 1, 2, 3, 4]);
    await runPool([], 2);
  });
});
