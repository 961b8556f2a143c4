import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { lazyPage } from '@/lib/lazy-page';

const AuditList = lazyPage(() => import('@/audit/audit-list'), 'AuditList');
const AuditShow = lazyPage(() => import('@/audit/audit-show'), 'AuditShow');

/** /admin/audit_log: who changed what and when (owners: audit.read). */
export const auditLog = {
  list: AuditList,
  show: AuditShow,
  icon: HistoryEduIcon,
};
