import type { QueryData } from '@supabase/supabase-js';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Database } from 'shared/types/database';
import { toAppError } from '@/lib/errors';
import { getSupabase, type Supabase } from '@/lib/get-supabase';

/**
 * What shoppers read of reviews: product_review_stats (the approved count and the 5-bar histogram,
 * kept by the database) and product_reviews() (approved reviews, authors as "Priya S."; the reviews
 * table itself is closed to visitors). Photos sit in the private review-photos bucket, which lets
 * anyone read those of approved reviews: a page's photos are signed in one request.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  stats: (productId: number) => [...reviewKeys.all, 'stats', productId] as const,
  list: (productId: number, sort: ReviewSort) => [...reviewKeys.all, 'list', productId, sort] as const,
  ownPhotos: (paths: readonly string[]) => [...reviewKeys.all, 'own-photos', ...paths] as const,
};

export const REVIEW_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
  { value: 'photos', label: 'With photos' },
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number]['value'];

export const REVIEW_PHOTO_BUCKET = 'review-photos';
export const REVIEWS_PAGE_SIZE = 10;
// Signed for an hour; the list is refetched well before (staleTime below), so no link goes stale on screen.
const PHOTO_URL_SECONDS = 60 * 60;

const selectStats = (supabase: Supabase, productId: number) =>
  supabase
    .from('product_review_stats')
    .select('review_count,stars_1,stars_2,stars_3,stars_4,stars_5')
    .eq('product_id', productId)
    .maybeSingle();

/** A product's approved-review histogram (the fetcher answers null before its first approved review). */
export type ReviewStats = NonNullable<QueryData<ReturnType<typeof selectStats>>>;

async function fetchReviewStats(productId: number): Promise<ReviewStats | null> {
  const { data, error } = await selectStats(await getSupabase(), productId);
  if (error) throw toAppError(error);
  return data;
}

type PublishedReviewRow = Database['public']['Functions']['product_reviews']['Returns'][number];
/** An approved review with its photos' (signed) addresses, in the photos' order. */
export type PublishedReview = PublishedReviewRow & { photoUrls: string[] };

export interface ReviewPage {
  reviews: PublishedReview[];
  /** the offset of the next page, undefined on the last */
  next: number | undefined;
}

/** One page: asks for one review more than it shows, which only says whether there is another page. */
export async function fetchReviewPage(
  productId: number,
  sort: ReviewSort,
  offset: number,
): Promise<ReviewPage> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('product_reviews', {
    product_id: productId,
    sort,
    page_offset: offset,
    page_size: REVIEWS_PAGE_SIZE + 1,
  });
  if (error) throw toAppError(error);
  const rows = data.slice(0, REVIEWS_PAGE_SIZE);
  const paths = rows.flatMap((r) => r.photos);
  const urls = new Map<string, string>();
  if (paths.length > 0) {
    const signed = await supabase.storage
      .from(REVIEW_PHOTO_BUCKET)
      .createSignedUrls(paths, PHOTO_URL_SECONDS);
    if (signed.error) throw toAppError(signed.error);
    for (const s of signed.data) if (s.path && s.signedUrl) urls.set(s.path, s.signedUrl);
  }
  return {
    reviews: rows.map((r) => ({
      ...r,
      photoUrls: r.photos.flatMap((p) => {
        const url = urls.get(p);
        return url ? [url] : [];
      }),
    })),
    next: data.length > REVIEWS_PAGE_SIZE ? offset + REVIEWS_PAGE_SIZE : undefined,
  };
}

export const reviewQueries = {
  stats: (productId: number) =>
    queryOptions({ queryKey: reviewKeys.stats(productId), queryFn: () => fetchReviewStats(productId) }),
  list: (productId: number, sort: ReviewSort) =>
    infiniteQueryOptions({
      queryKey: reviewKeys.list(productId, sort),
      queryFn: ({ pageParam }) => fetchReviewPage(productId, sort, pageParam),
      initialPageParam: 0,
      getNextPageParam: (last: ReviewPage) => last.next,
      staleTime: 10 * 60 * 1000,
    }),
};
