import PeopleIcon from '@mui/icons-material/People';
import { CustomerList } from '@/customers/customer-list';

export const customers = {
  list: CustomerList,
  icon: PeopleIcon,
  recordRepresentation: 'full_name',
};
