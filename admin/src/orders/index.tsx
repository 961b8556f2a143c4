import ReceiptIcon from '@mui/icons-material/Receipt';
import { OrderList } from '@/orders/order-list';
import { OrderShow } from '@/orders/order-show';

export const orders = {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptIcon,
  recordRepresentation: 'order_number',
};
