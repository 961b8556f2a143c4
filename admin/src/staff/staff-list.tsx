import { Chip, Stack, Typography } from '@mui/material';
import { DataTable, List, SearchInput, TopToolbar, useGetIdentity } from 'react-admin';
import { ROLE_LABELS } from '@/lib/access';
import type { Row } from '@/lib/database';
import { EditRolesButton, InviteStaffButton, RemoveStaffButton } from '@/staff/staff-actions';

type Member = Row<'staff_members'>;
const Column = DataTable.Col<Member>;

// ra-data-postgrest's `col@ilike`: a case-insensitive substring of the address
const staffFilters = [<SearchInput key="q" source="email@ilike" alwaysOn placeholder="Staff e-mail" />];

const day = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' });

/** The member's row actions; one's own row has none (the database refuses one's own roles anyway). */
function MemberActions({ member, self }: { member: Member; self: boolean }) {
  if (self)
    return (
      <Typography variant="body2" color="text.secondary">
        You
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1}>
      <EditRolesButton member={member} />
      <RemoveStaffButton member={member} />
    </Stack>
  );
}

/**
 * /admin/staff_members (owners: staff.manage): who is staff, with which roles, since when (IST),
 * newest first. Owners invite by e-mail, change others' roles and remove them.
 */
export function StaffList() {
  const { identity } = useGetIdentity();
  return (
    <List
      title="Staff"
      empty={false}
      exporter={false}
      filters={staffFilters}
      actions={
        <TopToolbar>
          <InviteStaffButton />
        </TopToolbar>
      }
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={50}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <Column source="email" label="E-mail" />
        <Column
          source="roles"
          label="Roles"
          disableSort
          render={(m) => (
            <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
              {m.roles.map((role) => (
                <Chip key={role} size="small" label={ROLE_LABELS[role]} />
              ))}
            </Stack>
          )}
        />
        <Column source="created_at" label="Since" render={(m) => day.format(new Date(m.created_at))} />
        <Column
          label="Actions"
          disableSort
          render={(m) => <MemberActions member={m} self={m.user_id === identity?.id} />}
        />
      </DataTable>
    </List>
  );
}
