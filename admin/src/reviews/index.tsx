import ReviewsIcon from '@mui/icons-material/RateReview';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const ReviewList = lazyPage(() => import('@/reviews/review-list'), 'ReviewList');
const ReviewEdit = lazyPage(() => import('@/reviews/review-edit'), 'ReviewEdit');

/** /admin/reviews: the moderation queue and each review's page (approve, reject, reply). */
export const reviews = {
  list: ReviewList,
  edit: ReviewEdit,
  icon: ReviewsIcon,
  recordRepresentation: 'title',
};
