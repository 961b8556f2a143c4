import TicketIcon from '@mui/icons-material/ConfirmationNumber';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const PromoCodeCreate = lazyPage(() => import('@/promo-codes/promo-code-create'), 'PromoCodeCreate');
const PromoCodeEdit = lazyPage(() => import('@/promo-codes/promo-code-edit'), 'PromoCodeEdit');
const PromoCodeList = lazyPage(() => import('@/promo-codes/promo-code-list'), 'PromoCodeList');

export const promoCodes = {
  list: PromoCodeList,
  edit: PromoCodeEdit,
  create: PromoCodeCreate,
  icon: TicketIcon,
  recordRepresentation: 'code',
};
