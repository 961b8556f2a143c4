import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const CustomerList = lazyPage(() => import('@/customers/customer-list'), 'CustomerList');
const CustomerShow = lazyPage(() => import('@/customers/customer-show'), 'CustomerShow');

export const customers = {
  list: CustomerList,
  show: CustomerShow,
  icon: PeopleIcon,
  recordRepresentation: 'full_name',
};
