import { Chip, Stack } from '@mui/material';
import { DataTable, DateInput, List, SearchInput, SelectInput, TextInput } from 'react-admin';
import { actionChoices, actionLabel, AUDITED_TABLES, tableChoices, type AuditRow } from '@/audit/audit-rules';
import { ROLE_LABELS } from '@/lib/access';
import { formatIST } from '@/orders/order-messages';

const Column = DataTable.Col<AuditRow>;

// date_from and date_to are IST days (mapAuditFilters in lib/providers.ts); q searches the e-mail
const auditFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Staff e-mail" />,
  <SelectInput key="table" source="table_name" label="Record type" choices={tableChoices} alwaysOn />,
  <SelectInput key="action" source="action" choices={actionChoices} alwaysOn />,
  <TextInput key="record" source="record_id" label="Record id" />,
  <DateInput key="from" source="date_from" label="Date from" />,
  <DateInput key="to" source="date_to" label="Date to" />,
];

/** Who did it, with the roles they had then. */
export function Actor({ entry }: { entry: Pick<AuditRow, 'actor_email' | 'actor_roles'> }) {
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" flexWrap="wrap" useFlexGap>
      <span>{entry.actor_email}</span>
      {entry.actor_roles.map((role) => (
        <Chip key={role} size="small" variant="outlined" label={ROLE_LABELS[role]} />
      ))}
    </Stack>
  );
}

/**
 * /admin/audit_log: every staff write, newest first (owners: audit.read). A row opens the entry's
 * before/after; a record's own page links here filtered to it ("History").
 */
export function AuditList() {
  return (
    <List
      title="Audit log"
      empty={false}
      exporter={false}
      filters={auditFilters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={50}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="at" label="When (IST)" render={(r) => formatIST(r.at)} />
        <Column source="actor_email" label="Who" render={(r) => <Actor entry={r} />} />
        <Column
          source="table_name"
          label="Record type"
          render={(r) => AUDITED_TABLES[r.table_name] ?? r.table_name}
        />
        <Column source="record_id" label="Record" />
        <Column source="action" label="Action" render={(r) => actionLabel(r.action)} />
        <Column
          source="new_values"
          label="Fields"
          disableSort
          render={(r) =>
            r.action === 'update' &&
            r.new_values &&
            typeof r.new_values === 'object' &&
            !Array.isArray(r.new_values)
              ? Object.keys(r.new_values).sort().join(', ')
              : '—'
          }
        />
      </DataTable>
    </List>
  );
}
