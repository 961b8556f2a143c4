import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Show, useRecordContext } from 'react-admin';
import { Actor } from '@/audit/audit-list';
import { actionLabel, AUDITED_TABLES, fieldChanges, showValue, type AuditRow } from '@/audit/audit-rules';
import { formatIST } from '@/orders/order-messages';

/** One entry: who, when, what, and each field before and after (the diff). */
function AuditEntry() {
  const entry = useRecordContext<AuditRow>();
  if (!entry) return null;
  const changes = fieldChanges(entry);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {actionLabel(entry.action)}: {AUDITED_TABLES[entry.table_name] ?? entry.table_name}{' '}
          {entry.record_id}
        </Typography>
        <Typography variant="body2" gutterBottom component="div">
          {formatIST(entry.at)} by <Actor entry={entry} />
        </Typography>
        <Table size="small" aria-label="Changes">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Field
              </TableCell>
              <TableCell component="th" scope="col">
                Before
              </TableCell>
              <TableCell component="th" scope="col">
                After
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((c) => (
              <TableRow key={c.field}>
                <TableCell component="th" scope="row">
                  {c.field}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {c.before === undefined ? '—' : <del>{showValue(c.before)}</del>}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {c.after === undefined ? '—' : <ins>{showValue(c.after)}</ins>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** /admin/audit_log/:id/show. Read-only: the log is append-only for everyone. */
export function AuditShow() {
  return (
    <Show title="Audit entry" actions={false}>
      <AuditEntry />
    </Show>
  );
}
