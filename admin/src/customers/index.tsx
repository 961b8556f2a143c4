import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const CustomerList = lazyPage(() => import('@/customers/customer-list'), 'CustomerList');

export const customers = {
  list: CustomerList,
  icon: PeopleIcon,
  recordRepresentation: 'full_name',
};
