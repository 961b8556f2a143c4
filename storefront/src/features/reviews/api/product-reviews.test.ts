import { createClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchReviewPage, REVIEWS_PAGE_SIZE } from '@/features/reviews/api/product-reviews';

// A real supabase-js client whose fetch answers product_reviews with `count` rows (review i has
// photos `p<i>.png` when i is even) and signs every photo but `p0.png`.
const calls: { path: string; body: Record<string, unknown> }[] = [];
let count = 0;
let withPhotos = true;
const client = createClient('http://api.test', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  db: { retry: false },
  realtime: { transport: class {} as never },
  global: {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ path: url.pathname, body });
      const json = url.pathname.startsWith('/storage/v1/object/sign/')
        ? (body.paths as string[]).map((path) =>
            path === 'u/p0.png'
              ? {
                  path,
                  signedURL: null,
                  error: 'Either the object does not exist or you do not have access to it',
                }
              : { path, signedURL: `/object/sign/review-photos/${path}?token=t`, error: null },
          )
        : Array.from({ length: count }, (_, i) => ({
            id: i + 1,
            rating: 5,
            title: `Review ${i + 1}`,
            body: 'Comfortable and sturdy.',
            author_name: 'Priya S.',
            variant_title: null,
            photos: withPhotos && i % 2 === 0 ? [`u/p${i}.png`] : [],
            store_reply: null,
            replied_at: null,
            created_at: '2026-10-26T06:00:00Z',
          }));
      return new Response(JSON.stringify(json), { headers: { 'Content-Type': 'application/json' } });
    },
  },
});
vi.mock('@/lib/get-supabase', () => ({ getSupabase: async () => client }));

describe('fetchReviewPage', () => {
  beforeEach(() => {
    calls.length = 0;
    withPhotos = true;
  });

  it('asks for one review more than a page, shows a page and says where the next starts', async () => {
    count = REVIEWS_PAGE_SIZE + 1;
    const page = await fetchReviewPage(42, 'highest', 20);
    expect(calls[0]).toEqual({
      path: '/rest/v1/rpc/product_reviews',
      body: { product_id: 42, sort: 'highest', page_offset: 20, page_size: REVIEWS_PAGE_SIZE + 1 },
    });
    expect(page.reviews).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(page.next).toBe(20 + REVIEWS_PAGE_SIZE);
  });

  it('has no next page on the last, and signs the photos of the page in one request', async () => {
    count = 3;
    const page = await fetchReviewPage(42, 'photos', 0);
    expect(page.next).toBeUndefined();
    expect(calls.map((c) => c.path)).toEqual([
      '/rest/v1/rpc/product_reviews',
      '/storage/v1/object/sign/review-photos',
    ]);
    expect(calls[1]!.body.paths).toEqual(['u/p0.png', 'u/p2.png']);
    // A photo that cannot be read (not signed) is left out rather than shown broken.
    expect(page.reviews.map((r) => r.photoUrls.length)).toEqual([0, 0, 1]);
    expect(page.reviews[2]!.photoUrls[0]).toMatch(/\/object\/sign\/review-photos\/u\/p2\.png\?token=t$/);
  });

  it('signs nothing when the page has no photos', async () => {
    count = 2;
    withPhotos = false;
    await fetchReviewPage(42, 'newest', 0);
    expect(calls).toHaveLength(1);
  });
});
