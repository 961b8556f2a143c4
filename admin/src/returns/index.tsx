import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const ReturnList = lazyPage(() => import('@/returns/return-list'), 'ReturnList');
const ReturnShow = lazyPage(() => import('@/returns/return-show'), 'ReturnShow');

/** /admin/returns: the queue and each return's page (the database's RPCs make every change). */
export const returns = {
  list: ReturnList,
  show: ReturnShow,
  icon: AssignmentReturnIcon,
  recordRepresentation: 'return_number',
};
