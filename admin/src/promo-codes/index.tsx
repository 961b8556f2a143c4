import TicketIcon from '@mui/icons-material/ConfirmationNumber';
import { PromoCodeCreate } from '@/promo-codes/promo-code-create';
import { PromoCodeEdit } from '@/promo-codes/promo-code-edit';
import { PromoCodeList } from '@/promo-codes/promo-code-list';

export const promoCodes = {
  list: PromoCodeList,
  edit: PromoCodeEdit,
  create: PromoCodeCreate,
  icon: TicketIcon,
  recordRepresentation: 'code',
};
