import HistoryIcon from '@mui/icons-material/History';
import { Button, CanAccess, Link, TopToolbar, useBasename, useRecordContext } from 'react-admin';
import { historyPath } from '@/audit/audit-rules';

/**
 * "History": the audit log filtered to this record, for staff who may read the log (owners). The
 * table and id are the ones the audit trigger records (its first argument: usually id).
 */
export function HistoryButton({ table, recordId }: { table: string; recordId: string | number | undefined }) {
  // the console lives under /admin: a path of its own needs the basename (as ProductRowActions' Edit)
  const basename = useBasename();
  if (recordId === undefined) return null;
  return (
    <CanAccess resource="audit_log" action="list">
      <Button component={Link} to={`${basename}${historyPath(table, recordId)}`} label="History">
        <HistoryIcon />
      </Button>
    </CanAccess>
  );
}

/** A record page's top toolbar with its History button (Edit and Show pages' `actions`). */
export function HistoryActions({ table }: { table: string }) {
  const record = useRecordContext();
  return (
    <TopToolbar>
      <HistoryButton table={table} recordId={record?.id} />
    </TopToolbar>
  );
}
