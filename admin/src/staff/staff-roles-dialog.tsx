import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import {
  inviteEmailProblem,
  ROLES_PROBLEM,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from 'shared/staff/invite';

interface StaffRolesDialogProps {
  title: string;
  submitLabel: string;
  /** Fixed address (editing roles), or null to ask for one (inviting). */
  email: string | null;
  initialRoles: readonly StaffRole[];
  busy: boolean;
  /** The refusal to show in the dialog (the database's or Auth's words). */
  error: string | null;
  onSubmit: (email: string, roles: StaffRole[]) => void;
  onClose: () => void;
}

/**
 * The Invite and Edit roles dialog: an e-mail address (invite only) and the roles as checkboxes,
 * each saying what it allows. Checked here as the staff-invite function checks (shared/staff/invite);
 * the database decides the rest (own roles, the last owner).
 */
export function StaffRolesDialog(props: StaffRolesDialogProps) {
  const { title, submitLabel, email, initialRoles, busy, error, onSubmit, onClose } = props;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [address, setAddress] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([...initialRoles]);
  const [problems, setProblems] = useState<{ email?: string; roles?: string }>({});

  const toggle = (role: StaffRole, on: boolean) =>
    setRoles((now) => STAFF_ROLES.filter((r) => (r === role ? on : now.includes(r))));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(email === null && inviteEmailProblem(address) ? { email: inviteEmailProblem(address)! } : {}),
      ...(roles.length === 0 ? { roles: ROLES_PROBLEM } : {}),
    };
    setProblems(found);
    if (found.email || found.roles) return;
    onSubmit(email ?? address.trim(), roles);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="staff-dialog-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="staff-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            {email === null ? (
              <TextField
                label="E-mail address"
                type="email"
                name="email"
                autoComplete="off"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                error={Boolean(problems.email)}
                helperText={problems.email ?? 'They get a link to set their password.'}
                autoFocus
              />
            ) : (
              <TextField label="E-mail address" value={email} slotProps={{ input: { readOnly: true } }} />
            )}
            <FormControl component="fieldset" error={Boolean(problems.roles)}>
              <FormLabel component="legend">Roles</FormLabel>
              <FormGroup>
                {STAFF_ROLES.map((role) => (
                  <FormControlLabel
                    key={role}
                    control={
                      <Checkbox
                        checked={roles.includes(role)}
                        onChange={(e) => toggle(role, e.target.checked)}
                      />
                    }
                    label={STAFF_ROLE_LABELS[role]}
                  />
                ))}
              </FormGroup>
              {problems.roles && <FormHelperText>{problems.roles}</FormHelperText>}
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
