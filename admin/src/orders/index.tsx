import ReceiptIcon from '@mui/icons-material/Receipt';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const OrderList = lazyPage(() => import('@/orders/order-list'), 'OrderList');

const OrderShow = lazyPage(() => import('@/orders/order-show'), 'OrderShow');

export const orders = {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptIcon,
  recordRepresentation: 'order_number',
};
