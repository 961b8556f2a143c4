// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoExtension, useReturnPhotos } from '@/features/orders/components/return-photos';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const list = (...files: File[]) => files as unknown as FileList;

describe('the return photos', () => {
  beforeEach(() => {
    let n = 0;
    // jsdom has no object URLs
    URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(cleanup);

  it('takes JPEG, PNG and WebP up to 5 MB, six at most, and says why it left one out', () => {
    const { result } = renderHook(() => useReturnPhotos());
    act(() => result.current.add(list(file('a.gif', 'image/gif'), file('b.png', 'image/png'))));
    expect(result.current.photos.map((p) => p.file.name)).toEqual(['b.png']);
    expect(result.current.problem).toBe('a.gif is not a JPEG, PNG or WebP picture.');

    act(() => result.current.add(list(file('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1))));
    expect(result.current.problem).toBe('big.jpg is larger than 5 MB.');

    act(() =>
      result.current.add(list(...['c', 'd', 'e', 'f', 'g', 'h'].map((n) => file(`${n}.webp`, 'image/webp')))),
    );
    expect(result.current.photos).toHaveLength(6);
    expect(result.current.problem).toBe('Up to 6 photos: h.webp was not added.');
  });

  it('numbers photos once, so a removed one’s number is never reused, and releases its preview', () => {
    const { result } = renderHook(() => useReturnPhotos());
    act(() => result.current.add(list(file('a.png', 'image/png'), file('b.png', 'image/png'))));
    act(() => result.current.remove(1));
    act(() => result.current.add(list(file('c.jpg', 'image/jpeg'))));
    expect(result.current.photos.map((p) => p.n)).toEqual([2, 3]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(photoExtension(result.current.photos[1]!.file)).toBe('jpg');
  });
});
