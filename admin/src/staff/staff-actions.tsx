import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import type { StaffRole } from 'shared/staff/invite';
import type { Row } from '@/lib/database';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { staffApi } from '@/staff/staff-api';
import { StaffRolesDialog } from '@/staff/staff-roles-dialog';

type Member = Pick<Row<'staff_members'>, 'user_id' | 'email' | 'roles'>;

/** Invite: the address gets Auth's invite mail; an address with an account is made staff as it is. */
export function InviteStaffButton() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { mutate, isPending } = useAdminMutation(staffApi.invite, {
    onSuccess: (member) => {
      setOpen(false);
      notify(
        member.invited
          ? `Invitation sent to ${member.email}.`
          : `${member.email} already had an account: they are staff now and sign in with their own password.`,
        { type: 'success' },
      );
      refresh();
    },
    onError: (e) => setError(e.message),
  });
  return (
    <>
      <Button
        size="small"
        startIcon={<PersonAddIcon />}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Invite
      </Button>
      {open && (
        <StaffRolesDialog
          title="Invite a staff member"
          submitLabel="Send invitation"
          email={null}
          initialRoles={[]}
          busy={isPending}
          error={error}
          onSubmit={(email, roles) => void mutate(email, roles)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** Edit roles: another member's whole set of roles (the database refuses one's own). */
export function EditRolesButton({ member }: { member: Member }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { mutate, isPending } = useAdminMutation(
    (roles: StaffRole[]) => staffApi.setRoles(member.user_id, roles),
    {
      onSuccess: () => {
        setOpen(false);
        notify(`Roles of ${member.email} changed.`, { type: 'success' });
        refresh();
      },
      onError: (e) => setError(e.message),
    },
  );
  return (
    <>
      <Button
        size="small"
        aria-label={`Edit roles of ${member.email}`}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Edit roles
      </Button>
      {open && (
        <StaffRolesDialog
          title={`Roles of ${member.email}`}
          submitLabel="Save roles"
          email={member.email}
          initialRoles={member.roles}
          busy={isPending}
          error={error}
          onSubmit={(_email, roles) => void mutate(roles)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** Remove: the member's staff access ends at once (their account stays, as a customer's). */
export function RemoveStaffButton({ member }: { member: Member }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const { mutate, isPending } = useAdminMutation(() => staffApi.remove(member.user_id), {
    failure: `${member.email} was not removed`,
    onSuccess: () => notify(`${member.email} is no longer staff.`, { type: 'success' }),
    onSettled: refresh,
  });
  return (
    <>
      <Button
        size="small"
        color="error"
        disabled={isPending}
        aria-label={`Remove ${member.email}`}
        onClick={() => setConfirming(true)}
      >
        Remove
      </Button>
      <Confirm
        isOpen={confirming}
        title="Remove staff member"
        content={`Remove ${member.email} from the staff? Their access to the admin ends at once.`}
        confirm="Remove"
        onConfirm={() => {
          setConfirming(false);
          void mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
