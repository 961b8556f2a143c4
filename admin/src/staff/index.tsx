import BadgeIcon from '@mui/icons-material/Badge';
import { lazyPage } from '@/lib/lazy-page';

const StaffList = lazyPage(() => import('@/staff/staff-list'), 'StaffList');

/** /admin/staff_members: owners invite staff, change their roles, remove them (staff.manage). */
export const staffMembers = {
  list: StaffList,
  icon: BadgeIcon,
  recordRepresentation: 'email',
};
